/**
 * Tables that cross pages, read as one: a service (and the offline engine) sends one `table`
 * block per page, each with its own `table_cell` nodes (v2.parse.table.one-page). Table blocks on consecutive pages that
 * continue one another are joined into a logical table whose rows keep their order and whose
 * cells keep their own node, page and box, so a click on any cell lights it on its own page.
 *
 * The joining rule, applied to each table block B and the table block A before it in reading order:
 *  1. B is on the page right after A's (page n + 1), nothing but marginalia (running headers,
 *     footers, page numbers) comes after A on its page, and B is the first table block of its page;
 *  2. both have the same number of columns;
 *  3. and either
 *     a. B's first row reads as the logical table's header row (the first row of its first part;
 *        text compared without case, markup or extra spaces, at least one cell not empty): a
 *        repeated header, which is dropped rather than shown again as a data row. Before B on
 *        its page there may be marginalia and one short block (a "continued" caption, at most
 *        LEAD_IN_LENGTH characters of Markdown); or
 *     b. B goes straight on with data: its first row is not marked as a header (`<th>` cells),
 *        nothing but marginalia comes before B on its page, and — when the first part marks no
 *        header either (the offline engine writes `<td>` cells only) — B's first row is not of
 *        the header row's kind: when both are words only (no digit in any cell, at least one
 *        cell not empty), B's first row is its own header, and B is another table.
 * So a table repeated on every page under its own heading and text (a form's totals box) is not
 * one table, and a table followed by a note before the page ends is not continued.
 * A table block sent without `table_cell` children (the table only as HTML or a pipe table in
 * its Markdown) is read from that text (tableText.ts); its cells have no node of their own, so
 * each selects the table block. A table block whose cells cannot be placed (a negative or
 * fractional row or column, more than MAX_COLUMNS columns, no table in its text) is joined to nothing.
 * Cell text is the cell's Markdown without markup (nodeSnippet, as the structure tree shows it).
 *
 * A cell spanning rows (`rowspan`) stands in the first of them; the slots it covers below point
 * to it (`spannedFrom`), and the CSV repeats its text there, as a spreadsheet's "unmerge and
 * fill" does: each CSV row then stands alone when sorted or filtered, where an empty slot would
 * read as "no value". The view shows the covered slot faint, and a click on it selects the one
 * cell's node.
 */
import type { PageBox } from './box.js';
import { csvText } from '../csv.js';
import { nodeSnippet } from './nodeSnippet.js';
import { sliceMarkdown, type ParseModel } from './parseModel.js';
import { MAX_COLUMNS, tableOfText, type TextTable } from './tableText.js';

export { MAX_COLUMNS };

/** The longest block (UTF-16 units of Markdown) that may stand before a repeated header on the next page: a caption, not text. */
export const LEAD_IN_LENGTH = 100;

export interface LogicalCell {
  nodeId: string;
  /** The cell's text without markup. */
  text: string;
  page: number | null;
  box: PageBox | null;
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
}

export interface LogicalRow {
  /** The table block this row comes from, and its page. */
  tableId: string;
  page: number;
  /** The row's number in its own table block. */
  sourceRow: number;
  /** One slot per column: the cell that starts there, or null. */
  cells: Array<LogicalCell | null>;
  /** One slot per column: the cell of a row above whose rowspan covers this slot (every column it spans), or null. */
  spannedFrom: Array<LogicalCell | null>;
}

export interface TablePart {
  tableId: string;
  page: number;
  /** How the part joined the one before it: it is the first, it repeated the header (dropped), or it went straight on with rows. */
  join: 'first' | 'repeated_header' | 'continued';
}

export interface LogicalTable {
  /** The first table block's id. */
  id: string;
  columnCount: number;
  /** The first part's first row. */
  header: LogicalRow;
  /** Data rows in reading order, the header and its repeats left out. */
  rows: LogicalRow[];
  parts: TablePart[];
}

