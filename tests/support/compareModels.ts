/**
 * The typed-array model against the reference object model (objectParseModel.ts), fact by
 * fact: every node (id, type, parent, children, page, range, box, atoms, cell, page status,
 * OCR, flags, depth), the order, the pages, the per-page box lists, the Markdown under every
 * range, and interval queries. Returns the differences (the first few), so a test shows what
 * differs rather than one boolean.
 */
import {
  boxesOnPage,
  boxesOnPageLargestFirst,
  markdownLength,
  pagesWithBoxes,
  sliceMarkdown,
  type ModelNode,
  type ParseModel,
} from '../../shared/grounding/parseModel.js';
import type { ParseModel as ObjectModel, ModelNode as ObjectNode } from './objectParseModel.js';

const LIMIT = 20;

/** Flags are listed in one fixed order now; the reference listed them as it met them. */
const normal = (node: ModelNode | ObjectNode) => ({ ...node, flags: [...node.flags].sort(), childIds: node.childIds });

export function modelDifferences(typed: ParseModel, oracle: ObjectModel, seed = 1): string[] {
  const out: string[] = [];
  const note = (what: string) => {
    if (out.length < LIMIT) out.push(what);
  };
  if (typed.nodes.size !== oracle.nodes.size) note(`size ${typed.nodes.size} vs ${oracle.nodes.size}`);
  const order = typed.order;
  if (order.length !== oracle.order.length) note(`order length ${order.length} vs ${oracle.order.length}`);
  for (let i = 0; i < oracle.order.length && out.length < LIMIT; i++) {
    const id = oracle.order[i]!;
    if (order[i] !== id) note(`order[${i}] ${order[i]} vs ${id}`);
    if (typed.nodes.indexOf(id) !== i) note(`indexOf(${id}) ${typed.nodes.indexOf(id)} vs ${i}`);
    const mine = typed.nodes.get(id);
    const theirs = oracle.nodes.get(id)!;
    if (!mine) {
      note(`node ${id} missing`);
      continue;
    }
    const diff = firstDifference(normal(mine), normal(theirs), id);
    if (diff) note(diff);
  }
  const pagesDiff = firstDifference(typed.pages, oracle.pages, 'pages');
  if (pagesDiff) note(pagesDiff);
  const rest = firstDifference(
    { failedPages: typed.failedPages, units: typed.foreignRangeUnits, length: markdownLength(typed), cp: typed.index.codePointLength },
    { failedPages: oracle.failedPages, units: oracle.foreignRangeUnits, length: oracle.markdown.length, cp: oracle.index.codePointLength },
    'model',
  );
  if (rest) note(rest);
  const boxPages = [...oracle.boxesByPage.keys()];
  const pagesListed = firstDifference(pagesWithBoxes(typed), boxPages, 'pages with boxes');
  if (pagesListed) note(pagesListed);
  for (const [page, ids] of oracle.boxesByPage) {
    const diff = firstDifference(boxesOnPage(typed, page), ids, `boxes on page ${page}`);
    if (diff) note(diff);
    // The overlay's drawing order, as it sorted the ids before: largest box first, a stable sort.
    const area = (id: string) => {
      const box = oracle.nodes.get(id)!.box!;
      return (box.right - box.left) * (box.bottom - box.top);
    };
    const drawn = firstDifference(
      boxesOnPageLargestFirst(typed, page).ids,
      [...ids].sort((a, b) => area(b) - area(a)),
      `drawing order on page ${page}`,
    );
    if (drawn) note(drawn);
  }
  // The Markdown under every node's and atom's range, and whole.
  if (sliceMarkdown(typed, { start: 0, end: markdownLength(typed) }) !== oracle.markdown) note('whole Markdown differs');
  for (const node of oracle.nodes.values()) {
    for (const range of [node.range, ...node.atomic.map((a) => a.range)]) {
      if (range && sliceMarkdown(typed, range) !== oracle.markdown.slice(range.start, range.end))
        note(`Markdown of ${node.id} ${range.start}–${range.end}`);
    }
  }
  // Interval queries and arbitrary slices (inside surrogate pairs too), from a seeded walk.
  let state = seed >>> 0 || 1;
  const next = (bound: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return bound <= 0 ? 0 : state % bound;
  };
  const length = oracle.markdown.length;
  for (let q = 0; q < 300; q++) {
    const start = next(length + 2);
    const end = start + next(q % 3 === 0 ? 2 : 400);
    const mine = typed.ranges.overlapping(start, end).map((i) => typed.nodes.idAt(i));
    const diff = firstDifference(mine, oracle.ranges.overlapping(start, end), `intervals ${start}–${end}`);
    if (diff) note(diff);
    if (sliceMarkdown(typed, { start, end }) !== oracle.markdown.slice(start, end)) note(`slice ${start}–${end}`);
  }
  return out;
}

/** Where two plain values first differ (numbers by Object.is), or null. */
export function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b) ? null : `${path}: ${a} vs ${b}`;
  if (ArrayBuffer.isView(a)) a = Array.from(a as unknown as ArrayLike<number>);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return a === b ? null : `${path}: ${String(a)} vs ${String(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs not`;
  const keys = new Set(
    [...Object.keys(a), ...Object.keys(b)].filter(
      (k) => (a as Record<string, unknown>)[k] !== undefined || (b as Record<string, unknown>)[k] !== undefined,
    ),
  );
  for (const key of keys) {
    const diff = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (diff) return diff;
  }
  return null;
}

/** A model's whole Markdown, as the raw view shows it. */
export function wholeMarkdown(model: ParseModel | null | undefined): string | undefined {
  return model ? sliceMarkdown(model, { start: 0, end: markdownLength(model) }) : undefined;
}
