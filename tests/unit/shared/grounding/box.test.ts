import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxToPixels, fromAnalyzerBox, fromV2Box, rotateBox, type QuarterTurns } from '../../../../shared/grounding/box.js';

const fraction = fc.double({ min: 0, max: 1, noNaN: true });
const box = fc.tuple(fraction, fraction, fraction, fraction).map(([a, b, c, d]) => ({
  left: Math.min(a, c),
  right: Math.max(a, c),
  top: Math.min(b, d),
  bottom: Math.max(b, d),
}));

/** Turning a point (x, y) of a unit page a quarter turn clockwise lands it at (1 - y, x). */
const turnPoint = ([x, y]: [number, number]): [number, number] => [1 - y, x];

describe('one box type', () => {
  it('v2 boxes keep their 1-indexed page; analyzer boxes move from 0-indexed', () => {
    expect(fromV2Box(3, { xmin: 0.1, ymin: 0.2, xmax: 0.3, ymax: 0.4 })).toEqual({
      page: 3,
      left: 0.1,
      top: 0.2,
      right: 0.3,
      bottom: 0.4,
      valid: true,
    });
    expect(fromAnalyzerBox(0, { l: 0.1, t: 0.2, r: 0.3, b: 0.4 })).toEqual({
      page: 1,
      left: 0.1,
      top: 0.2,
      right: 0.3,
      bottom: 0.4,
      valid: true,
    });
  });

  it('flags and clamps boxes outside 0–1, inverted boxes and bad pages', () => {
    expect(fromV2Box(1, { xmin: -0.1, ymin: 0, xmax: 1.2, ymax: 0.5 })).toMatchObject({ left: 0, right: 1, valid: false });
    expect(fromV2Box(1, { xmin: 0.5, ymin: 0, xmax: 0.2, ymax: 0.5 })).toMatchObject({ left: 0.2, right: 0.5, valid: false });
    expect(fromV2Box(0, { xmin: 0, ymin: 0, xmax: 1, ymax: 1 }).valid).toBe(false);
    expect(fromV2Box(1, { xmin: Number.NaN, ymin: 0, xmax: 1, ymax: 1 }).valid).toBe(false);
  });

  it('scales to any rendering size without a DPI', () => {
    const pixels = boxToPixels({ left: 0.1, top: 0.2, right: 0.5, bottom: 0.6 }, { width: 1000, height: 2000 });
    expect(pixels.x).toBeCloseTo(100, 9);
    expect(pixels.y).toBeCloseTo(400, 9);
    expect(pixels.width).toBeCloseTo(400, 9);
    expect(pixels.height).toBeCloseTo(800, 9);
    const turned = boxToPixels({ left: 0, top: 0, right: 0.5, bottom: 0.25 }, { width: 2000, height: 1000, turns: 1 });
    expect([turned.x, turned.y, turned.width, turned.height]).toEqual([1500, 0, 500, 500]);
  });

  it('a quarter turn moves every corner where turning the page moves it', () => {
    fc.assert(
      fc.property(box, (b) => {
        const turned = rotateBox(b, 1);
        const corners = [turnPoint([b.left, b.top]), turnPoint([b.right, b.bottom])];
        const xs = corners.map((c) => c[0]);
        const ys = corners.map((c) => c[1]);
        expect(turned.left).toBeCloseTo(Math.min(...xs), 12);
        expect(turned.right).toBeCloseTo(Math.max(...xs), 12);
        expect(turned.top).toBeCloseTo(Math.min(...ys), 12);
        expect(turned.bottom).toBeCloseTo(Math.max(...ys), 12);
      }),
    );
  });

  it('turns compose: n quarter turns equal one turn applied n times; four is the identity', () => {
    fc.assert(
      fc.property(box, fc.constantFrom<QuarterTurns>(0, 1, 2, 3), (b, n) => {
        let stepwise = b;
        for (let i = 0; i < n; i++) stepwise = rotateBox(stepwise, 1);
        const direct = rotateBox(b, n);
        for (const k of ['left', 'top', 'right', 'bottom'] as const) expect(direct[k]).toBeCloseTo(stepwise[k], 12);
        let full = b;
        for (let i = 0; i < 4; i++) full = rotateBox(full, 1);
        for (const k of ['left', 'top', 'right', 'bottom'] as const) expect(full[k]).toBeCloseTo(b[k], 12);
      }),
    );
  });
});
