import { describe, expect, it } from 'vitest';
import { documentWarnings } from '../../../../electron/formats/documentWarnings.js';
import { countPdfPagesInWorker, parseLocally } from '../../../../electron/engine/localEngine.js';
import { openWithPdfjs } from '../../../../scripts/corpus/referencePdfjs.js';
import { damagedPdfs } from '../../../support/damagedPdfs.js';
import { multiPageTiff } from '../../../support/hostileImages.js';
import { readImageInfo } from '../../../../shared/imageInfo.js';

const tiffPages = (bytes: Uint8Array) => readImageInfo(bytes, 'image/tiff')?.pages;

const PDF = { kind: 'pdf', encrypted: false } as const;

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
    expect(documentWarnings(PDF, bytes).map((w) => w.code)).toEqual([warning]);
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
  expect(documentWarnings(PDF, whole)).toEqual([]);
});

describe('a TIFF of many pages', () => {
  it('opens with a warning that only its first page is shown and read', () => {
    const { bytes } = multiPageTiff(500);
    expect(tiffPages(bytes)).toBe(500);
    expect(documentWarnings({ kind: 'image', mime: 'image/tiff' }, bytes)).toEqual([
      { code: 'tiff_pages', message: expect.stringContaining('holds 500 pages; only the first is shown and read') },
    ]);
    expect(documentWarnings({ kind: 'image', mime: 'image/tiff' }, multiPageTiff(1).bytes)).toEqual([]);
  });

  it('a page chain that loops back, or runs past the end, is cut off, not followed', () => {
    const looped = new Uint8Array(multiPageTiff(3).bytes);
    const view = new DataView(looped.buffer);
    // Where each directory points to the next: after its entries.
    const nextPointers: number[] = [];
    for (let ifd = view.getUint32(4, true); ifd !== 0; ifd = view.getUint32(nextPointers.at(-1) as number, true))
      nextPointers.push(ifd + 2 + view.getUint16(ifd, true) * 12);
    expect(nextPointers).toHaveLength(3);
    view.setUint32(nextPointers[2] as number, view.getUint32(4, true), true); // the third points back at the first
    expect(tiffPages(looped)).toBe(3);
    view.setUint32(nextPointers[2] as number, 0xfffffff0, true); // past the end
    expect(tiffPages(looped)).toBe(3);
    expect(tiffPages(multiPageTiff(10_050, 1).bytes)).toBe(10_000);
    expect(documentWarnings({ kind: 'image', mime: 'image/tiff' }, multiPageTiff(10_050, 1).bytes)[0]?.message).toContain(
      'holds at least 10,000 pages',
    );
  });
});
