import { beforeAll, describe, expect, it } from 'vitest';
import { pageOcrOf } from '../../../../shared/contracts/pageOcr.js';
import { parseResponseSchema, type Grounding, type ParseResponse, type StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { buildParseModel } from '../../../../shared/grounding/parseModel.js';
import { parseLocally } from '../../../../electron/engine/localEngine.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { expectedWordBoxes, letterScan, mixedPdf, scanPng, type ScanSpec } from '../../../support/scans.js';
import { sliceCodePoints } from '../../../support/pdfFixtures.js';

// The offline engine's OCR, for real: tesseract.js reading images drawn with a known font at
// known places, and PDF pages with no text layer drawn by pdf.js.

const workerPath = process.env.GROUNDWORK_ENGINE_WORKER!;

/** Every atomic grounding of the result, with the Markdown it covers. */
function atoms(response: ParseResponse): (Grounding & { text: string })[] {
  const out: (Grounding & { text: string })[] = [];
  const visit = (node: StructureNode) => {
    for (const g of node.atomic_grounding ?? []) out.push({ ...g, text: sliceCodePoints(response.markdown, g.range.start, g.range.end) });
    for (const child of node.children ?? []) visit(child);
  };
  visit(response.structure);
  return out;
}

/** A valid result, as the app's own loaders read it: the schema, and a model with nothing flagged. */
function expectValid(response: ParseResponse): void {
  expect(parseResponseSchema.safeParse(response).success).toBe(true);
  const model = buildParseModel(response);
  expect([...model.nodes.values()].filter((n) => n.flags.length > 0).map((n) => `${n.id}: ${n.flags.join(',')}`)).toEqual([]);
}

/** A dense A4-like page: 46 lines of small text, which takes OCR seconds, not milliseconds. */
function denseScan(): ScanSpec {
  const line = 'The quarterly figures were reviewed by the regional offices before publication';
  return letterScan(
    Array.from({ length: 46 }, (_, i) => `${line} ${i + 1}`),
    { size: 22, top: 120, pitch: 1.45 },
  );
}

describe('OCR of an image', () => {
  const spec = letterScan(['Invoice number 4417', 'Shipped to Marseille warehouse', 'Thank you for your order']);
  let result: ParseResponse;
  beforeAll(async () => {
    result = await parseDocument(scanPng(spec), {}, { filename: 'scan.png' });
  });

  it('reads the words into the Markdown, as one page read by OCR', () => {
    expect(result.markdown).toBe('<!-- page 1 -->\n\nInvoice number 4417\n\nShipped to Marseille warehouse\n\nThank you for your order');
    expect(result.metadata.page_count).toBe(1);
    expect(result.metadata.failed_pages).toEqual([]);
    const page = result.structure.children?.[0];
    expect(page).toMatchObject({ type: 'page', page: 1, status: 'ok', reason: '' });
    expect(pageOcrOf(page!)).toEqual({ engine: expect.stringMatching(/^tesseract\.js \d/), languages: ['eng'] });
    expectValid(result);
  });

  it('grounds every word on its own box, where it was drawn, with a confidence between 0 and 1', () => {
    const words = atoms(result);
    const expected = spec.texts.flatMap((t) => expectedWordBoxes(spec, t).map((box) => ({ ...box, em: t.size })));
    expect(words.map((w) => w.text)).toEqual(expected.map((e) => e.word));
    words.forEach((word, i) => {
      const want = expected[i]!;
      const dx = (0.25 * want.em) / spec.width;
      const dy = (0.25 * want.em) / spec.height;
      expect(Math.abs(word.box.xmin - want.xmin), `${want.word} xmin`).toBeLessThan(dx);
      expect(Math.abs(word.box.xmax - want.xmax), `${want.word} xmax`).toBeLessThan(dx);
      expect(Math.abs(word.box.ymin - want.ymin), `${want.word} ymin`).toBeLessThan(dy);
      // Descenders (p, g, y) reach below the baseline.
      expect(word.box.ymax - want.ymax, `${want.word} ymax`).toBeGreaterThan(-dy);
      expect(word.box.ymax - want.ymax, `${want.word} ymax`).toBeLessThan(dy + (0.25 * want.em) / spec.height);
      expect(word.page).toBe(1);
      expect(word.confidence).toBeGreaterThan(0.5);
      expect(word.confidence).toBeLessThanOrEqual(1);
    });
  });

  it('lays the lines out as elements in reading order, each grounded on its words', () => {
    const elements = result.structure.children?.[0]?.children ?? [];
    expect(elements.map((e) => e.type)).toEqual(['text', 'text', 'text']);
    for (const element of elements) {
      const box = element.grounding!.box;
      for (const atom of element.atomic_grounding ?? []) {
        expect(atom.box.xmin).toBeGreaterThanOrEqual(box.xmin);
        expect(atom.box.xmax).toBeLessThanOrEqual(box.xmax);
        expect(atom.range.start).toBeGreaterThanOrEqual(element.grounding!.range.start);
        expect(atom.range.end).toBeLessThanOrEqual(element.grounding!.range.end);
      }
      // Node-level grounding is unscored, as the service sends it.
      expect(element.grounding).not.toHaveProperty('confidence');
    }
  });
});

describe('OCR words through the shared layout', () => {
  it('finds a title, list items and a table on a scan, grounded word by word (list markers and cells too)', async () => {
    const at = (text: string, x: number, y: number, size = 28) => ({ text, x, y, size });
    const spec: ScanSpec = {
      width: 1275,
      height: 1650,
      texts: [
        at('Quarterly Report', 150, 150, 56),
        at('Results were reviewed by the board.', 150, 260),
        at('- Apples from the north', 150, 360),
        at('- Pears from the south', 150, 420),
        ...[
          ['Item', 'Qty', 'Price'],
          ['Pen', '2', '3.50'],
          ['Ink', '10', '12.00'],
        ].flatMap((row, r) => row.map((cell, c) => at(cell, [150, 550, 850][c]!, 540 + r * 50))),
      ],
    };
    const result = await parseDocument(scanPng(spec), { inline_markdown: true });
    expect(result.markdown).toBe(
      [
        '<!-- page 1 -->',
        '# Quarterly Report',
        'Results were reviewed by the board.',
        '- Apples from the north',
        '- Pears from the south',
        '<table>\n<tr><td>Item</td><td>Qty</td><td>Price</td></tr>\n<tr><td>Pen</td><td>2</td><td>3.50</td></tr>\n<tr><td>Ink</td><td>10</td><td>12.00</td></tr>\n</table>',
      ].join('\n\n'),
    );
    const elements = result.structure.children?.[0]?.children ?? [];
    expect(elements.map((e) => e.type)).toEqual(['title', 'text', 'list_item', 'list_item', 'table']);
    const wordsOf = (node: StructureNode) => atoms({ ...result, structure: node }).map((a) => a.text);
    expect(wordsOf(elements[0]!)).toEqual(['# Quarterly', 'Report']);
    // The OCR'd bullet is the Markdown marker.
    expect(wordsOf(elements[2]!)).toEqual(['- ', 'Apples', 'from', 'the', 'north']);
    expect((elements[4]!.children ?? []).map((cell) => wordsOf(cell))).toEqual([
      ['Item'],
      ['Qty'],
      ['Price'],
      ['Pen'],
      ['2'],
      ['3.50'],
      ['Ink'],
      ['10'],
      ['12.00'],
    ]);
    expect(atoms(result).every((a) => typeof a.confidence === 'number' && a.confidence >= 0 && a.confidence <= 1)).toBe(true);
    expectValid(result);
  });
});

describe('OCR of a typewritten scan', () => {
  it('keeps a paragraph whole across the wide ink gaps of a typewriter font, and drops specks of dust', async () => {
    const at = (text: string, x: number, y: number) => ({ text, x, y, size: 30 });
    const spec: ScanSpec = {
      width: 1700,
      height: 2200,
      texts: [
        at('Goods received at the Marseille warehouse on', 200, 380),
        at('12 March 2024, checked and stored in bay 14.', 200, 426),
        at('Two cartons were damaged in transit.', 200, 472),
        ...[
          ['Pallets', '4', '812 kg'],
          ['Cartons', '36', '290 kg'],
        ].flatMap((row, r) => row.map((cell, c) => at(cell, [200, 700, 1000][c]!, 700 + r * 56))),
      ],
      // A colon's worth of dust between two table columns.
      specks: [
        [480, 740],
        [480, 752],
      ],
    };
    const result = await parseDocument(await mixedPdf([{ kind: 'scan', spec }]));
    expect(result.markdown).toBe(
      [
        '<!-- page 1 -->',
        'Goods received at the Marseille warehouse on 12 March 2024, checked and stored in bay 14. Two cartons were damaged in transit.',
        '<table>\n<tr><td>Pallets</td><td>4</td><td>812 kg</td></tr>\n<tr><td>Cartons</td><td>36</td><td>290 kg</td></tr>\n</table>',
      ].join('\n\n'),
    );
  });
});

describe('OCR of a PDF with a scanned page', () => {
  it('reads a scan with vector paths drawn over it (pdf.js draws paths with Path2D, which Node lacks)', async () => {
    const bytes = await mixedPdf([{ kind: 'scan', spec: letterScan(['Framed delivery note 2291']), frame: true }]);
    const result = await parseDocument(bytes, {}, { filename: 'framed.pdf' });
    expect(result.metadata.failed_pages).toEqual([]);
    expect(result.structure.children?.[0]).toMatchObject({ status: 'ok', ocr: { languages: ['eng'] } });
    expect(result.markdown).toContain('Framed delivery note 2291');
  });

  it('reads only the page without a text layer by OCR; the typed page keeps its text layer', async () => {
    const bytes = await mixedPdf([
      { kind: 'text', lines: ['Typed cover letter'] },
      { kind: 'scan', spec: letterScan(['Scanned delivery note 2291', 'Signed by the driver']) },
    ]);
    const ocrPages = new Set<number>();
    const result = await parseDocument(bytes, {}, { filename: 'mixed.pdf', onOcrProgress: (page) => ocrPages.add(page) });
    expect([...ocrPages]).toEqual([2]);
    expect(result.metadata.page_count).toBe(2);
    expect(result.markdown).toBe(
      '<!-- page 1 -->\n\nTyped cover letter\n\n<!-- page 2 -->\n\nScanned delivery note 2291\n\nSigned by the driver',
    );
    const [typed, scanned] = result.structure.children ?? [];
    expect(typed).toMatchObject({ status: 'ok' });
    expect(pageOcrOf(typed!)).toBeNull();
    expect(atoms({ ...result, structure: typed! }).every((a) => a.confidence === undefined)).toBe(true);
    // Letter at 300 DPI is 8.4 MP, inside the raster budget.
    expect(scanned).toMatchObject({ status: 'ok', reason: '', dpi: 300, ocr: { languages: ['eng'] } });
    expect(atoms({ ...result, structure: scanned! }).map((a) => a.text)).toEqual([
      'Scanned',
      'delivery',
      'note',
      '2291',
      'Signed',
      'by',
      'the',
      'driver',
    ]);
    expectValid(result);
  });

  it('says so when OCR finds nothing on a page without a text layer', async () => {
    const bytes = await mixedPdf([{ kind: 'scan', spec: { width: 850, height: 1100, texts: [] } }]);
    const page = (await parseDocument(bytes)).structure.children?.[0];
    expect(page).toMatchObject({ status: 'no_text_layer', children: [], ocr: { languages: ['eng'] } });
    expect(page?.reason).toMatch(/OCR found no text/);
  });
});

describe('OCR under the engine limits', () => {
  it('a scanned page over the page budget fails alone; the pages around it are read', async () => {
    const bytes = await mixedPdf([
      { kind: 'text', lines: ['Before the scan'] },
      { kind: 'scan', spec: denseScan() },
      { kind: 'text', lines: ['After the scan'] },
    ]);
    const started = performance.now();
    const result = await parseDocument(bytes, {}, { pageBudgetMs: 1500 });
    const pages = result.structure.children ?? [];
    expect(pages.map((p) => p.status)).toEqual(['ok', 'failed', 'ok']);
    expect(pages[1]?.reason).toMatch(/took longer than 1\.5 s to read by OCR/);
    expect(result.metadata.failed_pages).toEqual([2]);
    expect(result.markdown).toContain('Before the scan');
    expect(result.markdown).toContain('After the scan');
    // Stopped at the budget, not when OCR would have finished.
    expect(performance.now() - started).toBeLessThan(6000);
  }, 30_000);

  type Parse = (
    bytes: Uint8Array,
    hooks: { signal: AbortSignal; onOcrProgress: (page: number, fraction: number) => void },
  ) => Promise<unknown>;
  it.each<[string, Parse]>([
    // The recognizer's thread must end with the engine's worker.
    ['in the worker', (bytes, hooks) => parseLocally(bytes, {}, { workerPath, filename: 'dense.png', ...hooks })],
    ['in process', (bytes, hooks) => parseDocument(bytes, {}, hooks)],
  ])(
    'cancelling during OCR %s stops the recognizer promptly',
    async (_where, parse) => {
      const controller = new AbortController();
      let abortedAt = 0;
      const run = parse(scanPng(denseScan()), {
        signal: controller.signal,
        onOcrProgress: (_page, fraction) => {
          if (fraction > 0 && !abortedAt) {
            abortedAt = performance.now();
            controller.abort();
          }
        },
      });
      await expect(run).rejects.toMatchObject({ code: 'cancelled' });
      expect(performance.now() - abortedAt).toBeLessThan(500);
      expect(await cpuMsOverNextSecond()).toBeLessThan(400);
    },
    30_000,
  );
});

/** CPU this process spends in a second (all its threads), after a moment to settle: a recognizer left running spends most of it. */
async function cpuMsOverNextSecond(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}
