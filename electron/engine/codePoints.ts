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

/** Whether `code` (a UTF-16 unit) is white space as `String.prototype.trim` and `\s` judge it. */
export function isWhiteSpaceUnit(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** `text.trim() === ''`, without making the trimmed copy. */
export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isWhiteSpaceUnit(text.charCodeAt(i))) return false;
  return true;
}

/** `text.replace(/\s/g, '').length`: UTF-16 units that are not white space, without the copy. */
export function visibleUnits(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (!isWhiteSpaceUnit(text.charCodeAt(i))) count++;
  return count;
}