export interface LogicalTables {
  /** Only tables of two parts or more: a table on one page is already shown as one. */
  tables: LogicalTable[];
  /** Each part's table block id → its logical table. */
  byTableId: Map<string, LogicalTable>;
}

/** A table block as the rule reads it; its rows' cells as node indices, text read only when needed. */
interface Part {
  index: number;
  page: number;
  columnCount: number;
  /** Node indices of the cells, by row, rows in order (for a table read from its text, no indices: `text` has the cells). */
  rows: Array<{ row: number; cells: number[] }>;
  /** The table read from the block's own Markdown, when it has no `table_cell` children. */
  text: TextTable | null;
  firstOfPage: boolean;
  /** Only marginalia before it on its page. */
  startsPage: boolean;
  /** Only marginalia and at most one short block before it on its page. */
  captioned: boolean;
  /** Only marginalia after it on its page. */
  endsPage: boolean;
}

const cache = new WeakMap<ParseModel, LogicalTables>();

/** The result's tables that cross pages (computed once per model). */
export function logicalTables(model: ParseModel): LogicalTables {
  let found = cache.get(model);
  if (!found) cache.set(model, (found = findLogicalTables(model)));
  return found;
}

function findLogicalTables(model: ParseModel): LogicalTables {
  const parts = tableParts(model);
  const chains: Array<Array<{ part: Part; join: TablePart['join'] }>> = [];
  let chain: Array<{ part: Part; join: TablePart['join'] }> = [];
  let header: string[] | null = null;
  for (const part of parts) {
    const last = chain[chain.length - 1]?.part;
    const join = last && header ? joinOf(model, chain[0]!.part, last, part, header) : null;
    if (join) chain.push({ part, join });
    else {
      if (chain.length > 1) chains.push(chain);
      chain = [{ part, join: 'first' }];
      header = part.rows.length > 0 ? rowTexts(model, part, 0).map(normalized) : null;
      if (header && header.every((t) => t === '')) header = null;
    }
  }
  if (chain.length > 1) chains.push(chain);

  const tables = chains.map((links) => tableOf(model, links));
  const byTableId = new Map<string, LogicalTable>();
  for (const table of tables) for (const part of table.parts) byTableId.set(part.tableId, table);
  return { tables, byTableId };
}

/** How B joins the chain that starts with `head` and ends with A (whose header row is `header`), or null. */
function joinOf(model: ParseModel, head: Part, a: Part, b: Part, header: string[]): TablePart['join'] | null {
  if (b.page !== a.page + 1 || !a.endsPage || !b.firstOfPage || !b.captioned || a.columnCount !== b.columnCount) return null;
  const first = rowTexts(model, b, 0).map(normalized);
  if (first.length === header.length && first.every((t, k) => t === header[k])) return 'repeated_header';
  if (!b.startsPage || firstRowMarkedHeader(model, b)) return null;
  // No header marked anywhere: a first row of words, like the header row, is B's own header.
  if (!firstRowMarkedHeader(model, head) && wordsOnly(header) && wordsOnly(first)) return null;
  return 'continued';
}

/** A row of words only, as a header row is: no digit in any cell, and at least one cell not empty. */
function wordsOnly(row: string[]): boolean {
  return row.some((t) => t !== '') && row.every((t) => !/\p{N}/u.test(t));
}

function tableOf(model: ParseModel, links: Array<{ part: Part; join: TablePart['join'] }>): LogicalTable {
  const first = links[0]!.part;
  const rows: LogicalRow[] = [];
  let header: LogicalRow | null = null;
  for (const { part, join } of links) {
    const spanning = new Map<number, LogicalCell>();
    part.rows.forEach((_, k) => {
      const row = logicalRow(model, part, k);
      fillSpans(row, spanning);
      if (part === first && k === 0) header = row;
      else if (!(join === 'repeated_header' && k === 0)) rows.push(row);
    });
  }
  return {
    id: model.nodes.idAt(first.index),
    columnCount: first.columnCount,
    header: header!,
    rows,
    parts: links.map(({ part, join }) => ({ tableId: model.nodes.idAt(part.index), page: part.page, join })),
  };
}

