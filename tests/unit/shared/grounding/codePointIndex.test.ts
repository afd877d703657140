import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodePointIndex } from '../../../../shared/grounding/codePointIndex.js';

/** Text mixing ASCII, BMP CJK, combining marks, emoji (astral), astral CJK and ZWJ sequences. */
const mixedText = fc
  .array(fc.constantFrom('a', ' ', '\n', 'é', 'e\u0301', '中', '😀', '𠀋', '👩‍💻', '🇫🇷', '𝐀', '|'), { maxLength: 200 })
  .map((parts) => parts.join(''));

/** The obvious, slow answer: walk the string by code point. */
function naiveToUtf16(text: string, codePoint: number): number {
  return Array.from(text).slice(0, codePoint).join('').length;
}

describe('code-point index', () => {
  it('agrees with a naive walk for every code-point offset', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        const index = new CodePointIndex(text);
        const length = Array.from(text).length;
        expect(index.codePointLength).toBe(length);
        for (let cp = 0; cp <= length; cp++) {
          const u = index.toUtf16(cp);
          expect(u).toBe(naiveToUtf16(text, cp));
          expect(index.toCodePoint(u)).toBe(cp);
        }
      }),
    );
  });

  it('slices exactly the characters a range names', () => {
    fc.assert(
      fc.property(mixedText, fc.nat(), fc.nat(), (text, a, b) => {
        const chars = Array.from(text);
        const start = chars.length ? a % (chars.length + 1) : 0;
        const end = chars.length ? start + (b % (chars.length - start + 1)) : 0;
        const index = new CodePointIndex(text);
        const range = index.rangeToUtf16(start, end);
        expect(range.valid).toBe(true);
        expect(text.slice(range.start, range.end)).toBe(chars.slice(start, end).join(''));
      }),
    );
  });

  it('clamps and flags ranges outside the text', () => {
    const index = new CodePointIndex('a😀b');
    expect(index.rangeToUtf16(1, 2)).toEqual({ start: 1, end: 3, valid: true });
    expect(index.rangeToUtf16(2, 10)).toEqual({ start: 3, end: 4, valid: false });
    expect(index.rangeToUtf16(-1, 1)).toMatchObject({ valid: false });
    expect(index.rangeToUtf16(2, 1)).toMatchObject({ valid: false });
  });

  it('treats a lone surrogate as one code point, as the service would count it', () => {
    const index = new CodePointIndex('a\ud800b');
    expect(index.codePointLength).toBe(3);
    expect(index.toUtf16(2)).toBe(2);
  });
});
