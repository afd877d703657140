/**
 * The result model's storage: one index per node (reading order, parents before children),
 * every per-node fact in a typed array at that index, so 60,000 nodes are a few dozen arrays
 * rather than 60,000 objects. The same arrays are the byte format's sections (modelBytes.ts).
 * `NodeTable` answers the Map-like questions panels ask (get/has/size), materialising a small
 * `ModelNode` object only for the node asked about.
 */
import type { PageOcrInfo } from '../contracts/pageOcr.js';
import type { PageBox } from './box.js';
import type { IdTable } from './idTable.js';
import { FLAG_MASK, flagsOfBits, type NodeFlag } from './nodeFlags.js';

/** In node bits above the flags: the node has a box, and that box was valid as sent. */
export const HAS_BOX = 1 << 12;
export const BOX_VALID = 1 << 13;
/** In atom bits: the atom's box was valid as sent. */
export const ATOM_BOX_VALID = 1;
/** "No page" in an Int32 page column (a Float64 column uses NaN). */
export const NO_PAGE_I32 = -0x80000000;
/** "No range": UTF-16 offsets are never negative. */
export const NO_RANGE = -1;

/** Page numbers and cell positions: Int32 when every value fits, Float64 when a result sends something that does not (kept exactly). */
export type NumberColumn = Int32Array | Float64Array;
/**
 * Box coordinates (fractions, 0–1 after fromV2Box): Float32 when every value has at most six
 * decimals (what services send), read back as that decimal, so the value is exactly the one
 * built; Float64 otherwise (the offline engine's computed fractions). A Float32 is within
 * 3e-8 of a value below 1, far less than half of 1e-6, so rounding finds the decimal again.
 */
export type BoxColumn = Float32Array | Float64Array;

/** A stored coordinate as the number it was built from. */
export function coordinate(column: BoxColumn, k: number): number {
  const v = column[k]!;
  return column instanceof Float32Array ? Math.round(v * 1e6) / 1e6 : v;
}

/** The column that keeps every value exactly, the smaller one when it can. */
export function boxColumn(values: readonly number[]): BoxColumn {
  const small = Float32Array.from(values);
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (!(v >= 0 && v <= 1) || !Object.is(Math.round(v * 1e6) / 1e6, v) || Math.round(small[k]! * 1e6) / 1e6 !== v)
      return Float64Array.from(values);
  }
  return small;
}

export interface PageInfo {
  page: number;
  node: number;
  status: string;
  reason: string;
  failed: boolean;
  ocr: PageOcrInfo | null;
}

export interface ModelColumns {
  ids: IdTable;
  typeNames: string[];
  /** Index into typeNames: Uint8 when there are at most 256 types (always, but for hostile results). */
  type: Uint8Array | Int32Array;
  /** -1 for the root; always below the node's own index. */
  parent: Int32Array;
  depth: Uint8Array;
  /** Children of node i: childList[childStart[i]..childStart[i+1]). */
  childStart: Int32Array;
  childList: Int32Array;
  page: NumberColumn;
  rangeStart: Int32Array;
  rangeEnd: Int32Array;
  /** left, top, right, bottom per node (zeros without a box). */
  box: BoxColumn;
  /** Flag bits, HAS_BOX, BOX_VALID. */
  bits: Uint16Array;
  /** Atoms of node i: atomStart[i]..atomStart[i+1]. */
  atomStart: Int32Array;
  atomPage: NumberColumn;
  /** start, end per atom (NO_RANGE for none). */
  atomRange: Int32Array;
  atomBox: BoxColumn;
  /** NaN for none; empty when no atom of the result has a score (most results). */
  atomConfidence: Float64Array;
  atomBits: Uint8Array;
  /** Index into cells (four per cell: row, col, rowspan, colspan), or -1. */
  cellOf: Int32Array;
  cells: NumberColumn;
  pages: PageInfo[];
  /** Pages that have boxes, in the order first met; their element lists in CSR form. */
  boxPages: Float64Array;
  boxPageStart: Int32Array;
  boxList: Int32Array;
  failedPages: number[];
  foreignRangeUnits: string | null;
}

