import { countCodePoints, isBlank } from './codePoints.js';
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
  /** pdf.js's fallback family: "monospace" for a fixed-pitch font (flagged so, or every glyph the same width). */
  fontFamily?: string;
}

/** One pdf.js text item placed on the displayed page. */
export interface TextRun extends Rect {
  text: string;
  /** Font size in points. */
  size: number;
  /** Displayed y of the baseline. */
  baseline: number;
  /** Set on words read by OCR: how sure the recognizer is of the word, 0–1. */
  confidence?: number;
  /** Set in a fixed-pitch font (text layers only: OCR does not tell). */
  mono?: boolean;
}

// Affine transform [a, b, c, d, e, f] applied to a point, without allocating (this runs per glyph run).
const transformX = (m: readonly number[], x: number, y: number) => (m[0] ?? 1) * x + (m[2] ?? 0) * y + (m[4] ?? 0);
const transformY = (m: readonly number[], x: number, y: number) => (m[1] ?? 0) * x + (m[3] ?? 1) * y + (m[5] ?? 0);

/** Grows the run's rectangle to hold a point given in user space. */
function extend(run: Rect, m: readonly number[], x: number, y: number): void {
  const px = transformX(m, x, y);
  const py = transformY(m, x, y);
  if (px < run.x0) run.x0 = px;
  if (px > run.x1) run.x1 = px;
  if (py < run.y0) run.y0 = py;
  if (py > run.y1) run.y1 = py;
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
 * dropped (the gaps between runs say where the spaces are), and so are items placed nowhere.
 */
export function toTextRuns(
  items: readonly PdfTextItem[],
  styles: Readonly<Record<string, PdfFontStyle>>,
  viewportTransform: readonly number[],
): TextRun[] {
  const fixedPitch = fixedPitchFonts(items, styles);
  const runs: TextRun[] = [];
  for (const item of items) {
    if (isBlank(item.str)) continue;
    // Indexed, not destructured: this runs per text item, and a destructuring pattern iterates.
    const m = item.transform;
    const a = m[0] ?? 1;
    const b = m[1] ?? 0;
    const c = m[2] ?? 0;
    const d = m[3] ?? 1;
    const e = m[4] ?? 0;
    const f = m[5] ?? 0;
    const along = Math.hypot(a, b);
    const size = Math.hypot(c, d) || along;
    if (!(size > 0)) continue;
    const ux = a / (along || 1);
    const uy = b / (along || 1);
    const vx = c / size;
    const vy = d / size;
    const style = styles[item.fontName];
    const up = ascentOf(style) * size;
    const down = descentOf(style) * size;
    const width = Math.max(item.width, 0);
    // The glyph box's corners: baseline start/end, each pushed down by the descent and up by the ascent.
    const downX = e - vx * down;
    const downY = f - vy * down;
    const upX = e + vx * up;
    const upY = f + vy * up;
    const run: TextRun = {
      text: item.str,
      size,
      baseline: transformY(viewportTransform, e, f),
      mono: fixedPitch.has(item.fontName),
      x0: Infinity,
      y0: Infinity,
      x1: -Infinity,
      y1: -Infinity,
    };
    extend(run, viewportTransform, downX, downY);
    extend(run, viewportTransform, downX + ux * width, downY + uy * width);
    extend(run, viewportTransform, upX, upY);
    extend(run, viewportTransform, upX + ux * width, upY + uy * width);
    // A damaged text matrix can overflow to Infinity or NaN: such a run has no place on the page.
    if (!Number.isFinite(run.x0 + run.x1 + run.y0 + run.y1 + run.baseline)) continue;
    runs.push(run);
  }
  return runs;
}

/** Distinct characters a font must show, all at one advance, to be judged fixed-pitch from its text. */
const FIXED_PITCH_EVIDENCE = 8;
/** How far apart (as a ratio) two advances per character may be and still be one pitch. */
const SAME_PITCH = 1.02;

/**
 * Fonts set in fixed pitch: pdf.js says so for a flagged simple font, but it judges a composite
 * (CID) font by its default width, which producers leave at 1000, so a fixed-pitch CID font
 * reads as proportional. Here a font is also fixed-pitch when every item in it advances the same
 * per character, over at least 8 distinct characters (a proportional font varies by 10 % or more).
 */
function fixedPitchFonts(items: readonly PdfTextItem[], styles: Readonly<Record<string, PdfFontStyle>>): Set<string> {
  const pitch = new Map<string, { min: number; max: number; chars: Set<string> }>();
  for (const item of items) {
    if (styles[item.fontName]?.fontFamily === 'monospace') continue;
    const m = item.transform;
    const size = Math.hypot(m[2] ?? 0, m[3] ?? 1) || Math.hypot(m[0] ?? 1, m[1] ?? 0);
    // A whitespace-only item may be a space pdf.js made up for a gap: no evidence of the font's pitch.
    if (!(size > 0) || !(item.width > 0) || isBlank(item.str)) continue;
    const advance = item.width / size / countCodePoints(item.str);
    let seen = pitch.get(item.fontName);
    if (!seen) pitch.set(item.fontName, (seen = { min: advance, max: advance, chars: new Set() }));
    seen.min = Math.min(seen.min, advance);
    seen.max = Math.max(seen.max, advance);
    if (seen.chars.size >= FIXED_PITCH_EVIDENCE) continue;
    for (const ch of item.str) {
      if (seen.chars.size >= FIXED_PITCH_EVIDENCE) break;
      if (ch.trim() !== '') seen.chars.add(ch);
    }
  }
  const fixed = new Set<string>();
  for (const [name, style] of Object.entries(styles)) if (style.fontFamily === 'monospace') fixed.add(name);
  for (const [name, seen] of pitch) if (seen.chars.size >= FIXED_PITCH_EVIDENCE && seen.max <= SAME_PITCH * seen.min) fixed.add(name);
  return fixed;
}
