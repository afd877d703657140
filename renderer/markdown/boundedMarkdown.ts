import { marked } from 'marked';
import { allowlistHtml, type AllowedHtml, type HtmlAllowlist } from './allowlistHtml.js';

/**
 * Markdown up to this long is parsed whole. A longer block shows at most `maxElements`
 * elements, which its start alone usually holds: parsing all of a 1 MB table to show its first
 * hundred rows took marked 400 ms of a frozen window. So a long block is parsed from its start,
 * a part at a time, until a part holds more than a block shows or the part is the whole block.
 */
export const PARSED_WHOLE_UP_TO = 64 * 1024;
/** A part ends at a line's end (a table row, a paragraph's line) when one comes within this many characters. */
const LINE_END_WITHIN = 4096;

/**
 * The block's HTML, rebuilt from the allowlist, up to `allow.maxElements` elements. A part
 * renders as the whole would up to near its end (a reference defined later, a heading's
 * underline on the next line are not seen): it is only ever shown cut, and said so.
 */
export function boundedMarkdownHtml(markdown: string, allow: HtmlAllowlist & { maxElements: number }): AllowedHtml {
  let length = PARSED_WHOLE_UP_TO;
  for (;;) {
    const part = length >= markdown.length ? markdown : markdown.slice(0, partEnd(markdown, length));
    const result = allowlistHtml(marked.parse(part, { async: false, gfm: true, breaks: false }), allow);
    if (!result.complete || part.length === markdown.length) return result;
    // It held fewer elements than a block shows: a longer part, in proportion (at least twice as long).
    length = part.length * Math.max(2, Math.ceil((1.25 * allow.maxElements) / Math.max(1, result.elements)));
  }
}

function partEnd(markdown: string, length: number): number {
  const newline = markdown.indexOf('\n', length);
  return newline >= 0 && newline - length <= LINE_END_WITHIN ? newline + 1 : length;
}
