/**
 * THE REFERENCE: the object-graph result model exactly as the app built it before the model
 * moved into typed arrays, kept verbatim (only its imports and this header changed) as the
 * oracle the typed-array model is compared against. Not used by the app.
 */
import { languageNames, pageOcrOf, type PageOcrInfo } from '../../shared/contracts/pageOcr.js';
import type { Grounding, ParseResponse, StructureNode } from '../../shared/contracts/v2Parse.js';
import { fromV2Box, type PageBox } from '../../shared/grounding/box.js';
import { CodePointIndex } from '../../shared/grounding/codePointIndex.js';
import { IntervalIndex } from './objectIntervalIndex.js';

export interface TextRange {
  start: number;
  end: number;
}

export type NodeFlag =
  | 'range_out_of_bounds'
  | 'box_out_of_bounds'
  | 'unknown_type'
  | 'unknown_status'
  | 'no_grounding'
  | 'grounding_invalid'
  | 'range_not_found'
  | 'page_invalid'
  | 'cell_invalid'
  | 'too_deep'
  | 'too_many_nodes'
  | 'range_units_unknown';

/** Structure deeper than this is not read (a real tree is a handful of levels; this keeps recursion bounded). */
export const MAX_STRUCTURE_DEPTH = 100;
/** Nodes read at most: four times the 1,000-page benchmark, so a runaway result still opens in seconds. */
export const MAX_MODEL_NODES = 250_000;

/** What each flag tells the reviewer, next to the node it is on. */
export const NODE_FLAG_LABELS: Record<NodeFlag, string> = {
  range_out_of_bounds: 'range outside the Markdown',
  box_out_of_bounds: 'box invalid',
  unknown_type: 'unknown type',
  unknown_status: 'unknown page status',
  no_grounding: 'no grounding',
  grounding_invalid: 'line grounding invalid',
  range_not_found: 'text not found in the Markdown',
  page_invalid: 'page number invalid',
  cell_invalid: 'cell position invalid',
  too_deep: 'nested too deeply; deeper nodes not shown',
  range_units_unknown: 'range in units other than code points; not linked to the Markdown',
  too_many_nodes: `more than ${MAX_MODEL_NODES.toLocaleString('en')} nodes in the result; the rest are not shown`,
};

/** A node's flags as the reviewer reads them. */
export function flagLabels(flags: readonly NodeFlag[]): string {
  return flags.map((flag) => NODE_FLAG_LABELS[flag]).join(', ');
}

