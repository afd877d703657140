/**
 * The engine's whole output (Markdown and structure, every range, box and id) for a set of
 * documents, pinned: speed work on the engine must leave it byte-identical. Each pin is the
 * SHA-256 of the response as JSON with its two run-dependent fields (`job_id`, `duration_ms`)
 * blanked, recorded from the engine before its hot path was reworked; the outline beside it
 * says in words what the document came out as, so a changed pin can be told from a changed
 * layout. To see a response whole: `JSON.stringify(pinned(result), null, 2)`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ParseResponse, StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { parseLocally } from '../../../../electron/engine/localEngine.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { endIdleEngineWorkers, idleEngineWorkers } from '../../../../electron/engine/workerPool.js';
import { benchReportPdf } from '../../../../bench/engineReportPdf.js';
import { buildPdf, MONO, type TextSpec } from '../../../support/pdfFixtures.js';

const sample = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../resources/samples/${name}`, import.meta.url)));
const sans = (text: string, x: number, y: number, size = 12): TextSpec => ({ text, x, y, size, font: 'sans' });

/** Headings, lists (Symbol bullets too), a table, astral text, columns, a rotated page and a code block. */
async function featuresPdf(): Promise<Uint8Array> {
  const cell = MONO.advance * 10;
  return buildPdf([
    {
      texts: [
        sans('Report', 50, 80, 24),
        sans('Intro', 50, 120, 15),
        sans('First line of the paragraph text', 50, 150),
        sans('and its second line.', 50, 165),
        sans('• Apples', 50, 200),
        { text: '·', x: 50, y: 215, size: 9, font: 'symbol' },
        sans('Symbol bullet item', 62, 215),
        sans('1. One', 50, 240),
        sans('Name', 50, 280),
        sans('Qty', 200, 280),
        sans('Price', 350, 280),
        sans('Pen', 50, 296),
        sans('2', 200, 296),
        sans('$3 & <b>', 350, 296),
        { text: 'Sum 𝙰𝙱 = 2 letters', x: 50, y: 340 },
        sans('Invoice number: INV-7', 50, 370),
        sans('Page 1', 280, 780, 10),
      ],
    },
    {
      texts: [
        sans('Columns', 50, 70, 15),
        sans('Left one', 50, 100),
        sans('Left two', 50, 115),
        sans('Right one', 320, 100),
        sans('Right two', 320, 115),
        sans('The function below greets someone by name:', 50, 300),
        { text: 'def greet(name):', x: 50, y: 330, size: 10 },
        { text: 'return name', x: 50 + 4 * cell, y: 342, size: 10 },
        { text: "print(greet('```'))", x: 50, y: 366, size: 10 },
        { text: '# done', x: 50 + 21 * cell, y: 366, size: 10 },
        sans('It returns the name it was given, unchanged, as the text says.', 50, 400),
        sans('Page 2', 280, 780, 10),
      ],
    },
    { width: 800, height: 600, rotate: 90, texts: [sans('Rotated line', 60, 100), sans('Page 3', 380, 585, 10)] },
  ]);
}

/** The response with the fields that change from run to run blanked. */
function pinned(result: ParseResponse): ParseResponse {
  return { ...result, metadata: { ...result.metadata, job_id: '', duration_ms: 0 } };
}
const pinOf = (result: ParseResponse) =>
  createHash('sha256')
    .update(JSON.stringify(pinned(result)))
    .digest('hex');

/** Per page, its elements' types in order (runs of one type counted), then the Markdown's length. */
function outline(result: ParseResponse): string {
  const pages = (result.structure.children ?? []).map((page: StructureNode) => {
    const runs: string[] = [];
    let last = '';
    let count = 0;
    for (const type of [...(page.children ?? []).map((n) => n.type), '']) {
      if (type === last) count++;
      else {
        if (last) runs.push(count > 1 ? `${last}×${count}` : last);
        last = type;
        count = 1;
      }
    }
    return { page: page.page, text: `${page.status}: ${runs.join(' ')}` };
  });
  // Consecutive pages that came out alike are one entry ("2–5 ok: …").
  const groups: { first: number | undefined; last: number | undefined; text: string }[] = [];
  for (const { page, text } of pages) {
    const group = groups.at(-1);
    if (group && group.text === text && page === (group.last ?? 0) + 1) group.last = page;
    else groups.push({ first: page, last: page, text });
  }
  const named = groups.map((g) => `${g.first === g.last ? g.first : `${g.first}–${g.last}`} ${g.text}`);
  return `${named.join(' | ')} | ${result.metadata.output_markdown_chars} chars`;
}

