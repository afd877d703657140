/**
 * One box type for the whole app: fractions of the page as displayed (0–1, origin top
 * left) on a 1-indexed page. v2 sends `{xmin, ymin, xmax, ymax}` with 1-indexed pages (v2.parse.grounding.normalized-box);
 * the older analyzer sends `{l, t, r, b}` with 0-indexed pages. Both convert here, once.
 */
export interface PageBox {
  /** 1-indexed. */
  page: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** False when the source box was outside 0–1 or inverted; the box is clamped for drawing. */
  valid: boolean;
}

const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

function makeBox(page: number, x0: number, y0: number, x1: number, y1: number): PageBox {
  const inRange = [x0, y0, x1, y1].every((v) => Number.isFinite(v) && v >= 0 && v <= 1);
  const ordered = x0 <= x1 && y0 <= y1;
  return {
    page,
    left: clamp01(Math.min(x0, x1)),
    top: clamp01(Math.min(y0, y1)),
    right: clamp01(Math.max(x0, x1)),
    bottom: clamp01(Math.max(y0, y1)),
    valid: inRange && ordered && Number.isInteger(page) && page >= 1,
  };
}

/** v2 grounding: 1-indexed page, `{xmin, ymin, xmax, ymax}`. */
export function fromV2Box(page: number, box: { xmin: number; ymin: number; xmax: number; ymax: number }): PageBox {
  return makeBox(page, box.xmin, box.ymin, box.xmax, box.ymax);
}

/** Older analyzer grounding: 0-indexed page, `{l, t, r, b}`. */
export function fromAnalyzerBox(page0: number, box: { l: number; t: number; r: number; b: number }): PageBox {
  return makeBox(page0 + 1, box.l, box.t, box.r, box.b);
}

export type QuarterTurns = 0 | 1 | 2 | 3;

/**
 * Where a box lands in pixels on a rendering `width`×`height` of the page as displayed,
 * after the viewer turned the page by `turns` quarter turns clockwise (the rendering's
 * size is the turned size). Boxes are never tied to a DPI: any rendering size works.
 */
export function boxToPixels(
  box: Pick<PageBox, 'left' | 'top' | 'right' | 'bottom'>,
  rendering: { width: number; height: number; turns?: QuarterTurns },
): { x: number; y: number; width: number; height: number } {
  const turned = rotateBox(box, rendering.turns ?? 0);
  return {
    x: turned.left * rendering.width,
    y: turned.top * rendering.height,
    width: (turned.right - turned.left) * rendering.width,
    height: (turned.bottom - turned.top) * rendering.height,
  };
}

/** The same region after turning the page `turns` quarter turns clockwise, still as fractions. */
export function rotateBox<B extends Pick<PageBox, 'left' | 'top' | 'right' | 'bottom'>>(box: B, turns: QuarterTurns): B {
  const { left, top, right, bottom } = box;
  switch (turns) {
    case 0:
      return box;
    case 1:
      return { ...box, left: 1 - bottom, top: left, right: 1 - top, bottom: right };
    case 2:
      return { ...box, left: 1 - right, top: 1 - bottom, right: 1 - left, bottom: 1 - top };
    case 3:
      return { ...box, left: top, top: 1 - right, right: bottom, bottom: 1 - left };
  }
}
