import { describe, expect, it } from 'vitest';
import type { Grounding, StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { whitePng } from '../../../support/png.js';
import { expectedWordBoxes, greyTiff, letterScan, scanJpeg, scanPng, sidewaysJpeg, type ScanSpec } from '../../../support/scans.js';

// Images as documents of one page: each format the app opens, in the frame the viewer shows,
// and bounded: an image too big to decode gets a failed page and a reason, never a decode.

const words = (page: StructureNode | undefined): Grounding[] => (page?.children ?? []).flatMap((e) => e.atomic_grounding ?? []);

describe('images read by OCR', () => {
  it('a JPEG stored sideways is read upright, boxes in the frame the viewer shows', async () => {
    const spec: ScanSpec = { width: 900, height: 1200, texts: [{ text: 'Portrait receipt 5521', x: 100, y: 200, size: 36 }] };
    const result = await parseDocument(sidewaysJpeg(spec), {}, { filename: 'photo.jpg' });
    expect(result.markdown).toBe('<!-- page 1 -->\n\nPortrait receipt 5521');
    const found = words(result.structure.children?.[0]);
    const expected = expectedWordBoxes(spec, spec.texts[0]!);
    expect(found).toHaveLength(3);
    found.forEach((word, i) => {
      expect(Math.abs(word.box.xmin - expected[i]!.xmin)).toBeLessThan(0.015);
      expect(Math.abs(word.box.ymin - expected[i]!.ymin)).toBeLessThan(0.01);
    });
  });

  it('a JPEG without orientation is read as stored', async () => {
    const spec = letterScan(['Plain photo caption']);
    const result = await parseDocument(scanJpeg(spec), {}, { filename: 'caption.jpg' });
    expect(result.markdown).toBe('<!-- page 1 -->\n\nPlain photo caption');
  });

  it('a multi-page TIFF: the first page is read, and the page says the rest were not', async () => {
    const first = letterScan(['First sheet of the fax']);
    const second = letterScan(['Second sheet never read']);
    const result = await parseDocument(greyTiff([first, second, second]), {}, { filename: 'fax.tif' });
    expect(result.markdown).toBe('<!-- page 1 -->\n\nFirst sheet of the fax');
    expect(result.metadata.page_count).toBe(1);
    const page = result.structure.children?.[0];
    expect(page).toMatchObject({ status: 'ok', ocr: { languages: ['eng'] } });
    expect(page?.reason).toMatch(/holds 3 pages; only the first was read/);
    expect(page?.reason).toMatch(/Convert it to PDF/);
  });

  it('a 20,000 × 20,000 image fails its page with the reason, without decoding it', async () => {
    const huge = whitePng(20_000, 20_000);
    const rssBefore = process.memoryUsage().rss;
    const result = await parseDocument(huge, {}, { filename: 'poster.png' });
    // Decoding it would take 1.6 GB (and many seconds).
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    const page = result.structure.children?.[0];
    expect(page).toMatchObject({ status: 'failed', children: [] });
    expect(page?.reason).toMatch(/20,000 × 20,000 pixels \(400 megapixels\)/);
    expect(page?.reason).toMatch(/up to 64 megapixels/);
    expect(page?.reason).toMatch(/cloud parser/);
    expect(result.metadata.failed_pages).toEqual([1]);
  });

  it('an image whose data is not an image fails its page, saying it cannot be decoded', async () => {
    const png = scanPng(letterScan(['Damaged']));
    // A sound header (PNG signature and size), then zeros where the chunks should be.
    const damaged = new Uint8Array(png.length);
    damaged.set(png.subarray(0, 33));
    const result = await parseDocument(damaged, {}, { filename: 'damaged.png' });
    const page = result.structure.children?.[0];
    expect(page?.status).toBe('failed');
    expect(page?.reason).toMatch(/^This page could not be read: the image data cannot be decoded/);
  });
});
