/**
 * Two parse results of one document, block by block. A block is an element directly under a
 * page (a paragraph, heading, table, figure…; a table's cells belong to their table).
 *
 * Ids are never used to match: services number them per run (`text-0`, `text-1`…), so one
 * inserted paragraph renumbers every later id, and two engines name them differently.
 * Blocks are matched on the same page only, in three passes, each keeping reading order:
 *   1. same type and the same text (whitespace collapsed; the whole text, however long): the
 *      k-th such block in A pairs with the k-th in B — unchanged;
 *   2. the same text, another type (a heading read as text): changed, type only;
 *   3. what is left, by likeness: boxes overlapping (intersection over union ≥ 0.5) or
 *      text alike (Dice coefficient of character pairs ≥ 0.6), best pairs first (ties in
 *      reading order, a shared type preferred) — changed text.
 *   4. a block left over whose box lies mostly (≥ 80 %) inside a block of the other run whose
 *      text holds its text (Markdown marks and tags aside) is a part of it: one engine split
 *      what the other read as one block (four lines against one paragraph) — changed, `part`
 *      saying which side holds the larger block; several parts may name the same block.
 * Blocks left over vanished (only in A) or appeared (only in B). So renumbered ids change
 * nothing, one edited word is one changed block rather than one vanished and one new, and a
 * paragraph split in lines is not a page of vanished blocks.
 */
import type { PageBox } from '../grounding/box.js';
import { sliceMarkdown, type ParseModel } from '../grounding/parseModel.js';

export type BlockStatus = 'same' | 'changed' | 'only_a' | 'only_b';

export interface BlockSide {
  /** The node's index in its model. */
  index: number;
  id: string;
  type: string;
  /** Its Markdown text, whitespace collapsed, at most MAX_BLOCK_TEXT characters (shown, and compared by likeness). */
  text: string;
  /**
   * What equality is decided on, from the whole text (whitespace collapsed): the text itself when
   * it fits in MAX_BLOCK_TEXT, else its length and a 53-bit hash of it — so two big tables that
   * differ past the kept text are not the same.
   */
  key: string;
  box: PageBox | null;
}

export interface BlockComparison {
  status: BlockStatus;
  page: number | null;
  a: BlockSide | null;
  b: BlockSide | null;
  /** Matched blocks only: what changed. */
  textChanged: boolean;
  typeChanged: boolean;
  /** Pass 4: this side's block is a part of the other side's larger block (split in one run, one block in the other). */
  part?: 'a_in_b' | 'b_in_a';
}

export interface BlocksSummary {
  total: number;
  changed: number;
  onlyA: number;
  onlyB: number;
  same: number;
  /** "12 of 310 blocks changed (8 changed, 2 only in A, 2 only in B)". */
  text: string;
}

export interface BlocksComparison {
  /** Changed, vanished and appearing blocks first (by page, then reading order), then the unchanged ones. */
  rows: BlockComparison[];
  summary: BlocksSummary;
  /** Pages whose leftovers were too many to pair by likeness (pass 3 skipped): their blocks count as only in A or B. */
  pagesNotPaired: number[];
}

/** Text kept per block (and compared by likeness): enough to tell blocks apart, bounded for a huge table. */
export const MAX_BLOCK_TEXT = 2_000;
/** Pass 3 looks at every pair left on a page; past this many pairs the page is left unpaired (and said so). */
export const MAX_PAIRS_PER_PAGE = 250_000;
export const MIN_BOX_OVERLAP = 0.5;
export const MIN_TEXT_LIKENESS = 0.6;
/** Pass 4: how much of a part's box must lie inside the larger block's box. */
export const MIN_PART_INSIDE = 0.8;

const CONTAINERS = new Set(['page', 'document']);

/** Nodes read between two steps of `comparingBlocks`, and pages matched. */
const NODES_PER_STEP = 2_000;
const PAGES_PER_STEP = 4;