export interface TextRange {
  start: number;
  end: number;
}

export interface ModelNode {
  id: string;
  type: string;
  parentId: string | null;
  childIds: string[];
  page: number | null;
  /** UTF-16 offsets into the Markdown. */
  range: TextRange | null;
  box: PageBox | null;
  /** Atomic grounding: lines, or words with the recognizer's `confidence` (0–1) when the text was read by OCR. */
  /** A word's or line's range is null where it cannot be placed in the Markdown (foreign range units). */
  atomic: Array<{ page: number; range: TextRange | null; box: PageBox; confidence?: number }>;
  /** Table cells. */
  cell?: { row: number; col: number; rowspan: number; colspan: number };
  /** Page nodes. */
  status?: string;
  reason?: string;
  /** Page nodes the offline engine read by OCR. */
  ocr?: PageOcrInfo;
  flags: NodeFlag[];
  depth: number;
}

/**
 * Nodes materialised lately, so repeated lookups of the same node (a render, a selection)
 * return the same object: direct-mapped by index, so a lookup costs no allocation.
 */
const CACHE_SIZE = 2048;

export class NodeTable {
  private readonly cachedIndex = new Int32Array(CACHE_SIZE).fill(-1);
  private readonly cachedNode: Array<ModelNode | undefined> = new Array<ModelNode | undefined>(CACHE_SIZE);
  private readonly pageSlot = new Map<number, number>();

  constructor(readonly columns: ModelColumns) {
    columns.pages.forEach((info, slot) => this.pageSlot.set(info.node, slot));
  }

  get size(): number {
    return this.columns.type.length;
  }

  has(id: string): boolean {
    return this.columns.ids.indexOf(id) >= 0;
  }

  get(id: string): ModelNode | undefined {
    const i = this.columns.ids.indexOf(id);
    return i < 0 ? undefined : this.at(i);
  }

  /** The node at index i (reading order); i must be in range. */
  at(i: number): ModelNode {
    const slot = i & (CACHE_SIZE - 1);
    if (this.cachedIndex[slot] === i) return this.cachedNode[slot]!;
    const node = this.materialise(i);
    this.cachedIndex[slot] = i;
    this.cachedNode[slot] = node;
    return node;
  }

  indexOf(id: string): number {
    return this.columns.ids.indexOf(id);
  }

  idAt(i: number): string {
    return this.columns.ids.idAt(i);
  }

  typeAt(i: number): string {
    return this.columns.typeNames[this.columns.type[i]!]!;
  }

  parentAt(i: number): number {
    return this.columns.parent[i]!;
  }

  /** Node i's children as indices (a view, not a copy). */
  childrenAt(i: number): Int32Array {
    return this.columns.childList.subarray(this.columns.childStart[i]!, this.columns.childStart[i + 1]!);
  }

  pageAt(i: number): number | null {
    return pageValue(this.columns.page, i);
  }

  rangeAt(i: number): TextRange | null {
    const start = this.columns.rangeStart[i]!;
    return start < 0 ? null : { start, end: this.columns.rangeEnd[i]! };
  }

  boxAt(i: number): PageBox | null {
    const bits = this.columns.bits[i]!;
    if (!(bits & HAS_BOX)) return null;
    const b = this.columns.box;
    return {
      page: this.pageAt(i) ?? 0,
      left: coordinate(b, 4 * i),
      top: coordinate(b, 4 * i + 1),
      right: coordinate(b, 4 * i + 2),
      bottom: coordinate(b, 4 * i + 3),
      valid: (bits & BOX_VALID) !== 0,
    };
  }

  /** A node's range by id without materialising the node (null for no range or no node). */
  rangeOf(id: string): TextRange | null {
    const i = this.indexOf(id);
    return i < 0 ? null : this.rangeAt(i);
  }

