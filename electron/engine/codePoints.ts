/**
 * Ranges in v2 results count Unicode code points, JavaScript strings count UTF-16 units.
 * An astral character (a surrogate pair) is one code point; a lone surrogate counts as one too.
 */
export function countCodePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
