/**
 * Geometry of the page as displayed: PDF points after the page's /Rotate is applied,
 * origin at the top-left, y growing downwards (pdf.js viewport space at scale 1).
 */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PageSize {
  width: number;
  height: number;
}

/** The smallest rectangle holding all of them; `rects` must not be empty. */
export function unionRects(rects: readonly Rect[]): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const r of rects) {
    if (r.x0 < x0) x0 = r.x0;
    if (r.y0 < y0) y0 = r.y0;
    if (r.x1 > x1) x1 = r.x1;
    if (r.y1 > y1) y1 = r.y1;
  }
  return { x0, y0, x1, y1 };
}

/** Length of the vertical overlap of two rectangles (negative when they are apart). */
export function verticalOverlap(a: Rect, b: Rect): number {
  return Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
}

const round5 = (value: number) => Math.round(value * 100000) / 100000;
const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

/** A v2 box: fractions of the displayed page, clamped to 0–1, at most 5 decimals. */
export function normalizeBox(rect: Rect, page: PageSize): { xmin: number; ymin: number; xmax: number; ymax: number } {
  return {
    xmin: round5(clamp01(rect.x0 / page.width)),
    ymin: round5(clamp01(rect.y0 / page.height)),
    xmax: round5(clamp01(rect.x1 / page.width)),
    ymax: round5(clamp01(rect.y1 / page.height)),
  };
}
