/**
 * A table read from its own Markdown, for table blocks sent without `table_cell` children (the
 * table only as HTML or a Markdown pipe table in the block's text). Cells are placed as a
 * browser places them: `rowspan` and `colspan` reserve the slots below and beside, and the next
 * cell takes the first free slot. Bounded: at most MAX_TEXT_CELLS cells are read, a span at most
 * MAX_SPAN.
 */

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

export const MAX_TEXT_CELLS = 20_000;
const MAX_SPAN = 1_000;

/** The table in a block's Markdown: HTML first, else a pipe table; null when there is neither. */
export function tableOfText(markdown: string): TextTable | null {
  return /<table[\s>]/i.test(markdown) ? htmlTable(markdown) : pipeTable(markdown);
}

function htmlTable(markdown: string): TextTable | null {
  // The first table only; a table nested in a cell is text of that cell.
  const start = markdown.search(/<table[\s>]/i);
  const end = markdown.toLowerCase().indexOf('</table>', start);
  const html = markdown.slice(start, end < 0 ? undefined : end);
  const rows: TextCell[][] = [];
  const taken = new Set<string>();
  let headerMarked = false;
  let count = 0;
  const rowMatches = html.match(/<tr[\s>][\s\S]*?(?=<tr[\s>]|$)/gi) ?? [];
  rowMatches.forEach((tr, r) => {
    const cells: TextCell[] = [];
    let col = 0;
    for (const match of tr.matchAll(/<(t[hd])(\s[^>]*)?>([\s\S]*?)(?=<\/?t[hdr][\s>]|<\/table|$)/gi)) {
      if (++count > MAX_TEXT_CELLS) break;
      while (taken.has(`${r}:${col}`)) col++;
      const attrs = match[2] ?? '';
      const rowspan = spanOf(attrs, 'rowspan');
      const colspan = spanOf(attrs, 'colspan');
      for (let dr = 0; dr < rowspan; dr++) for (let dc = 0; dc < colspan; dc++) taken.add(`${r + dr}:${col + dc}`);
      cells.push({ text: plainText(match[3] ?? ''), row: r, col, rowspan, colspan });
      if (r === 0 && match[1]!.toLowerCase() === 'th') headerMarked = true;
      col += colspan;
    }
    rows.push(cells);
  });
  return rows.some((cells) => cells.length > 0) ? { rows, headerMarked } : null;
}

function spanOf(attrs: string, name: string): number {
  const found = new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(attrs);
  const n = found ? Number(found[1]) : 1;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_SPAN) : 1;
}

function pipeTable(markdown: string): TextTable | null {
  const lines = markdown.split('\n').filter((line) => line.includes('|'));
  if (lines.length === 0) return null;
  const separator = (line: string) => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
  const headerMarked = lines.length > 1 && separator(lines[1]!);
  const rows: TextCell[][] = [];
  let count = 0;
  for (const line of lines) {
    if (separator(line)) continue;
    const texts = splitPipes(line);
    if (count + texts.length > MAX_TEXT_CELLS) break;
    count += texts.length;
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** A cell's text without markup: tags dropped, common entities decoded, spaces collapsed. */
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\*\*|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
