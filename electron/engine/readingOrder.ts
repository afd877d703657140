import type { Rect } from './geometry.js';

interface Gap {
  at: number;
  width: number;
}

/** The widest empty band between the units' extents along one axis, if any. */
function widestGap(units: readonly Rect[], axis: 'x' | 'y'): Gap | null {
  const spans = units.map((u) => (axis === 'x' ? [u.x0, u.x1] : [u.y0, u.y1]) as [number, number]).sort((a, b) => a[0] - b[0]);
  let best: Gap | null = null;
  let reach = spans[0]?.[1] ?? 0;
  for (let i = 1; i < spans.length; i++) {
    const [start, end] = spans[i] as [number, number];
    if (start > reach && (!best || start - reach > best.width)) best = { at: (start + reach) / 2, width: start - reach };
    if (end > reach) reach = end;
  }
  return best;
}

/**
 * Reading order by recursive XY-cut: split the units at the widest empty band, vertical
 * (a column gutter) when it is at least `minGutter` wide and no narrower than the widest
 * horizontal band, otherwise horizontal; read top before bottom and left before right.
 * A title spanning both columns blocks the vertical cut until it has been cut off above,
 * so "title, left column, right column" comes out in that order.
 */
export function orderByXYCut<T extends Rect>(units: readonly T[], minGutter: number): T[] {
  if (units.length <= 1) return [...units];
  const x = widestGap(units, 'x');
  const y = widestGap(units, 'y');
  if (x && x.width >= minGutter && (!y || x.width >= y.width)) {
    const left = units.filter((u) => u.x1 <= x.at);
    const right = units.filter((u) => u.x1 > x.at);
    return [...orderByXYCut(left, minGutter), ...orderByXYCut(right, minGutter)];
  }
  if (y) {
    const top = units.filter((u) => u.y1 <= y.at);
    const bottom = units.filter((u) => u.y1 > y.at);
    return [...orderByXYCut(top, minGutter), ...orderByXYCut(bottom, minGutter)];
  }
  return [...units].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}
