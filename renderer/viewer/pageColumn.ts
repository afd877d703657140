/**
 * The page view's column, worked out from the page sizes alone: where each page sits, which
 * page is at a scroll offset, and which pages are in the DOM. A long document mounts only the
 * pages around the view (and those holding the selection); one spacer stands for each run of
 * pages between them. A thousand mounted pages, each with its overlay layer, made every click's
 * layout, paint and hover hit test walk all of them.
 */

/** The column's padding and the gap between pages (styles.css, `.viewer-scroll`). */
export const PAGE_GAP = 16;
/** Pages mounted beyond those near the view, each way: a wheel's scroll meets pages already there. */
export const MOUNTED_BEYOND_NEAR = 10;

export interface PageBox {
  width: number;
  height: number;
}

/** Each page's top in the scroll container: the padding, then every page above and its gap. */
export function pageTops(pages: readonly PageBox[]): Float64Array {
  const tops = new Float64Array(pages.length);
  let top = PAGE_GAP;
  pages.forEach((page, i) => {
    tops[i] = top;
    top += page.height + PAGE_GAP;
  });
  return tops;
}

/** The page (1-based) at a scroll offset, clamped to the document; 0 when there are no pages. */
export function pageAt(tops: Float64Array, offset: number): number {
  let low = 0;
  let high = tops.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (tops[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return tops.length === 0 ? 0 : low + 1;
}

/** The pages to mount (1-based, ascending, each once): those from `first` to `last` and beyond them, and `held`. */
export function pagesToMount(near: { first: number; last: number }, held: readonly number[], pageCount: number): number[] {
  const from = Math.max(1, near.first - MOUNTED_BEYOND_NEAR);
  const to = Math.min(pageCount, Math.max(near.last, near.first) + MOUNTED_BEYOND_NEAR);
  const pages = new Set<number>();
  for (let page = from; page <= to; page++) pages.add(page);
  for (const page of held) if (page >= 1 && page <= pageCount) pages.add(page);
  return [...pages].sort((a, b) => a - b);
}

export type ColumnItem = { kind: 'page'; page: number } | { kind: 'spacer'; firstPage: number; height: number };

/**
 * The column's children: the mounted pages, and a spacer for each run of pages left out, as tall
 * as those pages and their gaps less the one gap the column puts after it.
 */
export function columnItems(mounted: readonly number[], tops: Float64Array, pages: readonly PageBox[]): ColumnItem[] {
  const items: ColumnItem[] = [];
  let next = 1;
  for (const page of mounted) {
    if (page > next) items.push({ kind: 'spacer', firstPage: next, height: tops[page - 1]! - tops[next - 1]! - PAGE_GAP });
    items.push({ kind: 'page', page });
    next = page + 1;
  }
  const count = pages.length;
  if (count >= next) items.push({ kind: 'spacer', firstPage: next, height: tops[count - 1]! + pages[count - 1]!.height - tops[next - 1]! });
  return items;
}
