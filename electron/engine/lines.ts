import { unionRects, type Rect } from './geometry.js';
import { isListMarkerOnly } from './listMarkers.js';
import type { TextRun } from './textRuns.js';

/** A horizontal stretch of text on one baseline: the unit of atomic grounding. */
export interface Line extends Rect {
  text: string;
  /** Size of the line's dominant font, in points. */
  size: number;
  baseline: number;
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
/** "Label:      value" stays one line across a wide gap, up to this fraction of the page width. */
const LABEL_GAP_FRACTION = 0.4;
/** A list marker standing alone (a hanging bullet or number) joins the text this far (in ems) to its right. */
const MARKER_GAP_EM = 2.5;
/** Runs join a row while their baselines step by at most this (in ems of the larger font)... */
const ROW_STEP_EM = 0.35;
/** ...and the row's baselines span at most this (in ems), so a slanted chain of runs is not one row. */
const ROW_SPAN_EM = 0.6;
/** A line is in a fixed-pitch font when at least this share of its characters are. */
const MONO_SHARE = 0.8;
/** Spaces a code line may gain from one gap (a wild position must not write megabytes of spaces). */
const MAX_CODE_GAP = 256;

/**
 * Groups runs into lines: runs whose baselines agree (each within a third of the font size of
 * the one above it) form a row; a row splits where the gap between runs is wider than an em, so
 * the two halves of a two-column page or the cells of a table stay apart. A list marker on its
 * own (a hanging bullet) stays with the text just right of it.
 */
export function groupIntoLines(runs: readonly TextRun[], pageWidth: number): Line[] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const rows: TextRun[][] = [];
  let row: TextRun[] = [];
  let rowBaseline = 0;
  let rowSize = 0;
  for (const run of sorted) {
    // Chained run to run, not to the row's first run: a heading in the next column a few points
    // higher must not split a bullet from its text.
    const prev = row[row.length - 1];
    if (prev) {
      const step = run.baseline - prev.baseline;
      if (step <= ROW_STEP_EM * Math.max(run.size, prev.size) && run.baseline - rowBaseline <= ROW_SPAN_EM * Math.max(run.size, rowSize)) {
        row.push(run);
        rowSize = Math.max(rowSize, run.size);
        continue;
      }
      rows.push(row);
    }
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
        const markerContinues = segment.length === 1 && gap <= MARKER_GAP_EM * em && isListMarkerOnly(prev.text);
        if (gap > SEGMENT_GAP_EM * em && !labelContinues && !markerContinues) {
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

const visibleLength = (text: string) => text.replace(/\s/g, '').length;

/** The line in character cells when (nearly) all of it is in a fixed-pitch font, else null. */
function codeTextOf(runs: readonly TextRun[]): CodeText | null {
  let mono = 0;
  let total = 0;
  let widest: TextRun | null = null;
  for (const run of runs) {
    const length = visibleLength(run.text);
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
