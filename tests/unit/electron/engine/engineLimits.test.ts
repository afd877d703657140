import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLocally } from '../../../../electron/engine/localEngine.js';
import type { EngineLimits } from '../../../../electron/engine/engineLimits.js';

// What one document may cost the offline engine: a page over its budget fails alone and the
// document goes on; a page that stops the worker (stuck, or over the memory ceiling) is
// skipped on a restart; the document has a budget of its own.

const workerPath = process.env.GROUNDWORK_ENGINE_WORKER!;
const scripted = fileURLToPath(new URL('./fakeWorkers/scripted.mjs', import.meta.url));
const NO_BYTES = new Uint8Array(0);
// The grace covers a thread's out-of-memory end reaching main: 64 MB of garbage collection, then two
// hops (the thread to the parser host, the host to main), which took over 300 ms on a loaded machine.
const fast: Partial<EngineLimits> = { pageBudgetMs: 200, stuckGraceMs: 800, documentBudgetMs: 20_000, maxStoppedPages: 3, maxHeapMb: 64 };

/** Three pages of text; the middle one also shows 500,000 one-letter strings, which take pdf.js about a second to read. */
async function pdfWithSlowPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) doc.addPage([600, 800]).drawText(`Page ${n} text`, { x: 50, y: 700, size: 12, font });
  const slow = doc.getPage(1);
  const fontName = slow.node.normalizedEntries().Font.keys()[0]!.asString();
  const ops = `BT ${fontName} 1 Tf ${'1 0 Td (x) Tj '.repeat(500_000)}ET`;
  const extra = doc.context.register(doc.context.flateStream(ops));
  const contents = slow.node.get(PDFName.of('Contents'));
  slow.node.set(PDFName.of('Contents'), doc.context.obj([contents!, extra]));
  return doc.save();
}

describe('the engine worker under limits', () => {
  let slowPdf: Uint8Array;
  beforeAll(async () => {
    slowPdf = await pdfWithSlowPage();
  });

  it('a page over its budget is cancelled and reported failed; the pages around it are read', async () => {
    const result = await parseLocally(slowPdf, {}, { workerPath, filename: 'slow.pdf', limits: { pageBudgetMs: 150 } });
    const pages = result.structure.children ?? [];
    expect(pages.map((p) => p.status)).toEqual(['ok', 'failed', 'ok']);
    expect(pages[1]?.reason).toMatch(/took longer than 150 ms/);
    expect(result.metadata.failed_pages).toEqual([2]);
    expect(result.markdown).toContain('Page 3 text');
  });

  it('with the normal budget the same page is read', async () => {
    const result = await parseLocally(slowPdf, {}, { workerPath, filename: 'slow.pdf' });
    expect((result.structure.children ?? []).map((p) => p.status)).toEqual(['ok', 'ok', 'ok']);
  });

  it('a worker stuck on a page is stopped, and the document is read again past that page', async () => {
    const progress: number[] = [];
    const result = await parseLocally(
      NO_BYTES,
      { pages: 4, script: { 2: 'hang' } },
      { workerPath: scripted, limits: fast, onProgress: (done) => progress.push(done) },
    ).catch((e: unknown) => e);
    expect(result).not.toBeInstanceOf(Error);
    const response = result as Awaited<ReturnType<typeof parseLocally>>;
    expect(response.metadata.failed_pages).toEqual([2]);
    expect(response.structure.children?.[1]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/took longer than 200 ms/) });
    // The restart reads from page 1 again; the progress shown never goes back.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('a page over the memory ceiling ends only its worker; the page is skipped', async () => {
    const response = await parseLocally(NO_BYTES, { pages: 3, script: { 3: 'oom' } }, { workerPath: scripted, limits: fast });
    expect(response.metadata.failed_pages).toEqual([3]);
    expect(response.structure.children?.[2]?.reason).toMatch(/more memory than the local engine allows/);
  });

  it('gives the document up after too many stopped pages, saying why', async () => {
    const script = { 1: 'hang', 2: 'hang', 3: 'hang', 4: 'hang' };
    await expect(parseLocally(NO_BYTES, { pages: 4, script }, { workerPath: scripted, limits: fast })).rejects.toMatchObject({
      code: 'engine_timeout',
      message: expect.stringContaining('page 4'),
    });
  });

  it('stops a document past its own budget', async () => {
    await expect(
      parseLocally(
        NO_BYTES,
        { pages: 2, script: { 1: 'slow' } },
        { workerPath: scripted, limits: { ...fast, pageBudgetMs: 60_000, documentBudgetMs: 300 } },
      ),
    ).rejects.toMatchObject({ code: 'engine_timeout' });
  });
});
