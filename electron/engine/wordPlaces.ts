import type { LineWord } from './lines.js';

/** Where a word sits in the Markdown written for its line, in code points from the start of that piece. */
export interface PlacedWord {
  word: LineWord;
  start: number;
  end: number;
}

/**
 * Places a line's OCR words in the piece of Markdown written for it: the line's text with its
 * first `cut` code points (a list marker) replaced by a Markdown prefix of `prefixLength` code
 * points ("- ", "# "). A word inside the marker covers the prefix; the first word of an
 * element starts at the prefix, as a line's atomic range does, so the atoms span the element.
 */
export function placeWords(words: readonly LineWord[], cut: number, prefixLength: number, firstOfElement: boolean): PlacedWord[] {
  return words.map((word, i) => ({
    word,
    start: firstOfElement && i === 0 ? 0 : word.start < cut ? 0 : prefixLength + word.start - cut,
    end: word.end <= cut ? prefixLength : prefixLength + word.end - cut,
  }));
}
