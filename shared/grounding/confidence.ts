import type { PageBox } from './box.js';
import { confidenceAt } from './modelColumns.js';
import { sliceMarkdown, type ParseModel, type TextRange } from './parseModel.js';
import type { Selection } from './selection.js';

/**
 * Confidence is scored per word only (a word-level model's, or OCR's): node-level grounding
 * carries none, so a node, a page or a field is as sure as its least sure word below it.
 * Line-level results and text layers carry no scores at all, which is not the same as 0 or 1.
 */

/** The least sure word under a selection, to name it and draw it on the page. */
export interface WeakestWord {
  confidence: number;
  /** The element whose atomic grounding holds the word. */
  nodeId: string;
  page: number;
  box: PageBox;
  /** Null, with the text, where the word's range cannot be placed in the Markdown: its score still counts. */
  range: TextRange | null;
  text: string | null;
}

/** Where the scores came from: the offline engine's OCR, or the service's model. */
export type ScoreSource = 'ocr' | 'model';

/** Reviewers are asked to look twice at a field below this (a setting; this is its default). */
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.8;

export const NO_CONFIDENCE = 'no confidence from this model';

const weakestCache = new WeakMap<Selection, WeakestWord | null>();

/**
 * The weakest word under a selection: over a node's words (a table's through its cells, a
 * page's through its elements), or over the words a field's ranges touch. Null when no word
 * under it has a score.
 */
export function weakestWord(model: ParseModel, selection: Selection): WeakestWord | null {
  const cached = weakestCache.get(selection);
  if (cached !== undefined) return cached;
  let weakest: WeakestWord | null = null;
  // A word with no usable range belongs to its node, but cannot be said to touch a field's text.
  const touches = (range: TextRange | null) =>
    selection.kind === 'node' || (range !== null && selection.ranges.some((r) => overlaps(range, r)));
  const stack = [...selection.nodeIds];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    const node = model.nodes.get(id);
    if (!node || seen.has(id)) continue;
    seen.add(id);
    for (const atom of node.atomic) {
      if (atom.confidence === undefined || !touches(atom.range)) continue;
      // Ties go to the earlier word, so the one named is stable.
      if (
        weakest === null ||
        atom.confidence < weakest.confidence ||
        (atom.confidence === weakest.confidence && startOf(atom.range) < startOf(weakest.range))
      ) {
        weakest = {
          confidence: atom.confidence,
          nodeId: id,
          page: atom.page,
          box: atom.box,
          range: atom.range,
          text: atom.range ? sliceMarkdown(model, atom.range) : null,
        };
      }
    }
    // A field's selection names its leaves already; a node's reaches its words through its children.
    if (selection.kind === 'node') stack.push(...node.childIds);
  }
  weakestCache.set(selection, weakest);
  return weakest;
}

const startOf = (range: TextRange | null) => range?.start ?? Infinity;

/** The lowest word confidence under a selection, or null when none of its words is scored. */
export function lowestConfidence(model: ParseModel, selection: Selection): number | null {
  return weakestWord(model, selection)?.confidence ?? null;
}

const nodeCache = new WeakMap<ParseModel, Map<string, number>>();

/** Every node's minimum over the scored words below it (pages and tables included); unscored nodes are absent. */
export function nodeConfidences(model: ParseModel): Map<string, number> {
  const cached = nodeCache.get(model);
  if (cached) return cached;
  const lowest = new Map<string, number>();
  const c = model.columns;
  if (c.atomConfidence.length === 0) {
    nodeCache.set(model, lowest);
    return lowest;
  }
  const n = model.nodes.size;
  // Per node, NaN until a scored word is found below it.
  const scores = new Float64Array(n).fill(NaN);
  // Parents precede children, so walking the indices backwards settles children first.
  for (let i = n - 1; i >= 0; i--) {
    let min = scores[i]!;
    for (let a = c.atomStart[i]!; a < c.atomStart[i + 1]!; a++) {
      const confidence = confidenceAt(c, a);
      if (!Number.isNaN(confidence) && !(confidence >= min)) min = confidence;
    }
    if (Number.isNaN(min)) continue;
    scores[i] = min;
    const parent = c.parent[i]!;
    if (parent >= 0 && !(scores[parent]! <= min)) scores[parent] = min;
    lowest.set(model.nodes.idAt(i), min);
  }
  nodeCache.set(model, lowest);
  return lowest;
}

/** Whether any word of the result carries a score. */
export function hasConfidence(model: ParseModel): boolean {
  return nodeConfidences(model).size > 0;
}

/** OCR when the offline engine read pages by OCR; otherwise the scores are the service model's. */
export function scoreSource(model: ParseModel): ScoreSource {
  return model.pages.some((p) => p.ocr !== null) ? 'ocr' : 'model';
}

/** "OCR confidence" or "model confidence", as a label for a score. */
export function scoreLabel(source: ScoreSource): string {
  return source === 'ocr' ? 'OCR confidence' : 'model confidence';
}

/** "87 %" */
export function formatConfidence(confidence: number): string {
  // Whole percents reached, never rounded up: a word at 0.989 reads 98 %, so it is never shown
  // at a threshold it is marked below. The epsilon keeps 0.29 (28.999… in floating point) at 29.
  const percent = Math.floor(confidence * 100 + 1e-9);
  return confidence > 0 && percent === 0 ? '<1 %' : `${percent} %`;
}

function overlaps(a: TextRange, b: TextRange): boolean {
  return a.start < Math.max(b.end, b.start + 1) && a.end > b.start;
}
