import { describe, expect, it } from 'vitest';
import { isBlank, isWhiteSpaceUnit, visibleUnits } from '../../../../electron/engine/codePoints.js';

// The engine's allocation-free white-space checks must judge exactly as the string methods they stand in for.
describe('white space without copies', () => {
  it('judges every UTF-16 unit as \\s and trim() do', () => {
    const differing: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const unit = String.fromCharCode(code);
      if (isWhiteSpaceUnit(code) !== /\s/.test(unit) || isBlank(unit) !== (unit.trim() === '')) differing.push(code);
    }
    expect(differing).toEqual([]);
  });

  it('counts what is not white space in mixed text as replace(/\\s/g, "") does', () => {
    for (const text of ['', ' ', 'a b', '\u00a0x\u3000y\ufeff', 'Sum 𝙰𝙱 = 2', '\t\n\r\u2028\u2029', '  lead and trail  ']) {
      expect(visibleUnits(text)).toBe(text.replace(/\s/g, '').length);
      expect(isBlank(text)).toBe(text.trim() === '');
    }
  });
});
