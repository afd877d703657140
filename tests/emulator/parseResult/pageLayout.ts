import type { Grounding, ParseOptions, ParseResponse, StructureNode, V2Box } from '../../../shared/contracts/v2Parse.js';
import { fraction } from './codePoints.js';
import { MarkdownWriter } from './markdownWriter.js';

/** Fractions of the page, 0–1, origin top left. */
export interface Box {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

export interface LineLayout {
  text: string;
  box: Box;
}

/** One element of a page as a layout reader found it, in reading order. */
export type ElementLayout =
  | { type: 'text'; lines: LineLayout[]; heading?: boolean }
  | { type: 'marginalia'; lines: LineLayout[] }
  | { type: 'figure'; caption: string; box: Box }
  | { type: 'logo'; caption: string; box: Box }
  | { type: 'table'; rows: LineLayout[][] };

export interface PageLayout {
  /** 1-indexed. */
  page: number;
  elements: ElementLayout[];
}

export function roundBox(box: Box): V2Box {
  return { xmin: fraction(box.xmin), ymin: fraction(box.ymin), xmax: fraction(box.xmax), ymax: fraction(box.ymax) };
}

export function unionBox(boxes: readonly Box[]): Box {
  return {
    xmin: Math.min(...boxes.map((b) => b.xmin)),
    ymin: Math.min(...boxes.map((b) => b.ymin)),
    xmax: Math.max(...boxes.map((b) => b.xmax)),
    ymax: Math.max(...boxes.map((b) => b.ymax)),
  };
}

/**
 * Writes pages of elements as a parse response: Markdown in reading order, ids `<type>-<index>`
 * per type, a `grounding` on every node and one `atomic_grounding` entry per line on leaf
 * elements (`finalizeParseResponse` turns lines into words for word-level models). Tables are
 * HTML unless `blocks.table.markdown` is `"markdown"`; figures and logos are `<figure>`s.
 */
export function writeLayout(pages: readonly PageLayout[], filename: string, options: ParseOptions): ParseResponse {
  const md = new MarkdownWriter();
  const counters = new Map<string, number>();
  const nextId = (type: string) => {
    const n = counters.get(type) ?? 0;
    counters.set(type, n + 1);
    return `${type}-${n}`;
  };
  const pipeTables = options.blocks?.table?.markdown === 'markdown';

  // v2.parse.options.pages-numbering: each page keeps its number in the document, whichever pages were asked.
  const pageNodes = pages.map(({ page, elements }, pageIndex): StructureNode => {
    if (pageIndex > 0) md.write('\n\n');
    const pageStart = md.position;
    const ground = (range: { start: number; end: number }, box: Box): Grounding => ({ page, range, box: roundBox(box) });
    const children = elements.map((element, i): StructureNode => {
      if (i > 0) md.write('\n\n');
      const start = md.position;
      const id = nextId(element.type);
      if (element.type === 'table') return writeTable(element.rows, id);
      if (element.type === 'figure' || element.type === 'logo') {
        md.write('<figure><figcaption>');
        const caption = md.write(element.caption);
        md.write('</figcaption></figure>');
        return {
          id,
          type: element.type,
          grounding: ground({ start, end: md.position }, element.box),
          atomic_grounding: [ground(caption, element.box)],
          children: [],
        };
      }
      if (element.type === 'text' && element.heading) md.write('## ');
      const atomic = element.lines.map((line, n) => {
        if (n > 0) md.write('\n');
        return ground(md.write(line.text), line.box);
      });
      const box = unionBox(element.lines.map((line) => line.box));
      return { id, type: element.type, grounding: ground({ start, end: md.position }, box), atomic_grounding: atomic, children: [] };
    });
    return {
      type: 'page',
      page,
      status: 'ok',
      reason: '',
      grounding: ground({ start: pageStart, end: md.position }, { xmin: 0, ymin: 0, xmax: 1, ymax: 1 }),
      children,
    };

    function writeTable(rows: LineLayout[][], id: string): StructureNode {
      const start = md.position;
      const cells: StructureNode[] = [];
      if (!pipeTables) md.write('<table>');
      rows.forEach((row, r) => {
        if (pipeTables && r > 0) md.write('\n');
        md.write(pipeTables ? '|' : '<tr>');
        row.forEach((cell, c) => {
          md.write(pipeTables ? ' ' : '<td>');
          const range = md.write(pipeTables ? cell.text.replaceAll('|', '\\|') : escapeHtml(cell.text));
          md.write(pipeTables ? ' |' : '</td>');
          const g = ground(range, cell.box);
          cells.push({
            id: nextId('table_cell'),
            type: 'table_cell',
            row: r,
            col: c,
            rowspan: 1,
            colspan: 1,
            grounding: g,
            atomic_grounding: [{ ...g }],
            children: [],
          });
        });
        if (!pipeTables) md.write('</tr>');
        if (pipeTables && r === 0) md.write(`\n|${' --- |'.repeat(row.length)}`);
      });
      if (!pipeTables) md.write('</table>');
      const box = unionBox(rows.flat().map((cell) => cell.box));
      return { id, type: 'table', grounding: ground({ start, end: md.position }, box), children: cells };
    }
  });

  return {
    markdown: md.toString(),
    metadata: { filename, page_count: pages.length },
    structure: { type: 'document', children: pageNodes },
  };
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
