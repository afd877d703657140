import { countCodePoints, visibleUnits } from './codePoints.js';
import { unionRects, type Rect } from './geometry.js';
import { isListMarkerOnly } from './listMarkers.js';
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
  /** Present when the line is set in a fixed-pitch font: its text with every gap kept as spaces. */
  code?: CodeText;
}

export interface CodeText {
  /** The line as laid out in character cells: gaps between runs become as many spaces as fit. */
  text: string;
  /** Width of one character cell, in points. */
  charWidth: number;
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
/** A list marker standing alone (a hanging bullet or number) joins the text this far (in ems) to its right. */
const MARKER_GAP_EM = 2.5;
/** Runs whose baselines are this close (in ems of the larger font) share a row. */
const ROW_EM = 0.35;
/** What a hanging marker's text starts with: a letter, a digit or an opening quote or bracket. */
const STARTS_TEXT = /^\s*[\p{L}\p{N}"'“‘([]/u;
/** After a dash, only words: a dash beside a number is an empty cell or a minus in a table ("–  1,234"), not a bullet. */
const STARTS_WORD = /^\s*[\p{L}"'“‘(]/u;
const DASH_ONLY = /^\s*[-–—−\uF02D]\s*$/u;
/** A line is in a fixed-pitch font when at least this share of its characters are. */
const MONO_SHARE = 0.8;
/** Spaces a code line may gain from one gap (a wild position must not write megabytes of spaces). */
const MAX_CODE_GAP = 80;

/**
 * Groups runs into lines: runs whose baselines agree (within a third of the font size) form a
 * row; a row splits where the gap between runs is wider than an em, so the two halves of a
 * two-column page or the cells of a table stay apart. A list marker standing alone (a hanging
 * bullet or number) joins the text just right of it.
 */
export function groupIntoLines(runs: readonly TextRun[], pageWidth: number): Line[] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const rows: TextRun[][] = [];
  let row: TextRun[] = [];
  let rowBaseline = 0;
  let rowSize = 0;
  for (const run of sorted) {
    if (row.length > 0 && Math.abs(run.baseline - rowBaseline) <= ROW_EM * Math.max(run.size, rowSize)) {
      row.push(run);
      continue;
    }
    if (row.length > 0) rows.push(row);
    row = [run];
    rowBaseline = run.baseline;
    rowSize = run.size;
  }
  if (row.length > 0) rows.push(row);

  const segmented = rows.map((current) => segmentsOf(current, pageWidth));
  attachHangingMarkers(segmented);
  const lines: Line[] = [];
  for (const segments of segmented) for (const segment of segments) if (segment.length > 0) lines.push(toLine(segment));
  return lines;
}

/** A row's runs, left to right, cut where the gap is wider than an em. */
function segmentsOf(row: TextRun[], pageWidth: number): TextRun[][] {
  row.sort((a, b) => a.x0 - b.x0);
  const segments: TextRun[][] = [];
  let segment: TextRun[] = [];
  for (const run of row) {
    const prev = segment[segment.length - 1];
    if (prev) {
      const gap = run.x0 - prev.x1;
      const em = Math.max(prev.size, run.size);
      const labelContinues = prev.text.trimEnd().endsWith(':') && gap < LABEL_GAP_FRACTION * pageWidth;
      const segmentGap = prev.confidence !== undefined && run.confidence !== undefined ? OCR_SEGMENT_GAP_EM : SEGMENT_GAP_EM;
      if (gap > segmentGap * em && !labelContinues && !(segment.length === 1 && isHangingMarker(prev, run))) {
        segments.push(segment);
        segment = [];
      }
    }
    segment.push(run);
  }
  if (segment.length > 0) segments.push(segment);
  return segments;
}

/** `marker` is a bullet or number alone, and `text` starts text within reach to its right. */
function isHangingMarker(marker: TextRun, text: TextRun): boolean {
  const gap = text.x0 - marker.x1;
  const startsItem = DASH_ONLY.test(marker.text) ? STARTS_WORD : STARTS_TEXT;
  return (
    gap >= -0.1 * marker.size &&
    gap <= MARKER_GAP_EM * Math.max(marker.size, text.size) &&
    isListMarkerOnly(marker.text) &&
    startsItem.test(text.text)
  );
}

/**
 * A marker left alone in its row (a bullet drawn a little above or below its text's baseline
 * lands in the row next to it) joins the segment starting just right of it in a neighbouring
 * row, when their baselines agree. Segments are found by binary search, so this stays
 * O(n log n) on any page.
 */
function attachHangingMarkers(rows: TextRun[][][]): void {
  const moves: [TextRun[], TextRun[]][] = [];
  rows.forEach((segments, r) => {
    for (const segment of segments) {
      const marker = segment[0];
      if (segment.length !== 1 || !marker || !isListMarkerOnly(marker.text)) continue;
      let best: TextRun[] | null = null;
      for (const other of [rows[r - 1], rows[r + 1]]) {
        const candidate = other ? firstSegmentFrom(other, marker.x1 - 0.1 * marker.size) : undefined;
        const head = candidate?.[0];
        if (!candidate || !head || Math.abs(head.baseline - marker.baseline) > ROW_EM * Math.max(head.size, marker.size)) continue;
        if (isHangingMarker(marker, head) && (!best || head.x0 < (best[0] as TextRun).x0)) best = candidate;
      }
      if (best) moves.push([segment, best]);
    }
  });
  // Applied once every search is done, so the searches see the rows as they were.
  const taken = new Set<TextRun[]>();
  for (const [from, to] of moves) {
    if (taken.has(to) || to.length === 0 || from.length !== 1) continue;
    taken.add(to);
    to.unshift(from[0] as TextRun);
    from.length = 0;
  }
}

/** The first segment (sorted by x, non-empty) starting at or right of `x`. */
function firstSegmentFrom(segments: readonly TextRun[][], x: number): TextRun[] | undefined {
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (((segments[mid] as TextRun[])[0]?.x0 ?? Infinity) < x) lo = mid + 1;
    else hi = mid;
  }
  return segments[lo];
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
  const line: Line = { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, text, size: dominant.size, baseline: dominant.baseline };
  const code = codeTextOf(runs);
  if (code) line.code = code;
  return line;
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
    words.push({
      text: run.text,
      x0: run.x0,
      y0: run.y0,
      x1: run.x1,
      y1: run.y1,
      start: position,
      end: position + length,
      confidence: run.confidence ?? 0,
    });
    text += run.text;
    position += length;
    if (run.text.length > dominant.text.length) dominant = run;
  }
  return { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, text, size: dominant.size, baseline: dominant.baseline, words };
}

