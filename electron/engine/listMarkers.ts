/** A list item's marker, read off the start of its first line. */
export interface ListMarker {
  /** Markdown prefix for the item: "- " for bullets, the number as written ("2. ", "b) ") otherwise. */
  markdown: string;
  /** The line's text after the marker. */
  rest: string;
}

// Bullet glyphs. Fonts without a Unicode map (Symbol, Wingdings) come out of pdf.js as private-use
// code points: U+F0B7 is Symbol's bullet; U+F06C ●, U+F06E ■, U+F071 ❑, U+F075 ◆, U+F076 ❖,
// U+F09F •, U+F0A7 ▪, U+F0A8 ◻, U+F0D8 ➢, U+F0E0/U+F0E8 arrows, U+F0FC ✓ are Wingdings'.
const GLYPHS = '•◦▪▫‣∙●○■□◆◇❖►▸▹➢➤–—⦁⁃·\uF0B7\uF06C\uF06E\uF071\uF075\uF076\uF09F\uF0A7\uF0A8\uF0D8\uF0E0\uF0E8\uF0FC';
// These need a following space, so "-5 °C", "*note" or "→x" stay text (U+F02D is Symbol's minus).
const DASHES = '\\-*−→✓✔\uF02D';
const BULLET = new RegExp(`^(?:[${GLYPHS}]\\s*|[${DASHES}]\\s+)(?=\\S)`, 'u');
const BULLET_ONLY = new RegExp(`^[${GLYPHS}${DASHES}]$`, 'u');
// "1." "1)" "(1)" "a)" "(a)" "iv)" — letters only with a parenthesis, so "A. Smith" stays text.
const ORDERED_MARK = /(\d{1,3}[.)]|[a-z][)]|[ivx]{1,4}[)]|\((?:\d{1,3}|[a-z]|[ivx]{1,4})\))/u;
const ORDERED = new RegExp(`^${ORDERED_MARK.source}\\s+(?=\\S)`, 'u');
const ORDERED_ONLY = new RegExp(`^${ORDERED_MARK.source}$`, 'u');

export function parseListMarker(text: string): ListMarker | null {
  const bullet = BULLET.exec(text);
  if (bullet) return { markdown: '- ', rest: text.slice(bullet[0].length) };
  const ordered = ORDERED.exec(text);
  if (ordered?.[1]) return { markdown: `${ordered[1]} `, rest: text.slice(ordered[0].length) };
  return null;
}

/** A bullet or number with nothing after it: a hanging marker whose text is set apart to its right. */
export function isListMarkerOnly(text: string): boolean {
  const marker = text.trim();
  return BULLET_ONLY.test(marker) || ORDERED_ONLY.test(marker);
}
