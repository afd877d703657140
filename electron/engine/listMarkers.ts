/** What a list item's first line starts with, and how it is written in Markdown. */
export interface ListMarker {
  /** Markdown prefix for the item: "- " for bullets, the number as written ("2. ", "b) ") otherwise. */
  markdown: string;
  /** The line's text after the marker. */
  rest: string;
}

// Bullet glyphs; "-" and "*" need a following space so "-5 °C" or "*note" stay text.
const BULLET = /^(?:[•◦▪▫‣∙●○■□►➢–—]\s*|[-*]\s+)(?=\S)/u;
// "1." "1)" "(1)" "a)" "(a)" "iv)" — letters only with a parenthesis, so "A. Smith" stays text.
const ORDERED = /^(\d{1,3}[.)]|[a-z][)]|[ivx]{1,4}[)]|\((?:\d{1,3}|[a-z]|[ivx]{1,4})\))\s+(?=\S)/u;

export function parseListMarker(text: string): ListMarker | null {
  const bullet = BULLET.exec(text);
  if (bullet) return { markdown: '- ', rest: text.slice(bullet[0].length) };
  const ordered = ORDERED.exec(text);
  if (ordered?.[1]) return { markdown: `${ordered[1]} `, rest: text.slice(ordered[0].length) };
  return null;
}
