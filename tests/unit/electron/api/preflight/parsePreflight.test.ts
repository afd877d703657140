import { describe, expect, it } from 'vitest';
import { checkParseInput } from '../../../../../electron/api/preflight/parsePreflight.js';
import { pdf } from '../../../../support/emulatorHarness.js';
import { multiPageTiff } from '../../../../support/hostileImages.js';

const NOW = Date.UTC(2025, 0, 2, 3, 0, 0);
/** An AWS-style presigned URL valid for `seconds` from NOW. */
const validFor = (seconds: number) => `https://b.s3.amazonaws.com/out.json?X-Amz-Date=20250102T030000Z&X-Amz-Expires=${seconds}`;
const tooShort = { code: 'output_save_url_too_short' };

// v2.output-save-url.window: 15 minutes plus 3 s per document page, counted as the service may count them.
describe('the output_save_url window of a parse job', () => {
  it('counts the whole document, whatever options.pages picks', async () => {
    const document = { bytes: await pdf(40), filename: 'report.pdf' };
    // 15 min + 3 s × 40 pages = 17 min: 16 min is enough for the one page asked, not for the document.
    await expect(checkParseInput({ document, options: { pages: [1] }, output_save_url: validFor(960) }, NOW)).rejects.toMatchObject({
      ...tooShort,
      message: expect.stringContaining('40 pages'),
    });
    expect((await checkParseInput({ document, options: { pages: [1] }, output_save_url: validFor(1020) }, NOW)).warnings).toEqual([]);
  });

  it("counts every page of a TIFF, though the app reads only the first, and a PDF's page tree when pdf.js counted fewer", async () => {
    const tiff = multiPageTiff(300);
    // 15 min + 3 s × 300 pages = 30 min.
    await expect(
      checkParseInput({ document: { ...tiff, filename: tiff.name }, output_save_url: validFor(1200) }, NOW),
    ).rejects.toMatchObject(tooShort);
    await expect(
      checkParseInput({ document: { ...tiff, filename: tiff.name }, output_save_url: validFor(1800) }, NOW),
    ).resolves.toBeTruthy();
    // The import's count says 1; the file's page tree says 40: the service may read either.
    const damaged = { bytes: await pdf(40), filename: 'damaged.pdf', pageCount: 1 };
    await expect(checkParseInput({ document: damaged, output_save_url: validFor(960) }, NOW)).rejects.toMatchObject(tooShort);
  });

  it('a document_url whose pages are not known is judged as a document of up to 10,000 pages, and the warning says so', async () => {
    const byUrl = { document_url: 'https://example.com/scan.pdf' };
    // An hour is enough for 900 pages, not for 10,000 (8 h 35 min).
    await expect(checkParseInput({ ...byUrl, output_save_url: validFor(3600) }, NOW)).rejects.toMatchObject({
      ...tooShort,
      message: expect.stringMatching(/10,000 pages.*not known/),
    });
    const { warnings } = await checkParseInput({ ...byUrl, output_save_url: validFor(9 * 3600) }, NOW);
    expect(warnings).toEqual([expect.stringMatching(/page count is not known.*10,000 pages/)]);
    // Its downloaded copy's pages, when counted, set the window.
    await expect(checkParseInput({ ...byUrl, pageCount: 2, output_save_url: validFor(3600) }, NOW)).resolves.toMatchObject({
      warnings: [],
    });
  });
});
