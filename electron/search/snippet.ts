import type { SnippetPart } from '../../shared/ipc/search.js';

/** Characters of context shown either side of the first match. */
const CONTEXT = 60;

/**
 * A short piece of `text` around the first place one of `terms` (the index's terms that
 * matched: lower case, accents dropped) starts a word, every such word in it marked. Plain
 * text: the renderer draws it as text. No match found (a fuzzy hit on a cut text): the start.
 */
export function snippetOf(text: string, terms: readonly string[]): SnippetPart[] {
  const { folded, origin } = fold(text);
  const marks: Array<[number, number]> = [];
  const wanted = [...new Set(terms)].filter(Boolean).sort((a, b) => b.length - a.length);
  for (let i = 0; i < folded.length; i++) {
    if (i > 0 && isWordChar(folded[i - 1]!)) continue;
    const term = wanted.find((t) => folded.startsWith(t, i));
    if (!term) continue;
    let end = i + term.length;
    // The whole word is marked: a prefix match marks what it found.
    while (end < folded.length && isWordChar(folded[end]!)) end++;
    marks.push([origin[i]!, origin[end] ?? text.length]);
    i = end - 1;
  }
  const first = marks[0]?.[0] ?? 0;
  const from = first > CONTEXT ? wordStart(text, first - CONTEXT) : 0;
  // About CONTEXT characters either side, and never short of the first match's end.
  const to = Math.min(text.length, Math.max(marks[0]?.[1] ?? 0, from + CONTEXT * 2));
  const parts: SnippetPart[] = [];
  let at = from;
  for (const [start, end] of marks) {
    if (start >= to) break;
    if (start > at) parts.push({ text: text.slice(at, start), mark: false });
    parts.push({ text: text.slice(Math.max(start, at), end), mark: true });
    at = end;
  }
  if (at < to) parts.push({ text: text.slice(at, to), mark: false });
  if (from > 0) parts.unshift({ text: '…', mark: false });
  if (to < text.length) parts.push({ text: '…', mark: false });
  return parts;
}

/** The text lower case without accents, and for each of its characters where it came from in `text`. */
function fold(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length;) {
    const codePoint = text.codePointAt(i)!;
    const char = String.fromCodePoint(codePoint);
    const plain = char
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
    for (let k = 0; k < plain.length; k++) origin.push(i);
    folded += plain;
    i += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

function isWordChar(char: string): boolean {
  return /[\p{L}\p{N}]/u.test(char);
}

function wordStart(text: string, at: number): number {
  const space = text.indexOf(' ', at);
  return space >= 0 && space < at + 20 ? space + 1 : at;
}
