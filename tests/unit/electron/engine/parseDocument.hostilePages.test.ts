import { describe, expect, it } from 'vitest';
import { ENGINE_LIMITS } from '../../../../electron/engine/engineLimits.js';
import { parseLocally } from '../../../../electron/engine/localEngine.js';
import { tooManyItemsReason } from '../../../../electron/engine/pageText.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { orderByXYCut } from '../../../../electron/engine/readingOrder.js';
import { buildPdf } from '../../../support/pdfFixtures.js';

// A page decides how deep the layout goes and how much it costs; none of that may bring the
// document down or run past the page's budget.

const workerPath = process.env.GROUNDWORK_ENGINE_WORKER!;
const pageText = (text: string) => ({ texts: [{ text, x: 50, y: 100, font: 'sans' as const }] });
const at = (x: number, y: number, text: string) => `1 0 0 1 ${x.toFixed(4)} ${y.toFixed(4)} Tm (${text}) Tj`;

describe('reading order on a page built to be deep', () => {
  it('orders a staircase of 30,000 lines, each peeled off by one cut, top to bottom', async () => {
    // Each item overlaps the next horizontally and sits just below it: every cut is horizontal and
    // takes off one line, 30,000 cuts deep (the recursive XY-cut spent n²/2 on it, then overflowed the stack).
    const steps = 30_000;
    const ops = (font: string) =>
      `${font} 0.02 Tf\n${Array.from({ length: steps }, (_, i) => at(20 + i * (560 / steps), 790 - i * (780 / steps), String(i))).join('\n')}`;
    const bytes = await buildPdf([pageText('Before the staircase'), { ops }, pageText('After the staircase')]);
    const started = performance.now();
    const result = await parseDocument(bytes);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.structure.children?.map((p) => p.status)).toEqual(['ok', 'ok', 'ok']);
    const page = result.markdown.split('<!-- page 2 -->')[1]!.split('<!-- page 3 -->')[0]!;
    expect(page.trim().split(/\s+/).map(Number)).toEqual(Array.from({ length: steps }, (_, i) => i));
    expect(result.markdown).toContain('After the staircase');
  });

  it('reads the rest plainly top to bottom once its work budget is spent, losing nothing', () => {
    const units = Array.from({ length: 500 }, (_, i) => ({ x0: i, x1: i + 0.5, y0: 1000 - 2 * i, y1: 1000 - 2 * i + 1, id: i }));
    const shuffled = [...units].sort((a, b) => ((a.id * 7919) % 500) - ((b.id * 7919) % 500));
    const full = orderByXYCut(shuffled, 10);
    const cut = orderByXYCut(shuffled, 10, 1_000);
    expect(cut.map((u) => u.id)).toEqual(full.map((u) => u.id));
    expect(full.map((u) => u.id)).toEqual(units.map((u) => u.id).reverse());
  });

  it('drops text a damaged operator places nowhere (NaN), keeping the rest of the page', async () => {
    // "5 /X Td" (a name where a number belongs) leaves pdf.js's text position NaN; the XY-cut
    // recursed forever on such units, overflowing the stack.
    const ops = (font: string) =>
      `${font} 12 Tf\n${at(50, 500, '')} 5 /X Td (Nowhere) Tj\n${at(50, 520, '')} 5 /X Td (Also nowhere) Tj\n${at(50, 400, 'Somewhere')}\n${at(300, 400, 'Elsewhere')}`;
    const result = await parseDocument(await buildPdf([pageText('First page'), { ops }]));
    expect(result.structure.children?.map((p) => p.status)).toEqual(['ok', 'ok']);
    expect(result.markdown).toBe('<!-- page 1 -->\n\nFirst page\n\n<!-- page 2 -->\n\nSomewhere\n\nElsewhere');
  });
});

describe('layout cost on a page built to be expensive', () => {
  it('keeps a sparse grid of 5,000 rows by 10,000 columns as text instead of a table of 50 million cells', async () => {
    // Every row has two segments in columns of their own (and one row three): a "table" whose
    // empty cells would cost rows × columns.
    const rows = 5_000;
    const ops = (font: string) =>
      `${font} 0.1 Tf\n${Array.from({ length: rows }, (_, i) => {
        const y = 790 - i * 0.15;
        const third = i === 0 ? `\n${at(590, y, 'c')}` : '';
        return `${at(1 + i * 0.058, y, 'a')}\n${at(295 + i * 0.058, y, 'b')}${third}`;
      }).join('\n')}`;
    const started = performance.now();
    const result = await parseDocument(await buildPdf([{ ops }]));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.structure.children?.[0]?.status).toBe('ok');
    expect(result.markdown).not.toContain('<table>');
  });

  it('reports a page of a million text items failed, saying why, and reads the pages around it (in the worker, under its limits)', async () => {
    const items = 1_000_000;
    const ops = (font: string) => `${font} 1 Tf 1 0 0 1 0 790 Tm\n${'0 -0.001 Td (x) Tj\n'.repeat(items)}`;
    const bytes = await buildPdf([pageText('Page one'), { ops }, pageText('Page three')]);
    const started = performance.now();
    const result = await parseLocally(bytes, {}, { workerPath, filename: 'bomb.pdf' });
    expect(performance.now() - started).toBeLessThan(ENGINE_LIMITS.pageBudgetMs);
    const pages = result.structure.children ?? [];
    expect(pages.map((p) => p.status)).toEqual(['ok', 'failed', 'ok']);
    expect(pages[1]?.reason).toBe(tooManyItemsReason(ENGINE_LIMITS.maxTextItemsPerPage));
    expect(pages[1]?.reason).toMatch(/more than 100,000 pieces of text.*cloud parser/);
    expect(result.metadata.failed_pages).toEqual([2]);
    expect(result.markdown).toBe('<!-- page 1 -->\n\nPage one\n\n<!-- page 2 -->\n\n<!-- page 3 -->\n\nPage three');
  }, 60_000);
});
