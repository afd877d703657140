import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
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
    imports: [[large.pdf, large.parse, large.extract], [large.pdf, large.parse], [image, imageResult]],
  };
}

/** A light grey PNG with darker bands where the result below says its blocks are. */
function grayPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const band = Math.floor(y / (height / 8)) % 2 === 1;
    rows.push(Buffer.concat([Buffer.from([0]), Buffer.alloc(width, band ? 0xb0 : 0xf0)]));
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A v2 parse result for the image: four text blocks on its darker bands. */
function imageParseResult(): unknown {
  const texts = ['Band one', 'Band two', 'Band three', 'Band four'];
  let markdown = '';
  const children = texts.map((text, i) => {
    const start = markdown.length;
    markdown += `${text}\n\n`;
    const ymin = (2 * i + 1) / 8;
    return { id: `text-${i}`, type: 'text', grounding: { page: 1, range: { start, end: start + text.length }, box: { xmin: 0.1, ymin, xmax: 0.9, ymax: ymin + 0.125 } } };
  });
  const whole = { page: 1, range: { start: 0, end: markdown.length }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } };
  return {
    markdown,
    metadata: { page_count: 1, failed_pages: [], range_units: 'unicode_codepoints', version: 'dpt-3-pro-20251103' },
    structure: { type: 'document', children: [{ type: 'page', page: 1, status: 'ok', reason: '', grounding: whole, children }] },
  };
}
