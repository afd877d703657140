import { describe, expect, it } from 'vitest';
import { parseResponseSchema } from '../../../../shared/contracts/v2Parse.js';
import { AppError } from '../../../../shared/errors.js';
import { OCR_FOUND_NOTHING_REASON } from '../../../../electron/engine/ocr/ocrPage.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { passwordProtectedPdf } from '../../../support/encryptedPdf.js';
import { buildPdf } from '../../../support/pdfFixtures.js';

describe('parseDocument: documents it cannot read', () => {
  it('refuses a PDF that needs a password, without one, with a clear error before parsing', async () => {
    const error = await parseDocument(await passwordProtectedPdf({ pages: 1, title: 'Locked' }), {}, { filename: 'locked.pdf' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'password_required', message: expect.stringContaining('"locked.pdf" is protected by a password') });
    expect((error as AppError).hint).toMatch(/enter its password/);
  });

  it('refuses bytes that are neither a PDF nor an image; an image with a broken header fails its one page', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const image = await parseDocument(png, {}, { filename: 'scan.png' });
    expect(image.structure.children?.[0]).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('header is damaged or cut short'),
    });
    expect(image.metadata.failed_pages).toEqual([1]);
    await expect(parseDocument(new TextEncoder().encode('hello'), {})).rejects.toMatchObject({ code: 'unsupported_file_type' });
    await expect(parseDocument(new TextEncoder().encode('%PDF-1.7 broken\n%%EOF'), {})).rejects.toMatchObject({ code: 'corrupt_pdf' });
  });

  it('reads a scanned (image-only) page by OCR; one with no words keeps "no_text_layer", grounded on the whole page', async () => {
    const bytes = await buildPdf([{ texts: [{ text: 'Cover letter', x: 50, y: 100 }] }, { scan: true }]);
    const result = await parseDocument(bytes);
    expect(parseResponseSchema.safeParse(result).success).toBe(true);
    const scan = result.structure.children?.[1];
    expect(scan).toMatchObject({
      type: 'page',
      page: 2,
      status: 'no_text_layer',
      reason: OCR_FOUND_NOTHING_REASON,
      children: [],
      grounding: { page: 2, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
      dpi: 300,
      ocr: { languages: ['eng'] },
    });
    expect(result.structure.children?.[0]?.status).toBe('ok');
    expect(result.markdown).toBe('<!-- page 1 -->\n\nCover letter\n\n<!-- page 2 -->');
    expect(result.metadata.failed_pages).toEqual([]);
  });
});

describe('parseDocument: progress and cancellation', () => {
  it('reports progress per page and stops with code "cancelled" when aborted', async () => {
    const bytes = await buildPdf(Array.from({ length: 6 }, (_, i) => ({ texts: [{ text: `Page body ${i + 1}`, x: 50, y: 100 }] })));
    const seen: [number, number][] = [];
    await parseDocument(bytes, {}, { onProgress: (done, total) => seen.push([done, total]) });
    expect(seen).toEqual([
      [1, 6],
      [2, 6],
      [3, 6],
      [4, 6],
      [5, 6],
      [6, 6],
    ]);

    const controller = new AbortController();
    const progress: number[] = [];
    const run = parseDocument(
      bytes,
      {},
      {
        signal: controller.signal,
        onProgress: (done) => {
          progress.push(done);
          if (done === 2) controller.abort();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    expect(progress).toEqual([1, 2]);
  });
});
