import { decodeEntities } from './htmlEntities.js';
import type { TextRange } from './parseModel.js';

/** A node's first words as the tree shows them: at most this many characters, then an ellipsis. */
export const SNIPPET_LENGTH = 60;

/**
 * The first words of `markdown[start, end)` without its markup: HTML comments and tags, images
 * (their alt text), links (their text), headings, emphasis, code marks, quotes, list markers and
 * table pipes go; entities are decoded; whitespace is one space. Reads only a bounded prefix of
 * the range, so a page-long node costs no more than a cell.
 */
export function nodeSnippet(read: (range: TextRange) => string, range: TextRange | null, length = SNIPPET_LENGTH): string {
  if (!range || range.end <= range.start) return '';
  const start = Math.max(0, range.start);
  const end = Math.min(range.end, start + length * 8 + 200);
  const cut = end < range.end;
  let text = read({ start, end });
  text = text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    // A tag cut off at the end of the prefix goes too.
    .replace(/<\/?[a-zA-Z][^<>]*(?:>|$)/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/^[ \t]*(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+(?=\S))?/gm, (marker) => (/^\s*\d/.test(marker) ? marker : ' '))
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/(^|[\s(])[*_](?=\S)|(?<=\S)[*_](?=[\s).,;:!?]|$)/g, '$1')
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntities)
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  if (chars.length <= length) return cut && chars.length > 0 ? `${text}…` : text;
  const head = chars.slice(0, length).join('');
  // Break at a word when there is one in the last third.
  const space = head.lastIndexOf(' ');
  return `${(space > (length * 2) / 3 ? head.slice(0, space) : head).trimEnd()}…`;
}
