/**
 * Converts between the services' offsets (Unicode code points, v2.parse.grounding.code-points) and JavaScript's (UTF-16
 * code units). Built once per Markdown string; each conversion is a binary search over
 * the positions of the astral characters (the only ones that take two units), so it costs
 * O(log a) with a the number of astral characters, and memory only for those.
 */
export class CodePointIndex {
  /** Code-point offset of each astral character, ascending. */
  readonly astralAtCodePoint: Uint32Array;
  /** UTF-16 offset of each astral character, ascending. */
  readonly astralAtUtf16: Uint32Array;
  readonly utf16Length: number;
  readonly codePointLength: number;

  /** The index of `text`, or one over arrays stored earlier (views into the model's bytes, not copied). */
  constructor(text: string | { astralAtCodePoint: Uint32Array; astralAtUtf16: Uint32Array; utf16Length: number; codePointLength: number }) {
    if (typeof text !== 'string') {
      this.astralAtCodePoint = text.astralAtCodePoint;
      this.astralAtUtf16 = text.astralAtUtf16;
      this.utf16Length = text.utf16Length;
      this.codePointLength = text.codePointLength;
      return;
    }
    const atCodePoint: number[] = [];
    const atUtf16: number[] = [];
    let codePoints = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          atCodePoint.push(codePoints);
          atUtf16.push(i);
          i++;
        }
      }
      codePoints++;
    }
    this.astralAtCodePoint = Uint32Array.from(atCodePoint);
    this.astralAtUtf16 = Uint32Array.from(atUtf16);
    this.utf16Length = text.length;
    this.codePointLength = codePoints;
  }

  /** UTF-16 offset of a code-point offset; clamped to the text (a fraction is rounded down, so it never lands inside a pair). */
  toUtf16(codePoint: number): number {
    const cp = Math.max(0, Math.min(Math.floor(codePoint), this.codePointLength));
    return cp + countBelow(this.astralAtCodePoint, cp);
  }

  /** Code-point offset of a UTF-16 offset; an offset inside a surrogate pair maps to its character. */
  toCodePoint(utf16: number): number {
    const u = Math.max(0, Math.min(Math.floor(utf16), this.utf16Length));
    return u - countBelow(this.astralAtUtf16, u - 1);
  }

  /** Converts a half-open code-point range, reporting whether it had to be clamped. */
  rangeToUtf16(start: number, end: number): { start: number; end: number; valid: boolean } {
    const valid = Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= this.codePointLength;
    return { start: this.toUtf16(start), end: this.toUtf16(Math.max(start, end)), valid };
  }
}

/** How many values in the sorted array are strictly below `value`. */
function countBelow(sorted: Uint32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
