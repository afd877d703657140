import { describe, expect, it } from 'vitest';
import { boxStyle } from '../../../../renderer/viewer/boxStyle.js';

describe('a box placed over its page', () => {
  it('is its left and top edges and its size, as percentages of the page', () => {
    expect(boxStyle({ left: 0.25, top: 0.5, right: 0.75, bottom: 0.625 })).toEqual({
      left: '25%',
      top: '50%',
      width: '50%',
      height: '12.5%',
    });
  });
});
