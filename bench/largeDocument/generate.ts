/**
 * The big document of `npm run bench`: a 1,000-page PDF and a v2 parse result that matches
 * it (every block's box is where its text is drawn): about 60,000 nodes (headings, text,
 * tables with cells, marginalia), about 3 million code points of Markdown with astral
 * characters sprinkled in, atomic grounding on every leaf, and an extract result with 200
 * fields whose ranges span the document. Written to bench/.cache/ (reused when present).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Grounding, ParseResponse, StructureNode } from '../../shared/contracts/v2Parse.js';

export const CACHE_DIR = join(process.cwd(), 'bench', '.cache');

export interface LargeDocumentFiles {
  pdf: string;
  parse: string;
  extract: string;
}

function filesIn(dir: string): LargeDocumentFiles {
  return { pdf: join(dir, 'large.pdf'), parse: join(dir, 'large-parse.json'), extract: join(dir, 'large-extract.json') };
}

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 48;
const WORDS = [
  'ledger',
  'revenue',
  'quarter',
  'invoice',
  'balance',
  'north',
  'audit',
  'clause',
  'party',
  'schedule',
  'amount',
  'period',
  'notice',
  'term',
  'asset',
];
const ASTRAL = ['😀', '𠀋', '𝐀', '🧾', '👩‍💻'];

const round5 = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1e5) / 1e5;
const cp = (s: string) => Array.from(s).length;

function sentence(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 3) % WORDS.length]!);
  return out.join(' ');
}

/** What the PDF can draw with a standard font: astral characters become '?'. */
const drawable = (text: string) =>
  Array.from(text)
    .map((c) => (c.codePointAt(0)! > 0x7e ? '?' : c))
    .join('');

