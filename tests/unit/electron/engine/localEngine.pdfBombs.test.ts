import { describe, expect, it } from 'vitest';
import { countPdfPagesInWorker, parseLocally } from '../../../../electron/engine/localEngine.js';
import { pdfBombs } from '../../../support/pdfBombs.js';

// Hostile PDFs get a bounded, explained outcome: the page they aim at fails alone with its
// reason, within the page budget, and the ordinary page after it is read.
describe('PDF bombs', () => {
  it('a page tree claiming a hundred million pages opens with the pages it holds', async () => {
    const { bytes, name } = pdfBombs.lyingPageCount();
    expect(await countPdfPagesInWorker(bytes, name)).toBe(2);
    const response = await parseLocally(bytes, {}, { filename: name });
    expect(response.metadata.page_count).toBe(2);
    expect(response.markdown).toContain('The second page is fine');
  });

  it('objects nested 200,000 deep fail their page alone', async () => {
    const { bytes, name } = pdfBombs.deepObjects();
    expect(await countPdfPagesInWorker(bytes, name)).toBe(2);
    const response = await parseLocally(bytes, {}, { filename: name });
    expect(response.metadata.failed_pages).toEqual([1]);
    const [first] = (response.structure.children ?? []) as { status?: string; reason?: string }[];
    expect(first).toMatchObject({ status: 'failed', reason: expect.stringMatching(/could not be read/) });
    expect(response.markdown).toContain('The second page is fine');
  });

  it('a page that keeps the reader busy past its budget fails alone, and the document goes on', async () => {
    const { bytes, name } = pdfBombs.deepContent();
    const started = performance.now();
    const response = await parseLocally(bytes, {}, { filename: name, limits: { pageBudgetMs: 2_000, stuckGraceMs: 1_000 } });
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(response.metadata.failed_pages).toEqual([1]);
    const [first] = (response.structure.children ?? []) as { status?: string; reason?: string }[];
    expect(first).toMatchObject({ status: 'failed', reason: expect.stringMatching(/took longer than 2 s/) });
    expect(response.markdown).toContain('The second page is fine');
  }, 30_000);

  it('an image claiming 900 megapixels on a scanned page is not decoded for OCR; the page stays within bounds', async () => {
    const { bytes, name } = pdfBombs.hugeImage();
    const response = await parseLocally(bytes, {}, { filename: name });
    expect(response.metadata.page_count).toBe(2);
    expect(response.markdown).toContain('The second page is fine');
    expect(response.structure.children?.[0]).toMatchObject({ page: 1, status: expect.stringMatching(/^(ok|no_text_layer)$/) });
  }, 60_000);
});