/** The line in character cells when (nearly) all of it is in a fixed-pitch font, else null. */
function codeTextOf(runs: readonly TextRun[]): CodeText | null {
  // Most lines have no fixed-pitch run at all: nothing to count.
  if (!runs.some((run) => run.mono)) return null;
  let mono = 0;
  let total = 0;
  let widest: TextRun | null = null;
  for (const run of runs) {
    const length = visibleUnits(run.text);
    total += length;
    if (!run.mono) continue;
    mono += length;
    if (!widest || run.text.length > widest.text.length) widest = run;
  }
  if (!widest || total === 0 || mono < MONO_SHARE * total) return null;
  const charWidth = (widest.x1 - widest.x0) / Array.from(widest.text).length;
  if (!(charWidth > 0)) return null;
  let text = '';
  let prev: TextRun | null = null;
  for (const run of runs) {
    if (prev) {
      const gap = run.x0 - prev.x1;
      let spaces = Math.min(MAX_CODE_GAP, Math.max(0, Math.round(gap / charWidth)));
      if (spaces === 0 && gap > SPACE_GAP_EM * Math.max(prev.size, run.size)) spaces = 1;
      text += ' '.repeat(spaces);
    }
    text += run.text.replace(/[\t\n\r\u00a0]/g, ' ');
    prev = run;
  }
  return { text: text.trimEnd(), charWidth };
}