let features: Uint8Array;
let report: Uint8Array;
let reportHash: string;
beforeAll(async () => {
  features = await featuresPdf();
  report = await benchReportPdf(12);
  reportHash = createHash('sha256').update(report).digest('hex');
});

describe('the engine’s output is unchanged', () => {
  it.each([
    [
      'report.pdf',
      () => sample('report.pdf'),
      {},
      '1 ok: marginalia×2 title heading text heading text×2 list_item×3 marginalia | 2 ok: marginalia×2 heading×2 text×2 heading text×2 marginalia | 3 ok: marginalia×2 heading text table marginalia | 4 ok: marginalia×2 heading text list_item×3 marginalia | 2387 chars',
      '62d35eca2be02ea97b6fbbdb4f5438e049829814c8b782eb185cbca23e4ed3e0',
    ],
    [
      'invoice.pdf',
      () => sample('invoice.pdf'),
      {},
      '1 ok: title heading text×6 table text×6 | 969 chars',
      'aeceb003bc46f0beddf0b11caca7077143b3ea83dc236fdee423c94e1257f2f0',
    ],
    [
      'features',
      () => features,
      {},
      '1 ok: title heading text list_item×3 table code text marginalia | 2 ok: heading text×3 code text marginalia | 3 ok: text marginalia | 612 chars',
      '4ecc22dbe5b27b44083c8ee912a14ebc554b6909365b1ed816674b320da69c29',
    ],
    [
      'features, Markdown inline',
      () => features,
      { inline_markdown: true },
      '1 ok: title heading text list_item×3 table code text marginalia | 2 ok: heading text×3 code text marginalia | 3 ok: text marginalia | 612 chars',
      '5d3db996e2555a4932e505e49135ba67bfd9af7735d161dabb0ac15336291233',
    ],
    [
      'bench report, 12 pages',
      () => report,
      {},
      '1–12 ok: marginalia×2 text×3 list_item×4 table marginalia | 30232 chars',
      'b79a875a82d0cd6bd141b3536526667e61812fe63dbf209ffe71719c5469ceef',
    ],
    [
      'bench report, pages 2, 3 and 9–12, Markdown inline',
      () => report,
      { pages: [2, 3, 9, 10, 11, 12], inline_markdown: true },
      '2–3 ok: marginalia×2 text×3 list_item×4 table marginalia | 9–12 ok: marginalia×2 text×3 list_item×4 table marginalia | 15160 chars',
      '650768b584c02ec96a54daa2da340b8ace6212566d77f78ac392e7d06a9d7e11',
    ],
  ] as const)('%s', async (name, bytes, options, expectedOutline, expectedPin) => {
    const result = await parseDocument(bytes(), options, { filename: `${name}.pdf` });
    expect(outline(result)).toBe(expectedOutline);
    expect(pinOf(result)).toBe(expectedPin);
  });

  it('is the same read in the worker thread as the app runs it, also in a worker kept from another document', async () => {
    const workerPath = process.env.GROUNDWORK_ENGINE_WORKER!;
    await endIdleEngineWorkers();
    const first = await parseLocally(features, {}, { workerPath, filename: 'features.pdf' });
    expect(pinOf(first)).toBe('4ecc22dbe5b27b44083c8ee912a14ebc554b6909365b1ed816674b320da69c29');
    expect(idleEngineWorkers()).toBe(1);
    const inWorker = await parseLocally(report, {}, { workerPath, filename: 'bench report, 12 pages.pdf' });
    expect(pinOf(inWorker)).toBe('b79a875a82d0cd6bd141b3536526667e61812fe63dbf209ffe71719c5469ceef');
    const name = 'bench report, pages 2, 3 and 9–12, Markdown inline';
    const inline = await parseLocally(
      report,
      { pages: [2, 3, 9, 10, 11, 12], inline_markdown: true },
      { workerPath, filename: `${name}.pdf` },
    );
    expect(pinOf(inline)).toBe('650768b584c02ec96a54daa2da340b8ace6212566d77f78ac392e7d06a9d7e11');
    // The caller's bytes stay whole (the worker was sent a copy of its own, which pdf.js took).
    expect(createHash('sha256').update(report).digest('hex')).toBe(reportHash);
  });
});
