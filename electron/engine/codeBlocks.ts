import type { Line } from './lines.js';

/**
 * Code: body lines in a fixed-pitch font, kept line by line with their indentation. A block
 * needs a letter somewhere, so a lone bullet or a digits-only font subset (pdf.js calls any font
 * whose glyphs share one width fixed-pitch) stays text; and a character that is rare in prose
 * but common in code (brackets, operators, slashes), so display type set in a typewriter face
 * (a book's contents page, its chapter titles) stays text too.
 */

const LETTER = /\p{L}/u;
const CODE_MARK = /[{}[\]()<>=;\\/|$#*_`~^&%@+]/;

/** Consecutive code lines this far apart (in ems) or less stay one block: one blank line fits. */
const MAX_STEP_EM = 3.2;
/** A step this many times the block's tightest one holds a blank line. */
const BLANK_LINE_STEP = 1.7;
/** Indentation beyond this many spaces is not kept (a wild position must not write megabytes). */
const MAX_INDENT = 80;
/** Baselines this close (in ems) are one row: a line cut in two at a wide gap (an aligned comment). */
const SAME_ROW_EM = 0.35;
/** Share of a neighbourhood's characters in fixed-pitch fonts from which its body is typewritten, not code. */
const TYPEWRITTEN_SHARE = 0.5;

export interface MonoCount {
  mono: number;
  total: number;
}

/** Characters in fixed-pitch lines and in all lines of a page. */
export function monoCount(lines: readonly Line[]): MonoCount {
  let mono = 0;
  let total = 0;
  for (const line of lines) {
    total += line.text.length;
    if (line.code) mono += line.text.length;
  }
  return { mono, total };
}

/** A typewritten neighbourhood (a Courier letter, a fixed-pitch report) has no code blocks: it is all text. */
export function isTypewritten(counts: readonly MonoCount[]): boolean {
  let mono = 0;
  let total = 0;
  for (const count of counts) {
    mono += count.mono;
    total += count.total;
  }
  return total > 0 && mono >= TYPEWRITTEN_SHARE * total;
}

const sameRow = (a: Line, b: Line) => Math.abs(b.baseline - a.baseline) <= SAME_ROW_EM * Math.max(a.size, b.size);

/**
 * Whether `line` goes on the code block ending in `lines`: further along the same row, or just
 * below it, the same size and not left of the block.
 */
export function continuesCode(lines: readonly Line[], line: Line): boolean {
  const prev = lines[lines.length - 1];
  const first = lines[0];
  if (!prev || !first || !line.code) return false;
  const size = Math.max(prev.size, line.size);
  if (Math.abs(prev.size - line.size) > 0.15 * size) return false;
  if (sameRow(prev, line)) return line.x0 >= prev.x1;
  const step = line.baseline - prev.baseline;
  if (step <= 0 || step > MAX_STEP_EM * size) return false;
  return line.x1 >= Math.min(first.x0, prev.x0) && line.x0 <= Math.max(first.x1, prev.x1) + line.code.charWidth;
}

/**
 * Runs of code lines among the units (already in reading order), as start index → end index
 * (exclusive). `isBody` says which lines are body text (not titles or headings).
 */
export function findCodeRuns(lines: readonly (Line | null)[], isBody: (line: Line) => boolean): Map<number, number> {
  const runs = new Map<number, number>();
  let i = 0;
  while (i < lines.length) {
    const start = lines[i];
    if (!start?.code || !isBody(start)) {
      i++;
      continue;
    }
    const block = [start];
    let hasLetter = LETTER.test(start.text);
    let hasMark = CODE_MARK.test(start.text);
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      if (!line || !isBody(line) || !continuesCode(block, line)) break;
      block.push(line);
      hasLetter ||= LETTER.test(line.text);
      hasMark ||= CODE_MARK.test(line.text);
    }
    if (hasLetter && hasMark) runs.set(i, j);
    i = j;
  }
  return runs;
}

export interface CodePiece {
  /** What goes between the previous piece and this one: a line break (two for an empty line between), or spaces along a row. */
  before: string;
  /** The line's text, with the row's indentation when it starts a row. */
  text: string;
}

/**
 * The block's lines as Markdown pieces, one per line: rows start with their indentation in
 * character cells from the block's left edge (shared indentation removed), and a row cut in two
 * at a wide gap is joined again with as many spaces as the gap holds.
 */
export function codePiecesOf(lines: readonly Line[]): CodePiece[] {
  let left = Infinity;
  let charWidth = Infinity;
  let tightest = Infinity;
  lines.forEach((line, i) => {
    left = Math.min(left, line.x0);
    charWidth = Math.min(charWidth, line.code?.charWidth ?? Infinity);
    const prev = lines[i - 1];
    if (prev && !sameRow(prev, line) && line.baseline > prev.baseline) tightest = Math.min(tightest, line.baseline - prev.baseline);
  });
  const cells = (width: number) => (Number.isFinite(charWidth) ? Math.min(MAX_INDENT, Math.max(0, Math.round(width / charWidth))) : 1);
  const raw = lines.map((line) => line.code?.text ?? line.text);
  const startsRow = lines.map((line, i) => i === 0 || !sameRow(lines[i - 1] as Line, line));
  const indents = lines.map((line, i) => {
    const text = raw[i] as string;
    return Math.min(MAX_INDENT, cells(line.x0 - left) + (text.length - text.trimStart().length));
  });
  let shared = MAX_INDENT;
  indents.forEach((indent, i) => {
    if (startsRow[i]) shared = Math.min(shared, indent);
  });
  let rowBaseline = lines[0]?.baseline ?? 0;
  return lines.map((line, i) => {
    const text = raw[i] as string;
    const prev = lines[i - 1];
    if (!prev) return { before: '', text: ' '.repeat((indents[i] as number) - shared) + text.trimStart() };
    if (!startsRow[i]) return { before: ' '.repeat(Math.max(1, cells(line.x0 - prev.x1))), text: text.trimStart() };
    const blank = line.baseline - rowBaseline >= BLANK_LINE_STEP * tightest;
    rowBaseline = line.baseline;
    return { before: blank ? '\n\n' : '\n', text: ' '.repeat((indents[i] as number) - shared) + text.trimStart() };
  });
}

/** A fence longer than any run of backticks in the code, so the code cannot close it. */
export function fenceFor(texts: readonly string[]): string {
  let longest = 0;
  for (const text of texts) for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}