/** Marks the slots of `row` covered by cells spanning rows from above (`spanning`: column → cell, within one part), then adds the row's own. */
function fillSpans(row: LogicalRow, spanning: Map<number, LogicalCell>): void {
  for (const [col, cell] of spanning) {
    if (row.sourceRow >= cell.row + cell.rowspan) spanning.delete(col);
    else if (!row.cells[col]) row.spannedFrom[col] = cell;
  }
  // Every column the cell covers, so a cell spanning rows and columns covers all its slots below.
  for (const cell of row.cells) {
    if (!cell || cell.rowspan <= 1) continue;
    for (let col = cell.col; col < Math.min(cell.col + cell.colspan, row.cells.length); col++) spanning.set(col, cell);
  }
}

/** Every table block with placeable cells, in reading order, with where it sits on its page. */
function tableParts(model: ParseModel): Part[] {
  const nodes = model.nodes;
  const parts: Part[] = [];
  for (const page of model.pages) {
    const pageIndex = nodes.indexOf(page.nodeId);
    if (pageIndex < 0) continue;
    const blocks = Array.from(nodes.childrenAt(pageIndex));
    // Blocks other than marginalia, by their place on the page: a table's place among them says what stands before and after it.
    const content = blocks.filter((block) => nodes.typeAt(block) !== 'marginalia');
    let tableCount = 0;
    content.forEach((block, place) => {
      if (nodes.typeAt(block) !== 'table') return;
      const firstOfPage = tableCount++ === 0;
      const grid = gridOf(model, block) ?? textGridOf(model, block);
      if (!grid) return;
      const leadIn = place === 1 ? nodes.rangeAt(content[0]!) : null;
      parts.push({
        index: block,
        page: page.page,
        ...grid,
        firstOfPage,
        startsPage: place === 0,
        captioned: place === 0 || (place === 1 && firstOfPage && leadIn !== null && leadIn.end - leadIn.start <= LEAD_IN_LENGTH),
        endsPage: place === content.length - 1,
      });
    });
  }
  return parts;
}

/** The table's cells by row, or null when they cannot be placed. */
function gridOf(model: ParseModel, table: number): Pick<Part, 'columnCount' | 'rows' | 'text'> | null {
  const { nodes, columns } = model;
  const byRow = new Map<number, number[]>();
  let columnCount = 0;
  const stack = Array.from(nodes.childrenAt(table)).reverse();
  while (stack.length > 0) {
    const i = stack.pop()!;
    // A table inside a cell is its own table.
    if (nodes.typeAt(i) === 'table') continue;
    const cell = columns.cellOf[i]!;
    if (cell >= 0) {
      const [row, col, , colspan] = [0, 1, 2, 3].map((k) => columns.cells[4 * cell + k]!) as [number, number, number, number];
      if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || col < 0 || colspan < 1) return null;
      columnCount = Math.max(columnCount, col + colspan);
      if (columnCount > MAX_COLUMNS) return null;
      const list = byRow.get(row);
      if (list) list.push(i);
      else byRow.set(row, [i]);
    } else stack.push(...Array.from(nodes.childrenAt(i)).reverse());
  }
  if (byRow.size === 0) return null;
  const rows = [...byRow.entries()].sort((a, b) => a[0] - b[0]).map(([row, cells]) => ({ row, cells }));
  return { columnCount, rows, text: null };
}

