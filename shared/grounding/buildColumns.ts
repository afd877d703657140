/**
 * Reads a v2 parse response into the model's columns, node by node in reading order. Ranges
 * are converted from code points to UTF-16 here and nowhere else; boxes become the one
 * internal box type; anything out of bounds is flagged, not dropped, so a bad result is
 * shown rather than crashing the window. Nothing of the parsed JSON is kept.
 */
import { pageOcrOf } from '../contracts/pageOcr.js';
import type { Grounding, ParseResponse, StructureNode } from '../contracts/v2Parse.js';
import { fromV2Box, type PageBox } from './box.js';
import { CodePointIndex } from './codePointIndex.js';
import { IdTable } from './idTable.js';
import { IntervalIndex, type Interval } from './intervalIndex.js';
import { MarkdownText } from './markdownText.js';
import {
  ATOM_BOX_VALID,
  BOX_VALID,
  boxColumn,
  HAS_BOX,
  NO_PAGE_I32,
  NO_RANGE,
  type ModelColumns,
  type NumberColumn,
  type PageInfo,
} from './modelColumns.js';
import { flagBit, MAX_MODEL_NODES, MAX_STRUCTURE_DEPTH, type NodeFlag } from './nodeFlags.js';

export interface BuiltModel {
  columns: ModelColumns;
  markdown: MarkdownText;
  index: CodePointIndex;
  ranges: IntervalIndex;
}

/** The service's element types (as its official client lists them), then the offline engine's and older ones. */
const KNOWN_TYPES = new Set([
  'document',
  'page',
  'text',
  'table',
  'table_cell',
  'figure',
  'marginalia',
  'attestation',
  'logo',
  'card',
  'scan_code',
  'title',
  'heading',
  'list_item',
  'caption',
  'header',
  'footer',
  'page_header',
  'page_footer',
  'page_number',
  'form',
  'key_value',
  'formula',
  'code',
]);
const KNOWN_STATUSES = new Set(['ok', 'failed', 'no_text_layer', 'error', 'skipped']);

const F = (flag: NodeFlag) => flagBit(flag);

/** The result's `metadata.range_units` when it is not code points; see parseModel.ts. */
type UnitsOf = (metadata: unknown) => string | null;

