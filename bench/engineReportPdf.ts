import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * The engine bench's document (`npm run bench:engine`), also read by the engine's output
 * check: text-heavy report pages with a running header and footer, a heading, paragraphs, a
 * list and a small table.
 */
export async function benchReportPdf(pageCount: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const sentence = 'The quarterly figures were reviewed by the regional offices and the board before publication in this report.';
  for (let p = 1; p <= pageCount; p++) {
    const page = doc.addPage([612, 792]);
    const text = (s: string, x: number, y: number, size = 10, f = font) => page.drawText(s, { x, y: 792 - y, size, font: f });
    text('Benchmark Corp  |  Annual Report', 56, 40, 9);
    text(`Section ${p}`, 56, 90, 16, bold);
    let y = 120;
    for (let para = 0; para < 3; para++) {
      for (let line = 0; line < 7; line++) text(`${sentence.slice(0, 88)} ${p}.${para}.${line}`, 56, (y += 13));
      y += 10;
    }
    for (let item = 0; item < 4; item++) text(`•  List item ${item + 1} on page ${p}`, 66, (y += 14));
    y += 16;
    for (let row = 0; row < 5; row++) {
      y += 15;
      text(`Row ${row}`, 56, y);
      text(String(100 * row + p), 250, y);
      text(`${(row * 1.5).toFixed(2)}%`, 400, y);
      text(`$${row * 20 + p}.00`, 500, y);
    }
    text(`Page ${p} of ${pageCount}`, 280, 760, 9);
  }
  return doc.save();
}