export interface ModelNode {
  id: string;
  type: string;
  parentId: string | null;
  childIds: string[];
  page: number | null;
  /** UTF-16 offsets into `markdown`. */
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
  markdown: string;
  index: CodePointIndex;
  nodes: Map<string, ModelNode>;
  /** Node ids in reading order (document order of the tree), pages included. */
  order: string[];
  /** Element ids per page, for drawing boxes. */
  boxesByPage: Map<number, string[]>;
  pages: PageSummary[];
  /** Element nodes by their UTF-16 range. */
  ranges: IntervalIndex<string>;
  failedPages: number[];
  /**
   * The result's `metadata.range_units` when it is not `unicode_codepoints` (the only unit
   * the contract names): its ranges are not used, so nothing is highlighted in the wrong
   * place; boxes and the Markdown itself are still shown.
   */
  foreignRangeUnits: string | null;
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

export function buildParseModel(response: ParseResponse): ParseModel {
  const markdown = response.markdown;
  const index = new CodePointIndex(markdown);
  const nodes = new Map<string, ModelNode>();
  const order: string[] = [];
  const boxesByPage = new Map<number, string[]>();
  const pages: PageSummary[] = [];
  const intervals: Array<{ start: number; end: number; value: string }> = [];
  const reported = response.metadata.failed_pages;
  const failedPages = (Array.isArray(reported) ? reported : []).filter((p) => Number.isInteger(p));
  const failed = new Set(failedPages);
  const usedIds = new Map<string, number>();
  const units = foreignRangeUnits(response.metadata);

  const convertRange = (range: { start: number; end: number } | undefined, flags: NodeFlag[]): TextRange | null => {
    if (!range) return null;
    if (units !== null) {
      if (!flags.includes('range_units_unknown')) flags.push('range_units_unknown');
      return null;
    }
    const converted = index.rangeToUtf16(range.start, range.end);
    if (!converted.valid && !flags.includes('range_out_of_bounds')) flags.push('range_out_of_bounds');
    return { start: converted.start, end: converted.end };
  };

  const visit = (raw: StructureNode, parentId: string | null, depth: number, pageHint: number | null) => {
    if (nodes.size >= MAX_MODEL_NODES) {
      const parentFlags = parentId ? nodes.get(parentId)?.flags : undefined;
      if (parentFlags && !parentFlags.includes('too_many_nodes')) parentFlags.push('too_many_nodes');
      return;
    }
    const flags: NodeFlag[] = [];
    const node = sane(raw, flags);
    const id = uniqueId(node, pageHint, usedIds);
    const isPage = node.type === 'page';
    const page = node.grounding?.page ?? (isPage ? (node.page ?? null) : pageHint);
    if (!KNOWN_TYPES.has(node.type)) flags.push('unknown_type');
    const box = node.grounding ? fromV2Box(node.grounding.page, node.grounding.box) : null;
    if (box && !box.valid) flags.push('box_out_of_bounds');
    if (!node.grounding && node.type !== 'document' && !flags.includes('no_grounding')) flags.push('no_grounding');
    const range = convertRange(node.grounding?.range, flags);
    const atomic = (node.atomic_grounding ?? []).map((g) => {
      const atomBox = fromV2Box(g.page, g.box);
      if (!atomBox.valid && !flags.includes('box_out_of_bounds')) flags.push('box_out_of_bounds');
      const atom: ModelNode['atomic'][number] = { page: g.page, range: convertRange(g.range, flags), box: atomBox };
      if (typeof g.confidence === 'number' && g.confidence >= 0 && g.confidence <= 1) atom.confidence = g.confidence;
      return atom;
    });
    if (raw.range_not_found === true) flags.push('range_not_found');
    const model: ModelNode = { id, type: node.type, parentId, childIds: [], page, range, box, atomic, flags, depth };
    if (node.type === 'table_cell' || node.row !== undefined) {
      const cell = { row: node.row ?? 0, col: node.col ?? 0, rowspan: node.rowspan ?? 1, colspan: node.colspan ?? 1 };
      if (Number.isInteger(cell.row) && Number.isInteger(cell.col) && Number.isInteger(cell.rowspan) && Number.isInteger(cell.colspan))
        model.cell = cell;
      else flags.push('cell_invalid');
    }
    if (isPage) {
      const pageNumber = node.page ?? page ?? pages.length + 1;
      // A page number that is not a whole number from 1 (or not a number at all, then dropped by sane()).
      if (!Number.isInteger(pageNumber) || pageNumber < 1 || (raw.page !== undefined && node.page === undefined))
        flags.push('page_invalid');
      model.status = typeof node.status === 'string' ? node.status : 'ok';
      model.reason = typeof node.reason === 'string' ? node.reason : '';
      if (!KNOWN_STATUSES.has(model.status) || (node.status !== undefined && typeof node.status !== 'string')) flags.push('unknown_status');
      const ocr = pageOcrOf(node);
      if (ocr) model.ocr = ocr;
      pages.push({
        page: pageNumber,
        nodeId: id,
        status: model.status,
        reason: model.reason,
        failed: failed.has(pageNumber) || model.status === 'failed',
        ocr: ocr ? languageNames(ocr.languages) : null,
      });
    }
    nodes.set(id, model);
    order.push(id);
    if (parentId !== null) nodes.get(parentId)?.childIds.push(id);
    if (!isPage && node.type !== 'document') {
      if (page !== null && box) {
        const list = boxesByPage.get(page) ?? [];
        list.push(id);
        boxesByPage.set(page, list);
      }
      if (range) intervals.push({ start: range.start, end: range.end, value: id });
    }
    const children = Array.isArray(node.children) ? node.children : [];
    if (depth >= MAX_STRUCTURE_DEPTH) {
      if (children.length > 0) flags.push('too_deep');
      return;
    }
    for (const child of children) {
      // Only objects are nodes; anything else in `children` is not shown.
      if (typeof child === 'object' && child !== null && !Array.isArray(child))
        visit(child, id, depth + 1, isPage ? (node.page ?? page) : page);
    }
  };
  visit(response.structure, null, 0, null);

  return { markdown, index, nodes, order, boxesByPage, pages, ranges: new IntervalIndex(intervals), failedPages, foreignRangeUnits: units };
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
function sane(node: StructureNode, flags: NodeFlag[]): StructureNode {
  const goodGrounding = node.grounding === undefined || groundingOk(node.grounding);
  const atoms = node.atomic_grounding;
  const goodAtoms = atoms === undefined || (Array.isArray(atoms) && atoms.every(groundingOk));
  const goodShape =
    typeof node.type === 'string' &&
    (node.id === undefined || typeof node.id === 'string') &&
    (node.page === undefined || isNumber(node.page));
  if (goodGrounding && goodAtoms && goodShape) return node;
  if (!goodGrounding) flags.push('no_grounding');
  if (!goodAtoms) flags.push('grounding_invalid');
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

/** The exact Markdown text of a UTF-16 range: the one way panels read the model's Markdown. */
export function sliceMarkdown(model: ParseModel, range: TextRange): string {
  return model.markdown.slice(range.start, range.end);
}

/** The Markdown's length in UTF-16 code units. */
export function markdownLength(model: ParseModel): number {
  return model.markdown.length;
}

/** Ids of the elements with a box on `page`, in reading order. */
export function boxesOnPage(model: ParseModel, page: number): readonly string[] {
  return model.boxesByPage.get(page) ?? [];
}