export function buildColumns(response: ParseResponse, foreignRangeUnits: UnitsOf): BuiltModel {
  const markdownString = response.markdown;
  const index = new CodePointIndex(markdownString);
  const reported = response.metadata.failed_pages;
  const failedPages = (Array.isArray(reported) ? reported : []).filter((p) => Number.isInteger(p));
  const failed = new Set(failedPages);
  const usedIds = new Map<string, number>();
  const units = foreignRangeUnits(response.metadata);

  const ids: string[] = [];
  const typeCodes = new Map<string, number>();
  const typeNames: string[] = [];
  const type: number[] = [];
  const parent: number[] = [];
  const depthOf: number[] = [];
  const children: number[][] = [];
  const pageOf: Array<number | null> = [];
  const rangeStart: number[] = [];
  const rangeEnd: number[] = [];
  const box: number[] = [];
  const bits: number[] = [];
  const atomStart: number[] = [0];
  const atomPage: number[] = [];
  const atomRange: number[] = [];
  const atomBox: number[] = [];
  const atomConfidence: number[] = [];
  const atomBits: number[] = [];
  const cellOf: number[] = [];
  const cells: number[] = [];
  const pages: PageInfo[] = [];
  const boxesByPage = new Map<number, number[]>();
  const intervals: Interval[] = [];

  const convertRange = (range: { start: number; end: number } | undefined, flags: { bits: number }): [number, number] | null => {
    if (!range) return null;
    if (units !== null) {
      flags.bits |= F('range_units_unknown');
      return null;
    }
    const converted = index.rangeToUtf16(range.start, range.end);
    if (!converted.valid) flags.bits |= F('range_out_of_bounds');
    return [converted.start, converted.end];
  };

  const visit = (raw: StructureNode, parentIndex: number, depth: number, pageHint: number | null) => {
    if (ids.length >= MAX_MODEL_NODES) {
      if (parentIndex >= 0) bits[parentIndex]! |= F('too_many_nodes');
      return;
    }
    const flags = { bits: 0 };
    const node = sane(raw, flags);
    const i = ids.length;
    ids.push(uniqueId(node, pageHint, usedIds));
    const isPage = node.type === 'page';
    const page = node.grounding?.page ?? (isPage ? (node.page ?? null) : pageHint);
    if (!KNOWN_TYPES.has(node.type)) flags.bits |= F('unknown_type');
    const nodeBox: PageBox | null = node.grounding ? fromV2Box(node.grounding.page, node.grounding.box) : null;
    if (nodeBox && !nodeBox.valid) flags.bits |= F('box_out_of_bounds');
    if (!node.grounding && node.type !== 'document') flags.bits |= F('no_grounding');
    const range = convertRange(node.grounding?.range, flags);
    for (const g of node.atomic_grounding ?? []) {
      const atomBoxValue = fromV2Box(g.page, g.box);
      if (!atomBoxValue.valid) flags.bits |= F('box_out_of_bounds');
      const atomRangeValue = convertRange(g.range, flags);
      atomPage.push(g.page);
      atomRange.push(atomRangeValue?.[0] ?? NO_RANGE, atomRangeValue?.[1] ?? NO_RANGE);
      atomBox.push(atomBoxValue.left, atomBoxValue.top, atomBoxValue.right, atomBoxValue.bottom);
      atomBits.push(atomBoxValue.valid ? ATOM_BOX_VALID : 0);
      atomConfidence.push(typeof g.confidence === 'number' && g.confidence >= 0 && g.confidence <= 1 ? g.confidence : NaN);
    }
    atomStart.push(atomPage.length);
    if (raw.range_not_found === true) flags.bits |= F('range_not_found');
    let code = typeCodes.get(node.type);
    if (code === undefined) {
      code = typeNames.length;
      typeNames.push(node.type);
      typeCodes.set(node.type, code);
    }
    type.push(code);
    parent.push(parentIndex);
    depthOf.push(depth);
    children.push([]);
    pageOf.push(page);
    rangeStart.push(range?.[0] ?? NO_RANGE);
    rangeEnd.push(range?.[1] ?? NO_RANGE);
    box.push(nodeBox?.left ?? 0, nodeBox?.top ?? 0, nodeBox?.right ?? 0, nodeBox?.bottom ?? 0);
    let cell = -1;
    if (node.type === 'table_cell' || node.row !== undefined) {
      const values = [node.row ?? 0, node.col ?? 0, node.rowspan ?? 1, node.colspan ?? 1];
      if (values.every((v) => Number.isInteger(v))) {
        cell = cells.length / 4;
        cells.push(...values);
      } else flags.bits |= F('cell_invalid');
    }
    cellOf.push(cell);
    if (isPage) {
      const pageNumber = node.page ?? page ?? pages.length + 1;
      // A page number that is not a whole number from 1 (or not a number at all, then dropped by sane()).
      if (!Number.isInteger(pageNumber) || pageNumber < 1 || (raw.page !== undefined && node.page === undefined))
        flags.bits |= F('page_invalid');
      const status = typeof node.status === 'string' ? node.status : 'ok';
      const reason = typeof node.reason === 'string' ? node.reason : '';
      if (!KNOWN_STATUSES.has(status) || (node.status !== undefined && typeof node.status !== 'string')) flags.bits |= F('unknown_status');
      pages.push({
        page: pageNumber,
        node: i,
        status,
        reason,
        failed: failed.has(pageNumber) || status === 'failed',
        ocr: pageOcrOf(node),
      });
    }
    bits.push(flags.bits | (nodeBox ? HAS_BOX : 0) | (nodeBox?.valid ? BOX_VALID : 0));
    if (parentIndex >= 0) children[parentIndex]!.push(i);
    if (!isPage && node.type !== 'document') {
      if (page !== null && nodeBox) {
        const list = boxesByPage.get(page) ?? [];
        list.push(i);
        boxesByPage.set(page, list);
      }
      if (range) intervals.push({ start: range[0], end: range[1], value: i });
    }
    const kids = Array.isArray(node.children) ? node.children : [];
    if (depth >= MAX_STRUCTURE_DEPTH) {
      if (kids.length > 0) bits[i]! |= F('too_deep');
      return;
    }
    for (const child of kids) {
      // Only objects are nodes; anything else in `children` is not shown.
      if (typeof child === 'object' && child !== null && !Array.isArray(child))
        visit(child, i, depth + 1, isPage ? (node.page ?? page) : page);
    }
  };
  visit(response.structure, -1, 0, null);

  const n = ids.length;
  const childStart = new Int32Array(n + 1);
  const childList = new Int32Array(Math.max(0, n - 1));
  let at = 0;
  for (let i = 0; i < n; i++) {
    childStart[i] = at;
    for (const child of children[i]!) childList[at++] = child;
  }
  childStart[n] = at;
  const boxPageStart = new Int32Array(boxesByPage.size + 1);
  const boxList = new Int32Array([...boxesByPage.values()].reduce((sum, list) => sum + list.length, 0));
  let slot = 0;
  at = 0;
  for (const list of boxesByPage.values()) {
    boxPageStart[slot++] = at;
    boxList.set(list, at);
    at += list.length;
  }
  boxPageStart[slot] = at;

  const columns: ModelColumns = {
    ids: IdTable.build(ids),
    typeNames,
    type: typeNames.length <= 256 ? Uint8Array.from(type) : Int32Array.from(type),
    parent: Int32Array.from(parent),
    depth: Uint8Array.from(depthOf),
    childStart,
    childList,
    page: numberColumn(pageOf),
    rangeStart: Int32Array.from(rangeStart),
    rangeEnd: Int32Array.from(rangeEnd),
    box: boxColumn(box),
    bits: Uint16Array.from(bits),
    atomStart: Int32Array.from(atomStart),
    atomPage: numberColumn(atomPage),
    atomRange: Int32Array.from(atomRange),
    atomBox: boxColumn(atomBox),
    atomConfidence: atomConfidence.some((v) => !Number.isNaN(v)) ? Float64Array.from(atomConfidence) : new Float64Array(0),
    atomBits: Uint8Array.from(atomBits),
    cellOf: Int32Array.from(cellOf),
    cells: numberColumn(cells),
    pages,
    boxPages: Float64Array.from(boxesByPage.keys()),
    boxPageStart,
    boxList,
    failedPages,
    foreignRangeUnits: units,
  };
  return { columns, markdown: MarkdownText.of(markdownString), index, ranges: new IntervalIndex(intervals) };
}