/** Writes the document into `dir` (default bench/.cache), or reuses what is there. Tests use fewer pages. */
export async function generateLargeDocument(pages = 1000, dir = CACHE_DIR): Promise<LargeDocumentFiles> {
  const FILES = filesIn(dir);
  if (existsSync(FILES.pdf) && existsSync(FILES.parse) && existsSync(FILES.extract)) return FILES;
  mkdirSync(dir, { recursive: true });
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const counters: Record<string, number> = {};
  const id = (type: string) => `${type}-${(counters[type] = (counters[type] ?? -1) + 1)}`;
  const parts: string[] = [];
  let offset = 0;
  const append = (text: string) => {
    const start = offset;
    parts.push(text);
    offset += cp(text);
    return { start, end: offset };
  };
  const pageNodes: StructureNode[] = [];
  const textBlocks: Array<{ page: number; range: { start: number; end: number }; text: string }> = [];

  for (let p = 1; p <= pages; p++) {
    const page = pdf.addPage([PAGE_W, PAGE_H]);
    if (p > 1) append('\n\n');
    const pageStart = offset;
    append(`<!-- page ${p} -->\n\n`);
    const children: StructureNode[] = [];
    const box = (x: number, yTop: number, w: number, h: number) => ({
      xmin: round5(x / PAGE_W),
      ymin: round5(yTop / PAGE_H),
      xmax: round5((x + w) / PAGE_W),
      ymax: round5((yTop + h) / PAGE_H),
    });
    const leaf = (type: string, markdown: string, drawn: string, x: number, yTop: number, size: number): StructureNode => {
      const range = append(markdown);
      const width = Math.min(PAGE_W - x - MARGIN, font.widthOfTextAtSize(drawable(drawn), size));
      page.drawText(drawable(drawn), { x, y: PAGE_H - yTop - size * 0.8, size, font });
      const grounding: Grounding = { page: p, range, box: box(x, yTop, width, size * 1.15) };
      return { id: id(type), type, grounding, atomic_grounding: [{ ...grounding }], children: [] };
    };

    children.push(
      leaf(
        'marginalia',
        `Annual filing ${p % 7 === 0 ? ASTRAL[p % ASTRAL.length] : ''}— page ${p}`,
        `Annual filing - page ${p}`,
        MARGIN,
        20,
        8,
      ),
    );
    append('\n\n');
    const heading = `Section ${p} ${ASTRAL[p % ASTRAL.length]} ${sentence(p, 3)}`;
    children.push(leaf('heading', `## ${heading}`, heading, MARGIN, 48, 16));
    let y = 80;
    for (let i = 0; i < 40; i++) {
      append('\n\n');
      const astral = (p * 40 + i) % 11 === 0 ? ` ${ASTRAL[(p + i) % ASTRAL.length]}` : '';
      const text = `${i + 1}. ${sentence(p + i, 10)} amount ${((p * 131 + i * 17) % 9000) + 100}.${(p + i) % 100}${astral}`;
      const node = leaf('text', text, text, MARGIN, y, 10);
      textBlocks.push({ page: p, range: node.grounding!.range, text });
      children.push(node);
      y += 13.5;
    }
    append('\n\n');
    // A 4×4 table: its node spans the HTML, its cells their text.
    const tableStart = offset;
    append('<table>');
    const cells: StructureNode[] = [];
    const tableTop = y + 8;
    for (let r = 0; r < 4; r++) {
      append('<tr>');
      for (let c = 0; c < 4; c++) {
        append('<td>');
        const text = r === 0 ? ['Item', 'Qty', 'Price', 'Total'][c]! : `${(p * 3 + r * 5 + c) % 97}`;
        const cell = leaf('table_cell', text, text, MARGIN + c * 120, tableTop + r * 16, 10);
        cells.push({ ...cell, row: r, col: c, rowspan: 1, colspan: 1 });
        append('</td>');
      }
      append('</tr>');
    }
    append('</table>');
    children.push({
      id: id('table'),
      type: 'table',
      grounding: { page: p, range: { start: tableStart, end: offset }, box: box(MARGIN, tableTop, 480, 64) },
      children: cells,
    });
    append('\n\n');
    children.push(leaf('marginalia', `Confidential · ${p}`, `Confidential - ${p}`, MARGIN, PAGE_H - 30, 8));
    pageNodes.push({
      type: 'page',
      page: p,
      status: 'ok',
      reason: '',
      grounding: { page: p, range: { start: pageStart, end: offset }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
      children,
    });
  }

  const markdown = parts.join('');
  const response: ParseResponse = {
    markdown,
    metadata: {
      job_id: 'parse-01jbench00000000000000000',
      filename: 'large.pdf',
      version: 'dpt-3-pro-20251103',
      page_count: pages,
      duration_ms: 0,
      failed_pages: [],
      output_markdown_chars: cp(markdown),
      range_units: 'unicode_codepoints',
      billing: { total_credits: pages * 3 },
    },
    structure: { type: 'document', children: pageNodes },
  };
  // 200 fields: each a stretch of a text block, spread over the whole document.
  const extraction: Record<string, string> = {};
  const extractionMetadata: Record<string, { ranges: Array<{ start: number; end: number }> }> = {};
  for (let f = 0; f < 200; f++) {
    const block = textBlocks[Math.floor((f / 200) * textBlocks.length) + (f % 7)]!;
    const text = Array.from(block.text);
    const from = 3;
    const to = Math.min(text.length, from + 12 + (f % 10));
    const name = `field_${String(f).padStart(3, '0')}`;
    extraction[name] = text.slice(from, to).join('');
    extractionMetadata[name] = { ranges: [{ start: block.range.start + from, end: block.range.start + to }] };
  }
  const extract = {
    extraction,
    extraction_metadata: extractionMetadata,
    metadata: {
      doc_id: 'extract-01jbench00000000000000000',
      model_version: 'extract-20251024',
      range_units: 'unicode_codepoints',
      billing: { total_credits: 200 },
    },
  };

  writeFileSync(FILES.pdf, await pdf.save({ useObjectStreams: true }));
  writeFileSync(FILES.parse, JSON.stringify(response));
  writeFileSync(FILES.extract, JSON.stringify(extract));
  return FILES;
}

if (process.argv.includes('--generate')) {
  const started = Date.now();
  const files = await generateLargeDocument();
  const { statSync } = await import('node:fs');
  console.log(
    `generated in ${((Date.now() - started) / 1000).toFixed(1)} s: pdf ${(statSync(files.pdf).size / 1e6).toFixed(1)} MB, parse ${(statSync(files.parse).size / 1e6).toFixed(1)} MB`,
  );
}
