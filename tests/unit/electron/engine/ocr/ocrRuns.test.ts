import { describe, expect, it } from 'vitest';
import { ocrRuns } from '../../../../../electron/engine/ocr/ocrRuns.js';
import type { OcrBlock } from '../../../../../electron/engine/ocr/tesseractSession.js';

// Tesseract's words as the engine's runs: placed, sized and scored, with dust left out.

type Word = { text: string; confidence: number; x0: number; x1: number; symbols?: number[] };

/** One block, one paragraph, one line of words 40 px high on a baseline at y = 140 (slightly sloped). */
function line(words: Word[]): OcrBlock[] {
  const bbox = { x0: 0, y0: 100, x1: 1000, y1: 150 };
  return [
    {
      paragraphs: [
        {
          lines: [
            {
              bbox,
              baseline: { x0: 0, y0: 140, x1: 1000, y1: 150 },
              rowAttributes: { rowHeight: 40, ascenders: 8, descenders: 8 },
              words: words.map((w) => ({
                text: w.text,
                confidence: w.confidence,
                bbox: { x0: w.x0, y0: 105, x1: w.x1, y1: 141 },
                symbols: (w.symbols ?? []).map((confidence) => ({
                  text: 'x',
                  confidence,
                  bbox,
                  is_superscript: false,
                  is_subscript: false,
                  is_dropcap: false,
                })),
                choices: [],
                font_name: '',
              })),
            },
          ],
        },
      ],
    },
  ] as unknown as OcrBlock[];
}

describe('ocrRuns', () => {
  it('scales boxes to page units, sizes runs by the row height and puts the baseline under each word', () => {
    const [run] = ocrRuns(line([{ text: 'Total', confidence: 91, x0: 500, x1: 600 }]), 0.5);
    expect(run).toMatchObject({ text: 'Total', x0: 250, x1: 300, y0: 52.5, y1: 70.5, size: 20 });
    // The baseline runs from 140 to 150 across the line: at the word's centre (x = 550) it is 145.5.
    expect(run!.baseline).toBeCloseTo(145.5 * 0.5, 5);
  });

  it("scores a word by the lower of its own confidence and its weakest character's, from 0 to 1", () => {
    const [weakChar, weakWord] = ocrRuns(
      line([
        { text: 'Inv0ice', confidence: 90, x0: 0, x1: 100, symbols: [99, 41, 95] },
        { text: 'due', confidence: 62, x0: 120, x1: 160, symbols: [99, 98] },
      ]),
      1,
    );
    expect(weakChar!.confidence).toBeCloseTo(0.41, 5);
    expect(weakWord!.confidence).toBeCloseTo(0.62, 5);
  });

  it('leaves out specks: punctuation OCR is unsure of, or narrower than a fifth of the size; words with letters always stay', () => {
    const runs = ocrRuns(
      line([
        { text: ':', confidence: 68, x0: 300, x1: 302 }, // two dots of dust
        { text: '~', confidence: 30, x0: 320, x1: 340 }, // an unsure squiggle
        { text: '—', confidence: 90, x0: 360, x1: 400 }, // a real dash
        { text: 'BE', confidence: 10, x0: 420, x1: 450 }, // unsure, but letters: kept, with its low confidence
        { text: '  ', confidence: 90, x0: 460, x1: 470 },
      ]),
      1,
    );
    expect(runs.map((r) => r.text)).toEqual(['—', 'BE']);
    expect(runs[1]!.confidence).toBeCloseTo(0.1, 5);
  });
});