/** The blocks of a model, by page, in reading order. */
export function blocksOf(model: ParseModel): Map<number, BlockSide[]> {
  return runToEnd(readingBlocks(model));
}

function* readingBlocks(model: ParseModel): Generator<void, Map<number, BlockSide[]>> {
  const nodes = model.nodes;
  const byPage = new Map<number, BlockSide[]>();
  for (let i = 0; i < nodes.size; i++) {
    if (i % NODES_PER_STEP === NODES_PER_STEP - 1) yield;
    const type = nodes.typeAt(i);
    if (CONTAINERS.has(type)) continue;
    const parent = nodes.parentAt(i);
    if (parent >= 0 && !CONTAINERS.has(nodes.typeAt(parent))) continue;
    const range = nodes.rangeAt(i);
    const whole = range ? normalise(sliceMarkdown(model, range)) : '';
    const text = whole.slice(0, MAX_BLOCK_TEXT);
    const key = whole.length <= MAX_BLOCK_TEXT ? whole : `\u0000${whole.length}:${hash53(whole)}`;
    const page = nodes.pageAt(i) ?? 0;
    const list = byPage.get(page) ?? [];
    if (list.length === 0) byPage.set(page, list);
    list.push({ index: i, id: nodes.idAt(i), type, text, key, box: nodes.boxAt(i) });
  }
  return byPage;
}

function runToEnd<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export function compareBlocks(a: ParseModel, b: ParseModel): BlocksComparison {
  return runToEnd(comparingBlocks(a, b));
}

/**
 * The comparison in small steps (a few thousand nodes read, or a few pages matched, per
 * step), so a window can run it between frames; each step yields how far it is (0–1).
 */
export function* comparingBlocks(a: ParseModel, b: ParseModel): Generator<number, BlocksComparison> {
  const total = a.nodes.size + b.nodes.size;
  const reading = function* (model: ParseModel, before: number): Generator<number, Map<number, BlockSide[]>> {
    const steps = readingBlocks(model);
    for (let done = 0; ; done += NODES_PER_STEP) {
      const step = steps.next();
      if (step.done) return step.value;
      yield (0.5 * (before + done)) / Math.max(1, total);
    }
  };
  const pagesA = yield* reading(a, 0);
  const pagesB = yield* reading(b, a.nodes.size);
  const pages = [...new Set([...pagesA.keys(), ...pagesB.keys()])].sort((x, y) => x - y);
  const changedRows: BlockComparison[] = [];
  const sameRows: BlockComparison[] = [];
  const pagesNotPaired: number[] = [];
  for (const [k, page] of pages.entries()) {
    if (k % PAGES_PER_STEP === PAGES_PER_STEP - 1) yield 0.5 + (0.5 * k) / pages.length;
    const result = matchPage(pagesA.get(page) ?? [], pagesB.get(page) ?? []);
    if (result.notPaired) pagesNotPaired.push(page);
    for (const row of result.rows) (row.status === 'same' ? sameRows : changedRows).push({ ...row, page: page === 0 ? null : page });
  }
  const rows = [...changedRows, ...sameRows];
  const count = (status: BlockStatus) => rows.filter((r) => r.status === status).length;
  const changed = count('changed');
  const onlyA = count('only_a');
  const onlyB = count('only_b');
  const all = changed + onlyA + onlyB;
  return {
    rows,
    summary: {
      total: rows.length,
      changed,
      onlyA,
      onlyB,
      same: sameRows.length,
      text: `${all} of ${rows.length} block${rows.length === 1 ? '' : 's'} changed (${changed} changed, ${onlyA} only in A, ${onlyB} only in B)`,
    },
    pagesNotPaired,
  };
}

type Row = Omit<BlockComparison, 'page'>;

