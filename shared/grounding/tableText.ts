/**
 * A table read from its own Markdown, for table blocks sent without `table_cell` children (the
 * table only as HTML or a Markdown pipe table in the block's text). Cells are placed as a
 * browser places them: `rowspan` and `colspan` reserve the slots below and beside, and the next
 * cell takes the first free slot. A table nested in a cell is text of that cell.
 *
 * A result may be hostile (a span of 10⁹, a million empty rows), and this runs while the view
 * draws, so the work is bounded before it is done: at most MAX_TEXT_CELLS cells are read, a
 * span is at most MAX_SPAN, slots are tracked per column (the row each column is busy until),
 * never one by one, and a table wider than MAX_COLUMNS or with more than MAX_TEXT_SLOTS slots
 * (rows × columns) is refused: not read as a table, and said why.
 */
import { decodeEntities } from './htmlEntities.js';

export interface TextCell {
  text: string;
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
}

export interface TextTable {
  rows: TextCell[][];
  /** The first row is marked as a header: `<th>` cells, or the row above a Markdown table's `---` line. */
  headerMarked: boolean;
}

/** A table too large to place: not a table, and why. */
export interface RefusedTable {
  refused: string;
}

export const MAX_TEXT_CELLS = 20_000;
export const MAX_SPAN = 1_000;
/** A table wider than this is never joined (nor drawn as a grid): a hostile result's column 10⁹. */
export const MAX_COLUMNS = 500;
/** Rows × columns: what a view of the table allocates. */
export const MAX_TEXT_SLOTS = 1_000_000;

/** The table in a block's Markdown: HTML first, else a pipe table; null when there is neither. */
export function tableOfText(markdown: string): TextTable | RefusedTable | null {
  return /<table[\s>]/i.test(markdown) ? htmlTable(markdown) : pipeTable(markdown);
}

/**
 * Any tag with its attributes (quoted values may hold `>` or `<tr>`), or a comment. Group 1: `/`
 * of a closing tag; group 2: the name; group 3: the attributes. An unquoted `<` ends a tag's
 * attributes, so a tag never closed is given up at the next one (linear, not quadratic, on
 * `<a <a <a …`).
 */
const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-z][a-z0-9]*)((?:[^<>"']|"[^"]*"|'[^']*')*)>/gi;

function htmlTable(markdown: string): TextTable | RefusedTable | null {
  const rows: TextCell[][] = [];
  /** Per column, the first row no span from above covers. */
  const busyUntil: number[] = [];
  let headerMarked = false;
  let count = 0;
  let width = 0;
  let depth = 0;
  let col = 0;
  let open: { at: number; tag: string; attrs: string } | null = null;
  let refused: string | null = null;

  const closeCell = (end: number) => {
    if (!open) return;
    const cell = open;
    open = null;
    if (++count > MAX_TEXT_CELLS) return;
    if (rows.length === 0) rows.push([]); // a cell before any <tr>: a browser starts a row
    const r = rows.length - 1;
    while (col < busyUntil.length && busyUntil[col]! > r) col++;
    const rowspan = spanOf(cell.attrs, 'rowspan');
    const colspan = spanOf(cell.attrs, 'colspan');
    if (col + colspan > MAX_COLUMNS) {
      refused = `more than ${MAX_COLUMNS} columns`;
      return;
    }
    for (let c = busyUntil.length; c < col + colspan; c++) busyUntil.push(0);
    for (let c = col; c < col + colspan; c++) busyUntil[c] = r + rowspan;
    width = Math.max(width, col + colspan);
    if (rows.length * width > MAX_TEXT_SLOTS) {
      refused = `more than ${MAX_TEXT_SLOTS.toLocaleString('en')} cells`;
      return;
    }
    rows[r]!.push({ text: plainText(markdown.slice(cell.at, end)), row: r, col, rowspan, colspan });
    if (r === 0 && cell.tag === 'th') headerMarked = true;
    col += colspan;
  };

  const start = markdown.search(/<table[\s>]/i);
  const tags = new RegExp(TAG.source, 'gi'); // its own: plainText's replace resets TAG's lastIndex
  tags.lastIndex = start;
  for (let match = tags.exec(markdown); match && refused === null; match = tags.exec(markdown)) {
    const name = match[2]?.toLowerCase();
    if (name === 'table') {
      depth += match[1] ? -1 : 1;
      if (depth === 0) {
        closeCell(match.index);
        break;
      }
      continue;
    }
    // Tags of a nested table, and any other tag, are text of the cell they stand in.
    if (depth !== 1 || name === undefined || !/^(tr|td|th)$/.test(name)) continue;
    closeCell(match.index);
    if (name === 'tr' && !match[1]) {
      if ((rows.length + 1) * width > MAX_TEXT_SLOTS) refused = `more than ${MAX_TEXT_SLOTS.toLocaleString('en')} cells`;
      rows.push([]);
      col = 0;
    } else if (name !== 'tr' && !match[1]) open = { at: tags.lastIndex, tag: name, attrs: match[3] ?? '' };
  }
  if (refused === null) closeCell(markdown.length); // a table never closed ends with the text
  if (refused !== null) return { refused };
  return rows.some((cells) => cells.length > 0) ? { rows, headerMarked } : null;
}

function spanOf(attrs: string, name: string): number {
  const found = new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(attrs);
  const n = found ? Number(found[1]) : 1;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_SPAN) : 1;
}

function pipeTable(markdown: string): TextTable | RefusedTable | null {
  const lines = markdown.split('\n').filter((line) => line.includes('|'));
  if (lines.length === 0) return null;
  const separator = (line: string) => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
  const headerMarked = lines.length > 1 && separator(lines[1]!);
  const rows: TextCell[][] = [];
  let count = 0;
  let width = 0;
  for (const line of lines) {
    if (separator(line)) continue;
    const texts = splitPipes(line);
    if (count + texts.length > MAX_TEXT_CELLS) break;
    count += texts.length;
    width = Math.max(width, texts.length);
    if (width > MAX_COLUMNS) return { refused: `more than ${MAX_COLUMNS} columns` };
    if ((rows.length + 1) * width > MAX_TEXT_SLOTS) return { refused: `more than ${MAX_TEXT_SLOTS.toLocaleString('en')} cells` };
    const r = rows.length;
    rows.push(texts.map((text, col) => ({ text: plainText(text), row: r, col, rowspan: 1, colspan: 1 })));
  }
  return rows.length > 0 ? { rows, headerMarked } : null;
}

/** A pipe table's line as cell texts: split on `|` not escaped, the outer pipes dropped. */
function splitPipes(line: string): string[] {
  const cells = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/);
  return cells.map((cell) => cell.replace(/\\\|/g, '|'));
}

/** A cell's text without markup: tags dropped (a nested table's too), entities decoded, spaces collapsed. */
function plainText(html: string): string {
  const stripped = html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(TAG, ' ')
    .replace(/\*\*|`/g, '');
  return decodeEntities(stripped).replace(/\s+/g, ' ').trim();
}
