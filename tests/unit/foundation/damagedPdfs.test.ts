import { describe, expect, it } from 'vitest';
import { pdfWarnings } from '../../../electron/documents/pdfWarnings.js';
import { countPdfPagesInWorker, parseLocally } from '../../../electron/engine/localEngine.js';
import { openWithPdfjs } from '../../../scripts/corpus/referencePdfjs.js';
import { damagedPdfs } from '../../support/damagedPdfs.js';

// Each damage pdf.js recovers from opens, with the warning that names it, and the offline
// engine reads every page pdf.js finds.
describe.each([
  ['a PDF without %%EOF', damagedPdfs.withoutEof, 'truncated_pdf', 3],
  ['a PDF with junk before its header', damagedPdfs.junkBeforeHeader, 'junk_before_header', 2],
  ['a PDF without a header', damagedPdfs.withoutHeader, 'no_pdf_header', 2],
] as const)('%s', (_label, make, warning, pages) => {
  it('is opened by bare pdf.js, so the app must open it too', async () => {
    const { bytes } = await make();
    expect(await openWithPdfjs(bytes, 20_000)).toEqual({ opens: true, pages });
  });

  it('opens with its warning, and the offline engine reads every page', async () => {
    const { bytes, name } = await make();
    expect(pdfWarnings(bytes).map((w) => w.code)).toEqual([warning]);
    expect(await countPdfPagesInWorker(bytes, name)).toBe(pages);
    const response = await parseLocally(bytes, {}, { filename: name });
    expect(response.metadata.page_count).toBe(pages);
    expect(response.metadata.failed_pages).toEqual([]);
    expect(response.markdown).toContain(`page ${pages}: Total: ${pages * 100}.00`);
  });
});

it('a whole PDF has no warning', async () => {
  const { bytes } = await damagedPdfs.withoutEof();
  const whole = new Uint8Array([...bytes, ...new TextEncoder().encode('%%EOF\n')]);
  expect(pdfWarnings(whole)).toEqual([]);
});
