/**
 * Scans made for real: text drawn with DejaVu Sans Mono on a Skia canvas (the @napi-rs/canvas
 * pdf.js draws with in Node), saved as an image, or embedded as a full-page picture in a PDF
 * with no text layer. Positions are known, so the OCR boxes can be checked.
 */
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { MONO } from './pdfFixtures.js';
import { greyPagesTiff } from './tiff.js';

const FAMILY = 'Groundwork Test Mono';
GlobalFonts.registerFromPath(fileURLToPath(new URL('../fixtures/fonts/DejaVuSansMono.ttf', import.meta.url)), FAMILY);

export interface ScanText {
  text: string;
  /** Left edge, in pixels. */
  x: number;
  /** Baseline, in pixels from the top. */
  y: number;
  /** Font size in pixels. */
  size: number;
}

export interface ScanSpec {
  width: number;
  height: number;
  texts: ScanText[];
  /** Specks of dust: 2 × 2 black squares at these pixels. */
  specks?: [number, number][];
}

/** The page as a Skia canvas: black text on white paper. */
function draw(spec: ScanSpec) {
  const canvas = createCanvas(spec.width, spec.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, spec.width, spec.height);
  context.fillStyle = '#000000';
  for (const t of spec.texts) {
    context.font = `${t.size}px "${FAMILY}"`;
    context.fillText(t.text, t.x, t.y);
  }
  for (const [x, y] of spec.specks ?? []) context.fillRect(x, y, 2, 2);
  return canvas;
}

export function scanPng(spec: ScanSpec): Uint8Array {
  return new Uint8Array(draw(spec).toBuffer('image/png'));
}

export function scanJpeg(spec: ScanSpec): Uint8Array {
  return new Uint8Array(draw(spec).toBuffer('image/jpeg', 95));
}

/**
 * Where each word of a text line should be boxed, as fractions of the image: the advance box
 * of its characters (mono), from the cap height to the baseline. OCR boxes the ink, so tests
 * compare within a tolerance of a fraction of an em.
 */
export function expectedWordBoxes(spec: ScanSpec, t: ScanText): { word: string; xmin: number; ymin: number; xmax: number; ymax: number }[] {
  const advance = MONO.advance * t.size;
  const boxes = [];
  let column = 0;
  for (const word of t.text.split(' ')) {
    if (word !== '') {
      boxes.push({
        word,
        xmin: (t.x + column * advance) / spec.width,
        ymin: (t.y - 0.73 * t.size) / spec.height,
        xmax: (t.x + (column + word.length) * advance) / spec.width,
        ymax: t.y / spec.height,
      });
    }
    column += word.length + 1;
  }
  return boxes;
}

/**
 * A PDF whose pages are either typed text (a text layer, Helvetica) or a scan: the spec drawn
 * as a full-page PNG and nothing else, as a scanner writes it. Pages are US Letter.
 */
export async function mixedPdf(
  pages: ({ kind: 'text'; lines: string[] } | { kind: 'scan'; spec: ScanSpec; frame?: boolean })[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = doc.addPage([612, 792]);
    if (spec.kind === 'text') {
      spec.lines.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - i * 20, size: 12, font }));
    } else {
      const image = await doc.embedPng(scanPng(spec.spec));
      page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
      // A drawn frame (vector paths, as a scanner's cover sheet or a stamp adds) over the scan.
      if (spec.frame) {
        const corners = [
          [20, 20],
          [592, 20],
          [592, 772],
          [20, 772],
        ] as const;
        corners.forEach(([x, y], i) => {
          const [nx, ny] = corners[(i + 1) % 4]!;
          page.drawLine({ start: { x, y }, end: { x: nx, y: ny }, thickness: 2 });
        });
      }
    }
  }
  return doc.save({ useObjectStreams: false });
}

/**
 * A US Letter page scanned at 150 DPI (1275 × 1650 pixels) with the given lines of 28 px text
 * (about 13 pt), `pitch` ems apart (3 by default: each line a paragraph of its own).
 */
export function letterScan(lines: string[], options: { size?: number; top?: number; pitch?: number } = {}): ScanSpec {
  const size = options.size ?? 28;
  const top = options.top ?? 200;
  const pitch = options.pitch ?? 3;
  return { width: 1275, height: 1650, texts: lines.map((text, i) => ({ text, x: 150, y: top + i * size * pitch, size })) };
}

/**
 * A JPEG stored sideways with EXIF orientation 6 ("rotate 90° clockwise to display"), which
 * shows as `spec` upright: what a phone writes for a portrait photo.
 */
export function sidewaysJpeg(spec: ScanSpec): Uint8Array {
  const canvas = createCanvas(spec.height, spec.width);
  const context = canvas.getContext('2d');
  // A display point (x, y) is stored at (y, width - x).
  context.translate(0, spec.width);
  context.rotate(-Math.PI / 2);
  context.drawImage(draw(spec), 0, 0);
  const jpeg = canvas.toBuffer('image/jpeg', 95);
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
  const body = [...new TextEncoder().encode('Exif'), 0, 0, ...tiff];
  const app1 = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), Buffer.from(app1), jpeg.subarray(2)]));
}

/** A TIFF of the scans as 8-bit grey pages (see tiff.ts). */
export function greyTiff(pages: ScanSpec[]): Uint8Array {
  return greyPagesTiff(
    pages.map((spec) => {
      const rgba = draw(spec).getContext('2d').getImageData(0, 0, spec.width, spec.height).data;
      const grey = Buffer.alloc(spec.width * spec.height);
      for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4] ?? 255;
      return { width: spec.width, height: spec.height, grey };
    }),
  );
}
