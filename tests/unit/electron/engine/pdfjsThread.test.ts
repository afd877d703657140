import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLocally } from '../../../../electron/engine/localEngine.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';

// In its worker the engine runs pdf.js in a thread of its own, under the same heap ceiling.
// A page that kills that thread fails alone, and the pages after it are read in a new one.

const workerPath = process.env.GROUNDWORK_ENGINE_WORKER!;

/** Three pages of text; the second also shows one string of 30 million letters, far more than pdf.js can hold in 64 MB. */
async function pdfWithHugeString(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) doc.addPage([600, 800]).drawText(`Page ${n} text`, { x: 50, y: 700, size: 12, font });
  const page = doc.getPage(1);
  const fontName = page.node.normalizedEntries().Font.keys()[0]!.asString();
  const extra = doc.context.register(doc.context.flateStream(`BT ${fontName} 1 Tf 10 10 Td (${'x'.repeat(30_000_000)}) Tj ET`));
  page.node.set(PDFName.of('Contents'), doc.context.obj([page.node.get(PDFName.of('Contents'))!, extra]));
  return doc.save();
}

describe('pdf.js in a thread of its own', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = await pdfWithHugeString();
  });

  it('a page that runs pdf.js out of memory fails alone with that reason; the pages after it are read', async () => {
    const result = await parseLocally(bytes, {}, { workerPath, filename: 'huge.pdf', limits: { maxHeapMb: 64 } });
    const pages = result.structure.children ?? [];
    expect(pages.map((p) => p.status)).toEqual(['ok', 'failed', 'ok']);
    expect(pages[1]?.reason).toMatch(/needs more memory than the local engine allows \(0\.1 GB\)/);
    expect(result.metadata.failed_pages).toEqual([2]);
    expect(result.markdown).toContain('Page 1 text');
    expect(result.markdown).toContain('Page 3 text');
  }, 60_000);

  it('reads the same Markdown and structure as pdf.js in the caller’s thread', async () => {
    const selected = { pages: [1, 3] };
    const [inWorker, inProcess] = await Promise.all([
      parseLocally(bytes, selected, { workerPath, filename: 'huge.pdf' }),
      parseDocument(bytes, selected, { filename: 'huge.pdf' }),
    ]);
    expect(inWorker.markdown).toBe(inProcess.markdown);
    expect(inWorker.structure).toEqual(inProcess.structure);
  }, 60_000);
});
