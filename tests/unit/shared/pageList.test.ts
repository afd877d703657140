import { describe, expect, it } from 'vitest';
import { parsePageList } from '../../../shared/pageList.js';

describe('page lists', () => {
  it.each([
    ['1-3, 5', [1, 2, 3, 5]],
    ['5,1,1', [1, 5]],
    ['', []],
  ])('%j → %j', (text, pages) => expect(parsePageList(text)).toEqual({ pages }));
  it.each(['0', '3-1', 'a', '1,,2'])('%j is refused', (text) => expect(parsePageList(text)).toHaveProperty('error'));
});
