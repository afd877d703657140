import { beforeDeadline } from '../deadline.js';
import type { OcrLimits } from '../engineLimits.js';
import type { PdfPage } from '../pdfjs.js';
import { loadCanvas, planRaster, toGreymap } from './raster.js';

export interface PageRaster {
  /** A greymap of the page as displayed (its /Rotate applied). */
  image: Uint8Array;
  /** Raster pixels per PDF point. */
  scale: number;
  dpi: number;
}

/**
 * Draws a page with pdf.js on a Skia canvas for OCR: at `limits.dpi` where the pixel budget
 * allows (a bigger page is drawn coarser), white paper under it. Past the deadline the drawing
 * is cancelled.
 */
export async function rasterizePdfPage(page: PdfPage, deadline: number, limits: OcrLimits): Promise<PageRaster> {
  const base = page.getViewport({ scale: 1 });
  const plan = planRaster(base.width, base.height, limits.dpi / 72, limits);
  const viewport = page.getViewport({ scale: plan.scale });
  const { createCanvas } = await beforeDeadline(loadCanvas(), deadline);
  const canvas = createCanvas(plan.width, plan.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, plan.width, plan.height);
  // pdf.js's types name the DOM canvas; in Node it draws on this one (its own NodeCanvasFactory makes the same kind).
  const task = page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
  });
  try {
    await beforeDeadline(task.promise, deadline);
  } catch (error) {
    task.cancel();
    throw error;
  }
  const pixels = context.getImageData(0, 0, plan.width, plan.height).data;
  return { image: toGreymap(pixels, plan.width, plan.height), scale: plan.scale, dpi: Math.round(plan.scale * 72) };
}
