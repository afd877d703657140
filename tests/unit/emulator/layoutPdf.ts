import { PDFDocument, StandardFonts } from 'pdf-lib';
import { rgbPng } from '../../support/png.js';

/** Where `layoutPdf` draws things, in points on a 612 × 792 page (y down from the top). */
export const LAYOUT = {
  width: 612,
  height: 792,
  heading: { x: 72, top: 90, size: 24, text: 'Quarterly Report' },
  paragraph: {
    x: 72,
    top: 150,
    size: 11,
    lines: ['The northern offices grew steadily through the year.', 'Invoice number: INV-77', 'Total: 1234.50'],
  },
  table: {
    x: [72, 250, 430],
    top: 260,
    size: 11,
    rows: [
      ['Item', 'Qty', 'Amount'],
      ['Paper', '10', '245.00'],
      ['Pens', '4', '75.00'],
    ],
  },
  figure: { x: 72, top: 400, width: 300, height: 200 },
  logo: { x: 480, top: 30, width: 60, height: 40 },
  footer: { x: 290, top: 760, size: 9, text: 'Page 1 of 2' },
} as const;

/**
 * A two-page PDF with a real text layer and images: page 1 has a logo, a large heading, a
 * paragraph, a 3 × 3 table drawn as columns of text, a figure and a page-number footer;
 * page 2 is blank (no text at all).
 */
export async function layoutPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([LAYOUT.width, LAYOUT.height]);
  const text = (s: string, x: number, top: number, size: number, f = font) =>
    page.drawText(s, { x, y: LAYOUT.height - top - size, size, font: f });
  const { heading, paragraph, table, figure, logo, footer } = LAYOUT;
  text(heading.text, heading.x, heading.top, heading.size, bold);
  paragraph.lines.forEach((line, i) => text(line, paragraph.x, paragraph.top + i * paragraph.size * 1.4, paragraph.size));
  table.rows.forEach((row, r) => row.forEach((cell, c) => text(cell, table.x[c]!, table.top + r * table.size * 1.8, table.size)));
  const image = await doc.embedPng(rgbPng(40, 30));
  page.drawImage(image, { x: figure.x, y: LAYOUT.height - figure.top - figure.height, width: figure.width, height: figure.height });
  page.drawImage(image, { x: logo.x, y: LAYOUT.height - logo.top - logo.height, width: logo.width, height: logo.height });
  text(footer.text, footer.x, footer.top, footer.size);
  doc.addPage([LAYOUT.width, LAYOUT.height]);
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}
