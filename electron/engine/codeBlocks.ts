import type { Line } from './lines.js';

/**
 * Code: body lines in a fixed-pitch font, kept line by line with their indentation. A block
 * needs a letter somewhere, so a lone bullet or a digits-only font subset (pdf.js calls any font
 * whose glyphs share one width fixed-pitch) stays text.
 */

/** Consecutive code lines this far apart (in ems) or less stay one block: one blank line fits. */
const MAX_STEP_EM = 3.2;
/** A step this many times the block's tightest one holds a blank line. */
const BLANK_LINE_STEP = 1.7;
/** Indentation beyond this many spaces is not kept (a wild position must not write megabytes). */
const MAX_INDENT = 256;
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

/** Whether `line` goes on the code block ending in `lines`: just below it, the same size, not left of the block. */
export function continuesCode(lines: readonly Line[], line: Line): boolean {
  const prev = lines[lines.length - 1];
  const first = lines[0];
  if (!prev || !first || !line.code) return false;
  const size = Math.max(prev.size, line.size);
  if (Math.abs(prev.size - line.size) > 0.15 * size) return false;
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
    let hasLetter = /\p{L}/u.test(start.text);
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      if (!line || !isBody(line) || !continuesCode(block, line)) break;
      block.push(line);
      hasLetter ||= /\p{L}/u.test(line.text);
    }
    if (hasLetter) runs.set(i, j);
    i = j;
  }
  return runs;
}

export interface CodeLine {
  text: string;
  /** An empty line goes before this one (the gap above it held one). */
  blankBefore: boolean;
}

/** The block's lines as text: indentation in character cells from the block's left edge, shared indentation removed. */
export function codeLinesOf(lines: readonly Line[]): CodeLine[] {
  let left = Infinity;
  let charWidth = Infinity;
  let tightest = Infinity;
  lines.forEach((line, i) => {
    left = Math.min(left, line.x0);
    charWidth = Math.min(charWidth, line.code?.charWidth ?? Infinity);
    const prev = lines[i - 1];
    if (prev && line.baseline > prev.baseline) tightest = Math.min(tightest, line.baseline - prev.baseline);
  });
  const raw = lines.map((line) => line.code?.text ?? line.text);
  const indents = lines.map((line, i) => {
    const text = raw[i] as string;
    const offset = Number.isFinite(charWidth) ? Math.round((line.x0 - left) / charWidth) : 0;
    return Math.min(MAX_INDENT, Math.max(0, offset) + (text.length - text.trimStart().length));
  });
  const shared = indents.reduce((a, b) => Math.min(a, b), MAX_INDENT);
  return lines.map((line, i) => {
    const prev = lines[i - 1];
    return {
      text: ' '.repeat((indents[i] as number) - shared) + (raw[i] as string).trimStart(),
      blankBefore: prev !== undefined && line.baseline - prev.baseline >= BLANK_LINE_STEP * tightest,
    };
  });
}

/** A fence longer than any run of backticks in the code, so the code cannot close it. */
export function fenceFor(texts: readonly string[]): string {
  let longest = 0;
  for (const text of texts) for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}
