import type * as Canvas from '@napi-rs/canvas';
import type { OcrLimits } from '../engineLimits.js';

type CanvasModule = typeof Canvas;
let canvasModule: Promise<CanvasModule> | null = null;

/**
 * @napi-rs/canvas (Skia), the canvas pdf.js draws on in Node; loaded on first use, in the
 * engine's worker only. pdf.js draws every path as a `Path2D` and patterns with `DOMMatrix`,
 * browser globals its legacy build installs from this module in Node and its modern build
 * (the one the app runs) does not: they are installed here, where nothing else defines them.
 */
export function loadCanvas(): Promise<CanvasModule> {
  canvasModule ??= import('@napi-rs/canvas').then((loaded) => {
    const module = (loaded as { default?: CanvasModule }).default ?? loaded;
    const globals = globalThis as Record<string, unknown>;
    globals.Path2D ??= module.Path2D;
    globals.DOMMatrix ??= module.DOMMatrix;
    globals.ImageData ??= module.ImageData;
    return module;
  });
  return canvasModule;
}

export interface RasterPlan {
  width: number;
  height: number;
  /** Raster pixels per source unit (PDF point or image pixel). */
  scale: number;
}

/**
 * The raster OCR reads for a source of `width` × `height` units: `preferredScale` pixels a unit
 * (300 DPI for a PDF page), less when that would pass the pixel budget or the longest side.
 */
export function planRaster(
  width: number,
  height: number,
  preferredScale: number,
  limits: Pick<OcrLimits, 'maxRasterPixels' | 'maxRasterSide'>,
): RasterPlan {
  let scale = preferredScale;
  if (width * height * scale * scale > limits.maxRasterPixels) scale = Math.sqrt(limits.maxRasterPixels / (width * height));
  if (Math.max(width, height) * scale > limits.maxRasterSide) scale = limits.maxRasterSide / Math.max(width, height);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)), scale };
}

/**
 * RGBA pixels as a binary greymap (PGM): what OCR reads (it works on grey levels anyway), a
 * quarter of the bytes, and a format Leptonica decodes with no library and no guessing.
 */
export function toGreymap(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height);
  out.set(header);
  for (let i = 0, j = header.length; j < out.length; i += 4, j++) {
    // Rec. 601 luma, in integers; transparent pixels read as white paper.
    const alpha = rgba[i + 3] ?? 255;
    const luma = ((rgba[i] ?? 0) * 299 + (rgba[i + 1] ?? 0) * 587 + (rgba[i + 2] ?? 0) * 114) / 1000;
    out[j] = Math.round(255 - ((255 - luma) * alpha) / 255);
  }
  return out;
}
