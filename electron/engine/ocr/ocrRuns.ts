import type { TextRun } from '../textRuns.js';
import type { OcrBlock } from './tesseractSession.js';

/**
 * Words with no letter or digit are specks, rules and picture edges read as text when OCR is
 * unsure of them, or when they are narrower than this fraction of the line's size (dust).
 */
const MIN_PUNCTUATION_CONFIDENCE = 0.5;
const MIN_PUNCTUATION_WIDTH = 0.2;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * OCR words as text runs on the page as displayed, so they go through the same line, layout
 * and writing steps as a text layer does. `scale` turns the raster's pixels into page units.
 * A run's size is its OCR line's row height (about the font size), its baseline the line's
 * baseline under the word, and its confidence the lowest of the word's own and its weakest
 * character's (a word is only as sure as its least sure character).
 */
export function ocrRuns(blocks: readonly OcrBlock[], scale: number): TextRun[] {
  const runs: TextRun[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs ?? []) {
      for (const line of paragraph.lines ?? []) {
        const rowHeight = line.rowAttributes?.rowHeight ?? 0;
        const size = rowHeight > 0 ? rowHeight : line.bbox.y1 - line.bbox.y0;
        if (!(size > 0)) continue;
        for (const word of line.words ?? []) {
          // Tesseract's words hold no spaces; anything else that is blank is dropped.
          const text = word.text.replace(/\s+/gu, '');
          if (text === '') continue;
          const confidence = wordConfidence(word);
          const { x0, y0, x1, y1 } = word.bbox;
          if (!HAS_LETTER_OR_DIGIT.test(text) && (confidence < MIN_PUNCTUATION_CONFIDENCE || x1 - x0 < MIN_PUNCTUATION_WIDTH * size))
            continue;
          runs.push({
            text,
            size: size * scale,
            baseline: baselineUnder(line.baseline, (x0 + x1) / 2, word.bbox, size) * scale,
            x0: x0 * scale,
            y0: y0 * scale,
            x1: x1 * scale,
            y1: y1 * scale,
            confidence,
          });
        }
      }
    }
  }
  return runs;
}

function wordConfidence(word: OcrBlock['paragraphs'][number]['lines'][number]['words'][number]): number {
  let lowest = word.confidence;
  for (const symbol of word.symbols ?? []) if (symbol.confidence < lowest) lowest = symbol.confidence;
  return Math.min(1, Math.max(0, lowest / 100));
}

/** The line's (possibly sloped) baseline at `x`; the word's bottom when tesseract's baseline is off the word. */
function baselineUnder(
  baseline: { x0: number; y0: number; x1: number; y1: number } | undefined,
  x: number,
  box: { y0: number; y1: number },
  size: number,
): number {
  if (!baseline) return box.y1;
  const span = baseline.x1 - baseline.x0;
  const y = span > 0 ? baseline.y0 + ((x - baseline.x0) * (baseline.y1 - baseline.y0)) / span : baseline.y0;
  return Number.isFinite(y) && y >= box.y0 && y <= box.y1 + size / 2 ? y : box.y1;
}
