import { countCodePoints } from './codePoints.js';

/** Where a value was found: its text as written and its code-point range in the Markdown. */
export interface FoundValue {
  text: string;
  start: number;
  end: number;
}

/** "invoice_number", "invoiceNumber", "Invoice-Number" → "invoice number". */
export function normalizeLabel(label: string): string {
  return label
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label's words, separated by any run of non-word characters ("Tax (8%)" matches "tax 8"). */
function labelPattern(label: string): string {
  return `${normalizeLabel(label).split(' ').map(escapeRegExp).join('[^\\p{L}\\p{N}]+')}[^\\p{L}\\p{N}\\s:]*`;
}

// Markdown a line may start with before its text: headings, bullets, numbers, emphasis.
const LINE_PREFIX = '^(?:#{1,6}\\s+|[-*+]\\s+|\\d{1,3}[.)]\\s+|\\*\\*|__)*';
const CELL = /<t[dh][^>]*>(.*?)<\/t[dh]>/g;

interface MarkdownLine {
  text: string;
  /** Code point offset of the line's first character. */
  start: number;
}

function splitLines(markdown: string): MarkdownLine[] {
  const lines: MarkdownLine[] = [];
  let offset = 0;
  for (const text of markdown.split('\n')) {
    lines.push({ text, start: offset });
    offset += countCodePoints(text) + 1;
  }
  return lines;
}

function found(line: MarkdownLine, index: number, raw: string): FoundValue | null {
  const text = raw.replace(/\s+$/u, '').replace(/^\*\*|\*\*$/g, '');
  if (text === '') return null;
  const lead = raw.indexOf(text);
  const start = line.start + countCodePoints(line.text.slice(0, index + lead));
  return { text, start, end: start + countCodePoints(text) };
}

/**
 * Finds the first value written after one of the labels: "Label: value" lines first, then
 * table rows whose cell holds the label and the next cell the value, then "Label value" lines.
 */
export function findLabelledValue(markdown: string, labels: readonly string[]): FoundValue | null {
  const lines = splitLines(markdown);
  const patterns = labels.filter((l) => normalizeLabel(l) !== '').map(labelPattern);
  if (patterns.length === 0) return null;
  const label = `(?:${patterns.join('|')})`;
  const colon = new RegExp(`${LINE_PREFIX}${label}(?:\\*\\*)?\\s*[:：]\\s*(?:\\*\\*)?(\\S.*)$`, 'iu');
  const spaced = new RegExp(`${LINE_PREFIX}${label}\\s+(\\S.*)$`, 'iu');
  const cellLabel = new RegExp(`^\\s*${label}\\s*:?\\s*$`, 'iu');

  for (const line of lines) {
    const match = colon.exec(line.text);
    if (match?.[1] !== undefined) {
      const value = found(line, match.index + match[0].length - match[1].length, match[1]);
      if (value) return value;
    }
  }
  for (const line of lines) {
    const cells = [...line.text.matchAll(CELL)];
    for (let i = 0; i + 1 < cells.length; i++) {
      const [cell, next] = [cells[i], cells[i + 1]];
      if (!cell?.[1] || next?.[1] === undefined || !cellLabel.test(cell[1])) continue;
      const valueIndex = (next.index ?? 0) + next[0].indexOf('>') + 1;
      const value = found(line, valueIndex, next[1]);
      if (value) return value;
    }
  }
  for (const line of lines) {
    const match = spaced.exec(line.text);
    if (match?.[1] !== undefined) {
      const value = found(line, match.index + match[0].length - match[1].length, match[1]);
      if (value) return value;
    }
  }
  return null;
}