  /** A node's box area by id without materialising the node (0 for no box or no node). */
  boxAreaOf(id: string): number {
    const i = this.indexOf(id);
    return i < 0 ? 0 : this.boxAreaAt(i);
  }

  /** Box area without an object: 0 without a box. */
  boxAreaAt(i: number): number {
    if (!(this.columns.bits[i]! & HAS_BOX)) return 0;
    const b = this.columns.box;
    return (coordinate(b, 4 * i + 2) - coordinate(b, 4 * i)) * (coordinate(b, 4 * i + 3) - coordinate(b, 4 * i + 1));
  }

  flagsAt(i: number): NodeFlag[] {
    return flagsOfBits(this.columns.bits[i]! & FLAG_MASK);
  }

  hasFlagsAt(i: number): boolean {
    return (this.columns.bits[i]! & FLAG_MASK) !== 0;
  }

  *keys(): IterableIterator<string> {
    for (let i = 0; i < this.size; i++) yield this.idAt(i);
  }

  *values(): IterableIterator<ModelNode> {
    for (let i = 0; i < this.size; i++) yield this.at(i);
  }

  *entries(): IterableIterator<[string, ModelNode]> {
    for (let i = 0; i < this.size; i++) yield [this.idAt(i), this.at(i)];
  }

  [Symbol.iterator](): IterableIterator<[string, ModelNode]> {
    return this.entries();
  }

  private materialise(i: number): ModelNode {
    const c = this.columns;
    const parent = c.parent[i]!;
    const childIds: string[] = [];
    for (const child of this.childrenAt(i)) childIds.push(this.idAt(child));
    const atomic: ModelNode['atomic'] = [];
    for (let a = c.atomStart[i]!; a < c.atomStart[i + 1]!; a++) {
      const page = pageValue(c.atomPage, a) ?? 0;
      const start = c.atomRange[2 * a]!;
      const atom: ModelNode['atomic'][number] = {
        page,
        range: start < 0 ? null : { start, end: c.atomRange[2 * a + 1]! },
        box: {
          page,
          left: coordinate(c.atomBox, 4 * a),
          top: coordinate(c.atomBox, 4 * a + 1),
          right: coordinate(c.atomBox, 4 * a + 2),
          bottom: coordinate(c.atomBox, 4 * a + 3),
          valid: (c.atomBits[a]! & ATOM_BOX_VALID) !== 0,
        },
      };
      const confidence = confidenceAt(c, a);
      if (!Number.isNaN(confidence)) atom.confidence = confidence;
      atomic.push(atom);
    }
    const node: ModelNode = {
      id: this.idAt(i),
      type: this.typeAt(i),
      parentId: parent < 0 ? null : this.idAt(parent),
      childIds,
      page: this.pageAt(i),
      range: this.rangeAt(i),
      box: this.boxAt(i),
      atomic,
      flags: this.flagsAt(i),
      depth: c.depth[i]!,
    };
    const cell = c.cellOf[i]!;
    if (cell >= 0)
      node.cell = {
        row: c.cells[4 * cell]!,
        col: c.cells[4 * cell + 1]!,
        rowspan: c.cells[4 * cell + 2]!,
        colspan: c.cells[4 * cell + 3]!,
      };
    const slot = this.pageSlot.get(i);
    if (slot !== undefined) {
      const info = c.pages[slot]!;
      node.status = info.status;
      node.reason = info.reason;
      if (info.ocr) node.ocr = info.ocr;
    }
    return node;
  }
}

export function pageValue(column: NumberColumn, i: number): number | null {
  const v = column[i]!;
  if (column instanceof Float64Array) return Number.isNaN(v) ? null : v;
  return v === NO_PAGE_I32 ? null : v;
}

/** Atom a's confidence, NaN for none. */
export function confidenceAt(columns: ModelColumns, a: number): number {
  return a < columns.atomConfidence.length ? columns.atomConfidence[a]! : NaN;
}
