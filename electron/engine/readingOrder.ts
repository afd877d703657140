import type { Rect } from './geometry.js';

interface Gap {
  at: number;
  width: number;
}

/**
 * Units examined, summed over every cut of one page, before the rest is read plainly. Each
 * cut looks at its whole group, so a staircase of n units (each cut peels off one) costs n²/2:
 * a normal page stays far below this (a column of 2,000 evenly spaced lines costs 2 M).
 */
export const XY_CUT_WORK_BUDGET = 4_000_000;

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

/** The group split at its widest band (first part read first), or null when nothing splits it. */
function cut<T extends Rect>(units: readonly T[], minGutter: number): [T[], T[]] | null {
  const x = widestGap(units, 'x');
  const y = widestGap(units, 'y');
  let halves: [T[], T[]] | null = null;
  if (x && x.width >= minGutter && (!y || x.width >= y.width)) {
    halves = [units.filter((u) => u.x1 <= x.at), units.filter((u) => u.x1 > x.at)];
  } else if (y) {
    halves = [units.filter((u) => u.y1 <= y.at), units.filter((u) => u.y1 > y.at)];
  }
  // A cut that leaves a side empty makes no progress (only geometry a real page cannot have, such as NaN, does that).
  return halves && halves[0].length > 0 && halves[1].length > 0 ? halves : null;
}

const topToBottom = (a: Rect, b: Rect) => a.y0 - b.y0 || a.x0 - b.x0;

/**
 * Reading order by XY-cut: split the units at the widest empty band, vertical (a column
 * gutter) when it is at least `minGutter` wide and no narrower than the widest horizontal
 * band, otherwise horizontal; read top before bottom and left before right. A title spanning
 * both columns blocks the vertical cut until it has been cut off above, so "title, left
 * column, right column" comes out in that order.
 *
 * The cuts run off an explicit stack (a page decides how deep they go), and past `budget`
 * units examined the groups still waiting are each read top to bottom, left to right.
 */
export function orderByXYCut<T extends Rect>(units: readonly T[], minGutter: number, budget = XY_CUT_WORK_BUDGET): T[] {
  const ordered: T[] = [];
  const waiting: (readonly T[])[] = [units];
  let work = 0;
  for (let group = waiting.pop(); group !== undefined; group = waiting.pop()) {
    if (group.length <= 1) {
      if (group[0]) ordered.push(group[0]);
      continue;
    }
    work += group.length;
    const halves = work <= budget ? cut(group, minGutter) : null;
    if (halves) {
      waiting.push(halves[1], halves[0]);
      continue;
    }
    for (const unit of [...group].sort(topToBottom)) ordered.push(unit);
  }
  return ordered;
}
