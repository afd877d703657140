import { PDFDocument } from 'pdf-lib';
import type { Grounding, ParseOptions, StructureNode } from '../../../shared/contracts/v2Parse.js';
import { sniffDocument } from '../../../electron/documents/sniff.js';
import { MarkdownWriter } from '../../../electron/engine/markdownWriter.js';
import { fraction } from './codePoints.js';
import type { ParseResultBuilder } from './parseResultBuilder.js';

/** Page count from the real document: PDF page tree via pdf-lib, 1 for an image. */
export async function documentPageCount(bytes: Uint8Array): Promise<number> {
  const kind = sniffDocument(bytes);
  if (kind?.kind === 'image') return 1;
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  return pdf.getPageCount();
}

/** FNV-1a, so the same document always gets the same text. */
function hash(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

const WORDS = ['ledger', 'invoice', 'quarterly', 'review', 'grounding', 'section', 'summary', 'balance', 'north', 'river', 'archive', 'signal'];

interface Counters {
  [type: string]: number;
}

function nextId(counters: Counters, type: string): string {
  const n = counters[type] ?? 0;
  counters[type] = n + 1;
  return `${type}-${n}`;
}

function box(xmin: number, ymin: number, xmax: number, ymax: number) {
  return { xmin: fraction(xmin), ymin: fraction(ymin), xmax: fraction(xmax), ymax: fraction(ymax) };
}

/**
 * Deterministic text for each page: a heading, a paragraph with key–value lines (so
 * extraction finds something) and an astral character (so code-point ranges matter), a
 * table on the first processed page, and a page-number marginalia line.
 */
export const deterministicParseBuilder: ParseResultBuilder = async (bytes, filename, options: ParseOptions) => {
  const pageCount = await documentPageCount(bytes);
  const pages = options.pages ?? Array.from({ length: pageCount }, (_, i) => i + 1);
  const seed = hash(bytes);
  const tableAsHtml = options.blocks?.table?.markdown === 'html';
  const md = new MarkdownWriter();
  const counters: Counters = {};
  const pageNodes: StructureNode[] = [];

  pages.forEach((page, index) => {
    if (index > 0) md.write('\n\n');
    const pageStart = md.position;
    const children: StructureNode[] = [];
    const word = WORDS[(seed + page) % WORDS.length]!;
    const leaf = (type: string, lines: string[], top: number, lineHeight: number): StructureNode => {
      const atomic: Grounding[] = [];
      const start = md.position;
      lines.forEach((line, i) => {
        if (i > 0) md.write('\n');
        const range = md.write(line);
        atomic.push({ page, range, box: box(0.1, top + i * lineHeight, 0.9, top + (i + 1) * lineHeight) });
      });
      const node: StructureNode = {
        id: nextId(counters, type),
        type,
        grounding: { page, range: { start, end: md.position }, box: box(0.1, top, 0.9, top + lines.length * lineHeight) },
        atomic_grounding: atomic,
        children: [],
      };
      children.push(node);
      return node;
    };

    leaf('text', [`## Page ${page} · ${filename}`], 0.06, 0.04);
    md.write('\n\n');
    leaf(
      'text',
      [
        `This ${word} page 📄 is number ${page} of ${pageCount}; 𝔊roundwork counts code points.`,
        `Invoice number: INV-${(seed % 100_000).toString().padStart(5, '0')}-${page}`,
        `Total: ${((seed % 9_000) + 1_000 + page).toFixed(2)}`,
        `Date: 2024-0${(page % 9) + 1}-1${page % 10}`,
      ],
      0.14,
      0.035,
    );
    if (index === 0) {
      md.write('\n\n');
      const rows = [
        ['Item', 'Amount'],
        [word, String((seed % 500) + 10)],
        ['Tax ✓', String((seed % 50) + 1)],
      ];
      const tableStart = md.position;
      const cells: StructureNode[] = [];
      const tableTop = 0.34;
      const rowHeight = 0.04;
      const cell = (text: string, row: number, col: number) => {
        const range = md.write(text);
        const cellBox = box(0.1 + col * 0.4, tableTop + row * rowHeight, 0.5 + col * 0.4, tableTop + (row + 1) * rowHeight);
        cells.push({
          id: nextId(counters, 'table_cell'),
          type: 'table_cell',
          row,
          col,
          rowspan: 1,
          colspan: 1,
          grounding: { page, range, box: cellBox },
          atomic_grounding: [{ page, range, box: cellBox }],
          children: [],
        });
      };
      const tableId = nextId(counters, 'table');
      if (tableAsHtml) md.write('<table>');
      rows.forEach((cols, row) => {
        if (tableAsHtml) md.write('<tr>');
        else if (row > 0) md.write('\n');
        cols.forEach((text, col) => {
          md.write(tableAsHtml ? '<td>' : '| ');
          cell(text, row, col);
          md.write(tableAsHtml ? '</td>' : ' ');
        });
        md.write(tableAsHtml ? '</tr>' : '|');
        if (!tableAsHtml && row === 0) md.write('\n| --- | --- |');
      });
      if (tableAsHtml) md.write('</table>');
      children.push({
        id: tableId,
        type: 'table',
        grounding: { page, range: { start: tableStart, end: md.position }, box: box(0.1, tableTop, 0.9, tableTop + rows.length * rowHeight) },
        children: cells,
      });
    }
    md.write('\n\n');
    leaf('marginalia', [`— ${page} —`], 0.94, 0.03);
    pageNodes.push({
      type: 'page',
      page,
      status: 'ok',
      reason: '',
      grounding: { page, range: { start: pageStart, end: md.position }, box: box(0, 0, 1, 1) },
      children,
    });
  });

  const markdown = md.toString();
  return {
    markdown,
    metadata: { filename, page_count: pages.length },
    structure: { type: 'document', children: pageNodes },
  };
};
