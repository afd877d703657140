/**
 * Scans made for real: text drawn with DejaVu Sans Mono on a Skia canvas (the @napi-rs/canvas
 * pdf.js draws with in Node), saved as an image, or embedded as a full-page picture in a PDF
 * with no text layer. Positions are known, so the OCR boxes can be checked.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { MONO } from './pdfFixtures.js';

const FAMILY = 'Groundwork Test Mono';
GlobalFonts.registerFromPath(new URL('../../fixtures/fonts/DejaVuSansMono.ttf', import.meta.url).pathname, FAMILY);

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
export async function mixedPdf(pages: ({ kind: 'text'; lines: string[] } | { kind: 'scan'; spec: ScanSpec })[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = doc.addPage([612, 792]);
    if (spec.kind === 'text') {
      spec.lines.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - i * 20, size: 12, font }));
    } else {
      const image = await doc.embedPng(scanPng(spec.spec));
      page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
    }
  }
  return doc.save({ useObjectStreams: false });
}

/** A US Letter page scanned at 150 DPI (1275 × 1650 pixels) with the given lines of 28 px text (about 13 pt). */
export function letterScan(lines: string[], options: { size?: number; top?: number } = {}): ScanSpec {
  const size = options.size ?? 28;
  const top = options.top ?? 200;
  return { width: 1275, height: 1650, texts: lines.map((text, i) => ({ text, x: 150, y: top + i * size * 1.6, size })) };
}
