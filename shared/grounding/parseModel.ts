/**
 * The review workspace's view of a v2 parse response: built once (in main, or from stored
 * bytes), then every click is a lookup. The model is typed arrays indexed by node
 * (modelColumns.ts), the Markdown bytes decoded per slice (markdownText.ts); `nodes.get(id)`
 * gives a small object for the one node asked about, so panels keep reading `ModelNode`s.
 */
import { languageNames } from '../contracts/pageOcr.js';
import type { ParseResponse } from '../contracts/v2Parse.js';
import type { CodePointIndex } from './codePointIndex.js';
import type { IntervalIndex } from './intervalIndex.js';
import type { MarkdownText } from './markdownText.js';
import { buildColumns } from './buildColumns.js';
import { NodeTable, type ModelColumns, type TextRange } from './modelColumns.js';

export { flagLabels, MAX_MODEL_NODES, MAX_STRUCTURE_DEPTH, NODE_FLAG_LABELS, type NodeFlag } from './nodeFlags.js';
export type { ModelNode, TextRange } from './modelColumns.js';

export interface PageSummary {
  page: number;
  nodeId: string;
  status: string;
  reason: string;
  failed: boolean;
  /** The languages OCR read the page in ("English"), when it was read by OCR. */
  ocr: string | null;
}

export interface ParseModel {
  /** The Markdown, read through sliceMarkdown / markdownLength. */
  text: MarkdownText;
  index: CodePointIndex;
  nodes: NodeTable;
  /** Node ids in reading order (document order of the tree), pages included: node i is order[i]. Built on first use; prefer nodes.idAt(i). */
  readonly order: readonly string[];
  pages: PageSummary[];
  /** Element nodes (their indices) by their UTF-16 range. */
  ranges: IntervalIndex;
  failedPages: number[];
  /**
   * The result's `metadata.range_units` when it is not `unicode_codepoints` (the only unit
   * the contract names): its ranges are not used, so nothing is highlighted in the wrong
   * place; boxes and the Markdown itself are still shown.
   */
  foreignRangeUnits: string | null;
  /** The arrays behind the model (written as bytes by encodeModel). */
  columns: ModelColumns;
}

/** The range unit of the contract; a result may say so in `metadata.range_units` (absent: assumed). */
export const RANGE_UNITS = 'unicode_codepoints';

/** `metadata.range_units` when it is present and names another unit than code points (in words if it is no string). */
export function foreignRangeUnits(metadata: unknown): string | null {
  if (typeof metadata !== 'object' || metadata === null || !('range_units' in metadata)) return null;
  const units = (metadata as { range_units?: unknown }).range_units;
  if (units === undefined || units === null || units === RANGE_UNITS) return null;
  if (typeof units === 'string') return units;
  if (typeof units === 'number' || typeof units === 'boolean') return String(units);
  // Never serialized: a hostile value may nest past what JSON.stringify can walk.
  return Array.isArray(units) ? 'a list' : 'an object';
}

export function buildParseModel(response: ParseResponse): ParseModel {
  const built = buildColumns(response, foreignRangeUnits);
  return modelOf(built.columns, built.markdown, built.index, built.ranges);
}

/** The model over its parts (built, or read from bytes). */
export function modelOf(columns: ModelColumns, text: MarkdownText, index: CodePointIndex, ranges: IntervalIndex): ParseModel {
  const nodes = new NodeTable(columns);
  const pages: PageSummary[] = columns.pages.map((p) => ({
    page: p.page,
    nodeId: nodes.idAt(p.node),
    status: p.status,
    reason: p.reason,
    failed: p.failed,
    ocr: p.ocr ? languageNames(p.ocr.languages) : null,
  }));
  let order: string[] | null = null;
  return {
    text,
    index,
    nodes,
    get order() {
      order ??= Array.from({ length: nodes.size }, (_, i) => nodes.idAt(i));
      return order;
    },
    pages,
    ranges,
    failedPages: columns.failedPages,
    foreignRangeUnits: columns.foreignRangeUnits,
    columns,
  };
}

/** The exact Markdown text of a UTF-16 range: the one way panels read the model's Markdown. */
export function sliceMarkdown(model: ParseModel, range: TextRange): string {
  return model.text.slice(range.start, range.end);
}

/** The Markdown's length in UTF-16 code units. */
export function markdownLength(model: ParseModel): number {
  return model.text.length;
}

/** Indices of the elements with a box on `page`, in reading order (a view, not a copy). */
export function boxIndicesOnPage(model: ParseModel, page: number): Int32Array {
  const c = model.columns;
  const slot = pageSlots(model).get(page);
  return slot === undefined ? new Int32Array(0) : c.boxList.subarray(c.boxPageStart[slot]!, c.boxPageStart[slot + 1]!);
}

/** Ids of the elements with a box on `page`, in reading order. */
export function boxesOnPage(model: ParseModel, page: number): readonly string[] {
  return Array.from(boxIndicesOnPage(model, page), (i) => model.nodes.idAt(i));
}

/**
 * The elements with a box on `page`, largest box first (ties in reading order), so small
 * boxes are drawn over the large ones that hold them: their indices, and their ids in the
 * same order. Areas come from the columns.
 */
export function boxesOnPageLargestFirst(model: ParseModel, page: number): { indices: Int32Array; ids: string[] } {
  const onPage = boxIndicesOnPage(model, page);
  const areas = Float64Array.from(onPage, (i) => model.nodes.boxAreaAt(i));
  const order = Array.from(onPage, (_, k) => k).sort((a, b) => areas[b]! - areas[a]! || a - b);
  const indices = Int32Array.from(order, (k) => onPage[k]!);
  return { indices, ids: Array.from(indices, (i) => model.nodes.idAt(i)) };
}

/** Pages that have element boxes, in the order first met. */
export function pagesWithBoxes(model: ParseModel): number[] {
  return Array.from(model.columns.boxPages);
}

const slotCache = new WeakMap<ParseModel, Map<number, number>>();

function pageSlots(model: ParseModel): Map<number, number> {
  let slots = slotCache.get(model);
  if (!slots) {
    slots = new Map();
    const keys = model.columns.boxPages;
    for (let i = 0; i < keys.length; i++) if (!slots.has(keys[i]!)) slots.set(keys[i]!, i);
    slotCache.set(model, slots);
  }
  return slots;
}
