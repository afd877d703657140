/**
 * A page's text is asked of pdf.js ahead as soon as the current page has text runs, before they
 * are laid out (pageText.ts): that is only safe if every page with runs has lines (one without
 * is drawn for OCR, and must not wait behind the next page's read). Every run lands in a line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupIntoLines } from '../../../../electron/engine/lines.js';
import type { TextRun } from '../../../../electron/engine/textRuns.js';

const arbRun: fc.Arbitrary<TextRun> = fc
  .record({
    text: fc.oneof(fc.constantFrom('•', '1.', '-', 'a)', 'Total:', '42', 'word'), fc.string({ minLength: 1, maxLength: 6 })),
    // Crowded into a corner, so runs share rows, hang as list markers and cross segment gaps.
    x0: fc.double({ min: -5, max: 120, noNaN: true }),
    width: fc.double({ min: 0, max: 40, noNaN: true }),
    baseline: fc.double({ min: 0, max: 60, noNaN: true }),
    size: fc.double({ min: 0.5, max: 24, noNaN: true }),
    ocr: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    mono: fc.boolean(),
  })
  .map(({ text, x0, width, baseline, size, ocr, mono }) => ({
    text,
    x0,
    x1: x0 + width,
    y0: baseline - size,
    y1: baseline,
    baseline,
    size,
    ...(ocr === undefined ? { mono } : { confidence: ocr }),
  }));

describe('grouping runs into lines', () => {
  it('leaves no run out: a page with runs has lines, and every run’s text is in one', () => {
    fc.assert(
      fc.property(fc.array(arbRun, { minLength: 1, maxLength: 30 }), (runs) => {
        const lines = groupIntoLines(runs, 612);
        expect(lines.length).toBeGreaterThan(0);
        const text = lines.map((line) => line.text).join('\n');
        for (const run of runs) expect(text).toContain(run.text.trim());
      }),
      { numRuns: 2000, seed: 20_261_124 },
    );
  });

  it('keeps a list marker that hangs beside its text from the row above: it moves to that line', () => {
    const run = (text: string, x0: number, x1: number, baseline: number, size: number): TextRun => ({
      text,
      x0,
      x1,
      y0: baseline - size,
      y1: baseline,
      baseline,
      size,
    });
    // The bullet sits on the heading's row (a far-off run), its text 4 pt lower on a row of its own.
    const lines = groupIntoLines([run('Heading', 400, 500, 96, 20), run('•', 50, 55, 100, 10), run('Item one', 58, 110, 104, 12)], 612);
    expect(lines.map((line) => line.text)).toEqual(['Heading', '• Item one']);
  });
});