function matchPage(a: BlockSide[], b: BlockSide[]): { rows: Row[]; notPaired: boolean } {
  const pairOfA = new Int32Array(a.length).fill(-1);
  const takenB = new Uint8Array(b.length);
  // Passes 1 and 2: equal text, first with the same type, then with any.
  const byText = (key: (side: BlockSide) => string) => {
    const queues = new Map<string, number[]>();
    b.forEach((side, j) => {
      if (takenB[j] || side.text === '') return;
      const k = key(side);
      const queue = queues.get(k);
      if (queue) queue.push(j);
      else queues.set(k, [j]);
    });
    a.forEach((side, i) => {
      if (pairOfA[i]! >= 0 || side.text === '') return;
      const queue = queues.get(key(side));
      const j = queue?.shift();
      if (j === undefined) return;
      pairOfA[i] = j;
      takenB[j] = 1;
    });
  };
  byText((side) => `${side.type}\u0000${side.key}`);
  byText((side) => side.key);
  // Pass 3: likeness among what is left.
  const leftA = a.map((_, i) => i).filter((i) => pairOfA[i]! < 0);
  const leftB = b.map((_, j) => j).filter((j) => !takenB[j]);
  let notPaired = false;
  if (leftA.length > 0 && leftB.length > 0) {
    if (leftA.length * leftB.length > MAX_PAIRS_PER_PAGE) notPaired = true;
    else {
      const pairsA = new Map(leftA.map((i) => [i, charPairs(a[i]!.text)]));
      const pairsB = new Map(leftB.map((j) => [j, charPairs(b[j]!.text)]));
      const candidates: Array<{ i: number; j: number; score: number }> = [];
      for (const i of leftA) {
        for (const j of leftB) {
          const overlap = iou(a[i]!.box, b[j]!.box);
          const likeness = dice(pairsA.get(i)!, pairsB.get(j)!);
          if (overlap < MIN_BOX_OVERLAP && likeness < MIN_TEXT_LIKENESS) continue;
          candidates.push({ i, j, score: Math.max(overlap, likeness) + (a[i]!.type === b[j]!.type ? 0.05 : 0) });
        }
      }
      candidates.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
      for (const { i, j } of candidates) {
        if (pairOfA[i]! >= 0 || takenB[j]) continue;
        pairOfA[i] = j;
        takenB[j] = 1;
      }
    }
  }
  // Pass 4: parts of a larger block of the other run (whichever way round), within the same bound as pass 3.
  const partOfA = new Int32Array(a.length).fill(-1);
  const partOfB = new Int32Array(b.length).fill(-1);
  const wholeA = new Uint8Array(a.length);
  const wholeB = new Uint8Array(b.length);
  const leftOverA = a.map((_, i) => i).filter((i) => pairOfA[i]! < 0);
  const leftOverB = b.map((_, j) => j).filter((j) => !takenB[j]);
  if (leftOverA.length + leftOverB.length === 0) {
    // Every block paired: nothing is a part of another.
  } else if (leftOverA.length * b.length + leftOverB.length * a.length <= MAX_PAIRS_PER_PAGE) {
    const bareA = a.map((side) => bare(side.text));
    const bareB = b.map((side) => bare(side.text));
    for (const i of leftOverA) {
      const j = b.findIndex((whole, k) => holds(whole, bareB[k]!, a[i]!, bareA[i]!));
      if (j < 0) continue;
      partOfA[i] = j;
      wholeB[j] = 1;
    }
    for (const j of leftOverB) {
      if (wholeB[j]) continue;
      const i = a.findIndex((whole, k) => partOfA[k]! < 0 && holds(whole, bareA[k]!, b[j]!, bareB[j]!));
      if (i < 0) continue;
      partOfB[j] = i;
      wholeA[i] = 1;
    }
  } else if (leftOverA.length > 0 && leftOverB.length > 0) notPaired = true;
  const rows: Row[] = [];
  a.forEach((side, i) => {
    const j = pairOfA[i]!;
    if (j < 0) {
      const whole = partOfA[i]!;
      // A larger block whose parts the other run has: those parts' rows show it.
      if (wholeA[i]) return;
      if (whole >= 0) rows.push({ status: 'changed', a: side, b: b[whole]!, textChanged: true, typeChanged: false, part: 'a_in_b' });
      else rows.push({ status: 'only_a', a: side, b: null, textChanged: false, typeChanged: false });
      return;
    }
    const other = b[j]!;
    const textChanged = side.key !== other.key;
    const typeChanged = side.type !== other.type;
    rows.push({ status: textChanged || typeChanged ? 'changed' : 'same', a: side, b: other, textChanged, typeChanged });
  });
  b.forEach((side, j) => {
    if (takenB[j] || wholeB[j]) return;
    const whole = partOfB[j]!;
    if (whole >= 0) rows.push({ status: 'changed', a: a[whole]!, b: side, textChanged: true, typeChanged: false, part: 'b_in_a' });
    else rows.push({ status: 'only_b', a: null, b: side, textChanged: false, typeChanged: false });
  });
  return { rows, notPaired };
}

