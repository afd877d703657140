import type { SizeTree } from '../../shared/fenwick.js';

/** A run of consecutive items, `first` to `last` inclusive (empty when `last < first`). */
export interface Run {
  first: number;
  last: number;
}

/** The part of the list in view, `top` and `height` in px from the list's top. */
export interface ViewWindow {
  top: number;
  height: number;
}

/** The items within `reach` px of the view. */
export function runNear(sizes: SizeTree, count: number, view: ViewWindow, reach: number): Run {
  if (count === 0) return { first: 0, last: -1 };
  return { first: sizes.indexAt(Math.max(0, view.top - reach)), last: sizes.indexAt(view.top + view.height + reach) };
}

/**
 * The runs of items to mount, in list order: the items `near` the view and, while a jump
 * settles, the items `kept` from before it. Runs that meet become one; runs apart stay two
 * (a gap between them), so a far jump unmounts nothing in the frame that shows where it went:
 * the kept items go once that frame is painted, with the overscan around the new view.
 */
export function mountedRuns(near: Run, kept: Run | null): Run[] {
  if (!kept || kept.last < kept.first) return [near];
  if (kept.last >= near.first - 1 && kept.first <= near.last + 1)
    return [{ first: Math.min(near.first, kept.first), last: Math.max(near.last, kept.last) }];
  return kept.first < near.first ? [kept, near] : [near, kept];
}
