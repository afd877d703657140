import { describe, expect, it } from 'vitest';
import { columnItems, MOUNTED_BEYOND_NEAR, PAGE_GAP, pageAt, pagesToMount, pageTops } from '../../../../renderer/viewer/pageColumn.js';

// Pages of different heights, as a scanned document with a fold-out has.
const pages = Array.from({ length: 40 }, (_, i) => ({ width: 600 + (i % 3) * 50, height: 800 + (i % 5) * 37 }));
const tops = pageTops(pages);

/** Lays the items out as the column does (padding, then each child and a gap between children): each page's top. */
function laidOutTops(items: ReturnType<typeof columnItems>): Map<number, number> {
  const found = new Map<number, number>();
  let y = PAGE_GAP;
  items.forEach((item, k) => {
    if (k > 0) y += PAGE_GAP;
    if (item.kind === 'page') {
      found.set(item.page, y);
      y += pages[item.page - 1]!.height;
    } else y += item.height;
  });
  found.set(0, y); // the column's end
  return found;
}
const columnEnd = tops[pages.length - 1]! + pages[pages.length - 1]!.height;

describe('the page column', () => {
  it('finds the page at an offset, clamped to the document', () => {
    expect(pageAt(tops, -100)).toBe(1);
    expect(pageAt(tops, tops[7]!)).toBe(8);
    expect(pageAt(tops, tops[7]! - 1)).toBe(7);
    expect(pageAt(tops, 1e9)).toBe(40);
    expect(pageAt(new Float64Array(0), 10)).toBe(0);
  });

  it('mounts the pages near the view and beyond them, and the pages holding the selection', () => {
    const mounted = pagesToMount({ first: 20, last: 21 }, [3, 21, 39], 40);
    expect(mounted).toEqual([3, ...Array.from({ length: 2 + 2 * MOUNTED_BEYOND_NEAR }, (_, k) => 20 - MOUNTED_BEYOND_NEAR + k), 39]);
    expect(pagesToMount({ first: 1, last: 0 }, [], 40)).toEqual(Array.from({ length: 1 + MOUNTED_BEYOND_NEAR }, (_, k) => k + 1));
    expect(pagesToMount({ first: 38, last: 40 }, [0, 41], 40)).toEqual(Array.from({ length: 3 + MOUNTED_BEYOND_NEAR }, (_, k) => 28 + k));
  });

  it('puts every mounted page where it would be with every page mounted, and ends where the column does', () => {
    for (const mounted of [[1, 2, 3], [5, 6, 17, 30, 31, 32], [40], [], pages.map((_, i) => i + 1), [1, 40]]) {
      const items = columnItems(mounted, tops, pages);
      const laidOut = laidOutTops(items);
      for (const page of mounted) expect(laidOut.get(page)).toBeCloseTo(tops[page - 1]!, 6);
      expect(laidOut.get(0)).toBeCloseTo(columnEnd, 6);
      expect(items.filter((item) => item.kind === 'page').map((item) => (item.kind === 'page' ? item.page : 0))).toEqual(mounted);
    }
  });

  it('puts one spacer for each run of pages left out, none between neighbours', () => {
    expect(columnItems([2, 3, 7], tops, pages).map((item) => (item.kind === 'page' ? item.page : `s${item.firstPage}`))).toEqual([
      's1',
      2,
      3,
      's4',
      7,
      's8',
    ]);
    expect(columnItems([1, 2], tops, pages.slice(0, 2))).toEqual([
      { kind: 'page', page: 1 },
      { kind: 'page', page: 2 },
    ]);
  });
});