/** Whether `part` is a piece of `whole`: its box mostly inside, its text (marks and tags aside) inside. */
function holds(whole: BlockSide, wholeText: string, part: BlockSide, partText: string): boolean {
  if (!whole.box || !part.box || whole.box.page !== part.box.page) return false;
  const w = Math.min(whole.box.right, part.box.right) - Math.max(whole.box.left, part.box.left);
  const h = Math.min(whole.box.bottom, part.box.bottom) - Math.max(whole.box.top, part.box.top);
  const area = (part.box.right - part.box.left) * (part.box.bottom - part.box.top);
  if (w <= 0 || h <= 0 || area <= 0 || (w * h) / area < MIN_PART_INSIDE) return false;
  return partText !== '' && wholeText.includes(partText);
}

/** Text without Markdown marks and HTML tags, for "is this inside that". */
function bare(text: string): string {
  return normalise(text.replace(/<[^>]*>/g, ' ').replace(/[#*_`>|]+/g, ' ')).toLowerCase();
}

const UNEVEN_SPACE = /\s\s|[^\S ]|^\s|\s$/;

/** Whitespace collapsed, and none between tags: `</tr> <tr>` and `</tr><tr>` are the same table. */
function normalise(text: string): string {
  // Most blocks are one line, singly spaced: left as they are, without a copy (this runs for every block of both runs).
  const spaced = UNEVEN_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
  return spaced.includes('> <') ? spaced.replace(/> </g, '><') : spaced;
}

/** A 53-bit hash of a string (cyrb53), as base-36 text. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Intersection over union of two boxes on the same page; 0 without both. */
export function iou(x: PageBox | null, y: PageBox | null): number {
  if (!x || !y || x.page !== y.page) return 0;
  const w = Math.min(x.right, y.right) - Math.max(x.left, y.left);
  const h = Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const union = (x.right - x.left) * (x.bottom - x.top) + (y.right - y.left) * (y.bottom - y.top) - inter;
  return union > 0 ? inter / union : 0;
}

function charPairs(text: string): Map<string, number> {
  const pairs = new Map<string, number>();
  const lower = text.toLowerCase();
  for (let k = 0; k + 1 < lower.length; k++) {
    const pair = lower.slice(k, k + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  return pairs;
}

/** Dice coefficient of two texts' character pairs: 1 for the same text, 0 for nothing shared. */
function dice(x: Map<string, number>, y: Map<string, number>): number {
  let sizeX = 0;
  let sizeY = 0;
  let shared = 0;
  for (const n of x.values()) sizeX += n;
  for (const [pair, n] of y) {
    sizeY += n;
    shared += Math.min(n, x.get(pair) ?? 0);
  }
  return sizeX + sizeY === 0 ? 0 : (2 * shared) / (sizeX + sizeY);
}
