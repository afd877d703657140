import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pngFile } from '../../support/png.js';
import { generateLargeDocument } from '../../../bench/largeDocument/generate.js';

/** The documents the monkey opens and imports: small, medium, many-page (slow to draw, so switching away lands mid-load) and an image. */
export interface MonkeyFiles {
  /** Documents for "Open…". */
  documents: string[];
  /** File sets for "Import result…": a document with its result JSON(s). */
  imports: string[][];
}

const LARGE_PAGES = 60;
const IMAGE_W = 900;
const IMAGE_H = 1200;

export async function prepareMonkeyFiles(): Promise<MonkeyFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-monkey-'));
  const invoice = join(dir, 'invoice.pdf');
  const report = join(dir, 'report.pdf');
  await copyFile(join(process.cwd(), 'resources', 'samples', 'invoice.pdf'), invoice);
  await copyFile(join(process.cwd(), 'resources', 'samples', 'report.pdf'), report);
  const large = await generateLargeDocument(LARGE_PAGES, dir);
  const image = join(dir, 'scan.png');
  const imageResult = join(dir, 'scan.json');
  await writeFile(image, grayPng(IMAGE_W, IMAGE_H));
  await writeFile(imageResult, JSON.stringify(imageParseResult()));
  return {
    documents: [invoice, report, large.pdf, image],
    imports: [
      [large.pdf, large.parse, large.extract],
      [large.pdf, large.parse],
      [image, imageResult],
    ],
  };
}

/** A light grey PNG with darker bands where the result below says its blocks are. */
function grayPng(width: number, height: number): Uint8Array {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const band = Math.floor(y / (height / 8)) % 2 === 1;
    rows.push(Buffer.concat([Buffer.from([0]), Buffer.alloc(width, band ? 0xb0 : 0xf0)]));
  }
  return pngFile(width, height, { bitDepth: 8, colourType: 0 }, Buffer.concat(rows));
}

/** A v2 parse result for the image: four text blocks on its darker bands. */
function imageParseResult(): unknown {
  const texts = ['Band one', 'Band two', 'Band three', 'Band four'];
  let markdown = '';
  const children = texts.map((text, i) => {
    const start = markdown.length;
    markdown += `${text}\n\n`;
    const ymin = (2 * i + 1) / 8;
    return {
      id: `text-${i}`,
      type: 'text',
      grounding: { page: 1, range: { start, end: start + text.length }, box: { xmin: 0.1, ymin, xmax: 0.9, ymax: ymin + 0.125 } },
    };
  });
  const whole = { page: 1, range: { start: 0, end: markdown.length }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } };
  return {
    markdown,
    metadata: { page_count: 1, failed_pages: [], range_units: 'unicode_codepoints', version: 'dpt-3-pro-20251103' },
    structure: { type: 'document', children: [{ type: 'page', page: 1, status: 'ok', reason: '', grounding: whole, children }] },
  };
}
