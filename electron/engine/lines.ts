import { countCodePoints } from './codePoints.js';
import { unionRects, type Rect } from './geometry.js';
import type { TextRun } from './textRuns.js';

/** A word read by OCR, placed in its line's text. */
export interface LineWord extends Rect {
  text: string;
  /** Code-point offsets of the word in the line's `text`. */
  start: number;
  end: number;
  /** 0–1. */
  confidence: number;
}

/** A horizontal stretch of text on one baseline: the unit of atomic grounding (of a text layer). */
export interface Line extends Rect {
  text: string;
  /** Size of the line's dominant font, in points. */
  size: number;
  baseline: number;
  /** Lines read by OCR keep their words, which become the atomic grounding. */
  words?: LineWord[];
}

/** Runs this close (in ems) to the previous one continue the same word without a space. */
const SPACE_GAP_EM = 0.15;
/** A gap wider than this (in ems) separates two segments on one baseline: columns or table cells. */
const SEGMENT_GAP_EM = 1.0;
/**
 * The same between two words read by OCR, which boxes the ink rather than the advance: the
 * gap also holds both glyphs' side bearings (most of an em after "2024," in a typewriter font).
 */
const OCR_SEGMENT_GAP_EM = 1.5;
/** "Label:      value" stays one line across a wide gap, up to this fraction of the page width. */
const LABEL_GAP_FRACTION = 0.4;

/**
 * Groups runs into lines: runs whose baselines agree (within a third of the font size) form a
 * row; a row splits where the gap between runs is wider than an em, so the two halves of a
 * two-column page or the cells of a table stay apart.
 */
export function groupIntoLines(runs: readonly TextRun[], pageWidth: number): Line[] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const rows: TextRun[][] = [];
  let row: TextRun[] = [];
  let rowBaseline = 0;
  let rowSize = 0;
  for (const run of sorted) {
    if (row.length > 0 && Math.abs(run.baseline - rowBaseline) <= 0.35 * Math.max(run.size, rowSize)) {
      row.push(run);
      continue;
    }
    if (row.length > 0) rows.push(row);
    row = [run];
    rowBaseline = run.baseline;
    rowSize = run.size;
  }
  if (row.length > 0) rows.push(row);

  const lines: Line[] = [];
  for (const current of rows) {
    current.sort((a, b) => a.x0 - b.x0);
    let segment: TextRun[] = [];
    for (const run of current) {
      const prev = segment[segment.length - 1];
      if (prev) {
        const gap = run.x0 - prev.x1;
        const em = Math.max(prev.size, run.size);
        const labelContinues = prev.text.trimEnd().endsWith(':') && gap < LABEL_GAP_FRACTION * pageWidth;
        const segmentGap = prev.confidence !== undefined && run.confidence !== undefined ? OCR_SEGMENT_GAP_EM : SEGMENT_GAP_EM;
        if (gap > segmentGap * em && !labelContinues) {
          lines.push(toLine(segment));
          segment = [];
        }
      }
      segment.push(run);
    }
    if (segment.length > 0) lines.push(toLine(segment));
  }
  return lines;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13 || code === 160;

function toLine(runs: readonly TextRun[]): Line {
  if (runs.every((run) => run.confidence !== undefined)) return toOcrLine(runs);
  let text = '';
  let dominant = runs[0] as TextRun;
  const box = unionRects(runs);
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] as TextRun;
    const prev = runs[i - 1];
    if (prev) {
      const gapped = run.x0 - prev.x1 > SPACE_GAP_EM * Math.max(prev.size, run.size);
      if (gapped || isSpace(prev.text.charCodeAt(prev.text.length - 1)) || isSpace(run.text.charCodeAt(0))) text += ' ';
    }
    text += run.text;
    if (run.text.length > dominant.text.length) dominant = run;
  }
  // Collapse runs of whitespace (pdf.js keeps the PDF's own spaces) only when there are any.
  if (/\s\s|^\s|\s$|[\t\n\r\u00a0]/.test(text)) text = text.replace(/\s+/g, ' ').trim();
  return { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, text, size: dominant.size, baseline: dominant.baseline };
}

/** OCR words (no inner whitespace) joined by single spaces, each keeping its place in the text. */
function toOcrLine(runs: readonly TextRun[]): Line {
  const box = unionRects(runs);
  const words: LineWord[] = [];
  let text = '';
  let position = 0;
  let dominant = runs[0] as TextRun;
  for (const run of runs) {
    if (text !== '') {
      text += ' ';
      position += 1;
    }
    const length = countCodePoints(run.text);
    words.push({ text: run.text, x0: run.x0, y0: run.y0, x1: run.x1, y1: run.y1, start: position, end: position + length, confidence: run.confidence ?? 0 });
    text += run.text;
    position += length;
    if (run.text.length > dominant.text.length) dominant = run;
  }
  return { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, text, size: dominant.size, baseline: dominant.baseline, words };
}
