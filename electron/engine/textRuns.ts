import type { Rect } from './geometry.js';

/** The parts of a pdf.js text item the engine reads (structural, so no pdf.js types leak in). */
export interface PdfTextItem {
  str: string;
  /** Text space → PDF user space: [a, b, c, d, e, f]. */
  transform: number[];
  /** Advance along the baseline, in user space units. */
  width: number;
  fontName: string;
}

export interface PdfFontStyle {
  ascent?: number;
  descent?: number;
}

/** One pdf.js text item placed on the displayed page. */
export interface TextRun extends Rect {
  text: string;
  /** Font size in points. */
  size: number;
  /** Displayed y of the baseline. */
  baseline: number;
}

/** Affine transform [a, b, c, d, e, f] applied to a point. */
function apply(m: readonly number[], x: number, y: number): [number, number] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  return [a * x + c * y + e, b * x + d * y + f];
}

// Some fonts report no or absurd vertical metrics; typical Latin proportions stand in for them.
const ascentOf = (style: PdfFontStyle | undefined) => {
  const a = style?.ascent;
  return a !== undefined && a >= 0.5 && a <= 1.2 ? a : 0.8;
};
const descentOf = (style: PdfFontStyle | undefined) => {
  const d = style?.descent;
  return d !== undefined && d <= 0 && d >= -0.5 ? -d : 0.2;
};

/**
 * Places text items on the page as displayed: the four corners of each item's glyph box
 * (baseline advance × ascent/descent) go through the viewport transform, which carries the
 * page's /Rotate, so a landscape page drawn rotated reads upright. Whitespace-only items are
 * dropped: the gaps between runs say where the spaces are.
 */
export function toTextRuns(
  items: readonly PdfTextItem[],
  styles: Readonly<Record<string, PdfFontStyle>>,
  viewportTransform: readonly number[],
): TextRun[] {
  const runs: TextRun[] = [];
  for (const item of items) {
    if (item.str.trim() === '') continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b);
    if (!(size > 0)) continue;
    const ux = a / (Math.hypot(a, b) || 1);
    const uy = b / (Math.hypot(a, b) || 1);
    const vx = c / size;
    const vy = d / size;
    const style = styles[item.fontName];
    const up = ascentOf(style) * size;
    const down = descentOf(style) * size;
    const width = Math.max(item.width, 0);
    const corners = [
      apply(viewportTransform, e - vx * down, f - vy * down),
      apply(viewportTransform, e + ux * width - vx * down, f + uy * width - vy * down),
      apply(viewportTransform, e + vx * up, f + vy * up),
      apply(viewportTransform, e + ux * width + vx * up, f + uy * width + vy * up),
    ];
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    runs.push({
      text: item.str,
      size,
      baseline: apply(viewportTransform, e, f)[1],
      x0: Math.min(...xs),
      y0: Math.min(...ys),
      x1: Math.max(...xs),
      y1: Math.max(...ys),
    });
  }
  return runs;
}