/** Int32 when every value is a whole int32 (null as NO_PAGE_I32), else Float64 (null as NaN), so no value is changed. */
function numberColumn(values: ReadonlyArray<number | null>): NumberColumn {
  const small = new Int32Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    if (v === null || v === undefined) small[k] = NO_PAGE_I32;
    else if (Object.is(v | 0, v) && v !== NO_PAGE_I32) small[k] = v;
    else return Float64Array.from(values, (x) => (x === null ? NaN : x));
  }
  return small;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A grounding with every number it needs; anything else is not used (and its node is flagged). */
function groundingOk(g: unknown): g is Grounding {
  const v = g as { page?: unknown; range?: { start?: unknown; end?: unknown }; box?: Record<string, unknown> } | null | undefined;
  return (
    !!v &&
    isNumber(v.page) &&
    !!v.range &&
    isNumber(v.range.start) &&
    isNumber(v.range.end) &&
    !!v.box &&
    isNumber(v.box.xmin) &&
    isNumber(v.box.ymin) &&
    isNumber(v.box.xmax) &&
    isNumber(v.box.ymax)
  );
}

/**
 * A node as the model reads it, whatever arrived: a grounding missing any of its numbers
 * is dropped (and flagged), odd types and ids become strings. Results are not schema-checked
 * node by node before this (60,000 nodes), so this is where a malformed one is caught.
 * Well-formed nodes (the usual case) are returned as they are, without a copy.
 */
function sane(node: StructureNode, flags: { bits: number }): StructureNode {
  const goodGrounding = node.grounding === undefined || groundingOk(node.grounding);
  const atoms = node.atomic_grounding;
  // Null is "not given" (the SDK types it `| null`), as absent is.
  const goodAtoms = atoms === undefined || atoms === null || (Array.isArray(atoms) && atoms.every(groundingOk));
  const goodShape =
    typeof node.type === 'string' &&
    (node.id === undefined || typeof node.id === 'string') &&
    (node.page === undefined || isNumber(node.page));
  if (goodGrounding && goodAtoms && goodShape) return node;
  if (!goodGrounding) flags.bits |= F('no_grounding');
  if (!goodAtoms) flags.bits |= F('grounding_invalid');
  return {
    ...node,
    type: typeof node.type === 'string' ? node.type : 'unknown',
    id: typeof node.id === 'string' ? node.id : undefined,
    page: isNumber(node.page) ? node.page : undefined,
    grounding: goodGrounding ? node.grounding : undefined,
    atomic_grounding: Array.isArray(atoms) ? atoms.filter(groundingOk) : undefined,
  } as StructureNode;
}

/**
 * Service ids where present and unique; otherwise a stable synthesized one (pages have none).
 * `used` maps each id to the next suffix to try, so 100,000 copies of one id stay linear.
 */
function uniqueId(node: StructureNode, page: number | null, used: Map<string, number>): string {
  // An empty id is no id: it could not be told from "no parent" or selected by name.
  const base =
    node.id || (node.type === 'page' ? `page-${node.page ?? page ?? 0}` : node.type === 'document' ? 'document' : `${node.type}-anon`);
  let id = base;
  if (used.has(base)) {
    let n = used.get(base)!;
    while (used.has(`${base}~${n}`)) n++;
    used.set(base, n + 1);
    id = `${base}~${n}`;
  }
  used.set(id, 2);
  return id;
}