/** A table block without cells of its own, read from its Markdown; null when that holds no table. */
function textGridOf(model: ParseModel, table: number): Pick<Part, 'columnCount' | 'rows' | 'text'> | null {
  if (hasCellChildren(model, table)) return null; // cells that could not be placed: not read again from the text
  const range = model.nodes.rangeAt(table);
  const text = range ? tableOfText(sliceMarkdown(model, range)) : null;
  if (!text || 'refused' in text) return null;
  let columnCount = 0;
  for (const cells of text.rows) for (const cell of cells) columnCount = Math.max(columnCount, cell.col + cell.colspan);
  if (columnCount === 0 || columnCount > MAX_COLUMNS) return null;
  return { columnCount, rows: text.rows.map((_, row) => ({ row, cells: [] })), text };
}

function hasCellChildren(model: ParseModel, table: number): boolean {
  const { nodes, columns } = model;
  const stack = Array.from(nodes.childrenAt(table));
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (nodes.typeAt(i) === 'table') continue;
    if (columns.cellOf[i]! >= 0) return true;
    stack.push(...nodes.childrenAt(i));
  }
  return false;
}

function rowTexts(model: ParseModel, part: Part, k: number): string[] {
  return logicalRow(model, part, k).cells.map((cell) => cell?.text ?? '');
}

function logicalRow(model: ParseModel, part: Part, k: number): LogicalRow {
  const { nodes } = model;
  const { row, cells } = part.rows[k]!;
  const slots: Array<LogicalCell | null> = new Array<LogicalCell | null>(part.columnCount).fill(null);
  const spannedFrom: Array<LogicalCell | null> = new Array<LogicalCell | null>(part.columnCount).fill(null);
  if (part.text) {
    // No node per cell: each selects the table block, on its page, with its box.
    const block = nodes.at(part.index);
    for (const cell of part.text.rows[k]!) {
      if (slots[cell.col]) continue;
      slots[cell.col] = { nodeId: block.id, page: block.page, box: block.box, ...cell };
    }
    return { tableId: block.id, page: part.page, sourceRow: row, cells: slots, spannedFrom };
  }
  for (const i of cells) {
    const node = nodes.at(i);
    const place = node.cell!;
    // Two cells claiming one slot (a malformed table): the first in reading order keeps it.
    if (slots[place.col]) continue;
    slots[place.col] = {
      nodeId: node.id,
      text: nodeSnippet((range) => sliceMarkdown(model, range), node.range, Number.POSITIVE_INFINITY),
      page: node.page,
      box: node.box,
      row: place.row,
      col: place.col,
      rowspan: place.rowspan,
      colspan: place.colspan,
    };
  }
  return { tableId: nodes.idAt(part.index), page: part.page, sourceRow: row, cells: slots, spannedFrom };
}

/** Whether the first row's cells are HTML header cells (`<th>`): the tag right before each cell's text. */
function firstRowMarkedHeader(model: ParseModel, part: Part): boolean {
  if (part.text) return part.text.headerMarked;
  const cells = part.rows[0]!.cells;
  return cells.every((i) => {
    const range = model.nodes.rangeAt(i);
    if (!range) return false;
    const before = sliceMarkdown(model, { start: Math.max(0, range.start - 200), end: range.start });
    const tag = before.lastIndexOf('<');
    return tag >= 0 && /^<th[\s>]/i.test(before.slice(tag));
  });
}

/** Text as the joining rule compares it: no case, no runs of spaces. */
export function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The logical table as one CSV: the header once, then every row in order, a cell spanning rows repeated in each (cells escaped against formulas). */
export function logicalTableCsv(table: LogicalTable): string {
  const line = (row: LogicalRow) => row.cells.map((cell, col) => (cell ?? row.spannedFrom[col])?.text ?? '');
  return csvText([line(table.header), ...table.rows.map(line)]);
}

/** The page the table goes on to after `tableId`'s part (null for the last), and the one it came from (null for the first). */
export function neighbourPages(table: LogicalTable, tableId: string): { next: number | null; previous: number | null } {
  const k = table.parts.findIndex((p) => p.tableId === tableId);
  return { next: table.parts[k + 1]?.page ?? null, previous: k > 0 ? table.parts[k - 1]!.page : null };
}
