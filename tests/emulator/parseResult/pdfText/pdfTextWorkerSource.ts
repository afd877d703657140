/**
 * The worker's source, run with `eval` (a worker file beside this one would be lost when the
 * emulator is bundled by scripts/run-ts.mjs).
 * Reads each page's text items and image placements with pdf.js, as a service reading PDFs
 * in Node would: the legacy build (it brings its own polyfills, which stay in this worker's
 * realm), default document options. Answers in viewport points (origin top-left).
 */
export const PDF_TEXT_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');

import(workerData.pdfjsUrl).then((pdfjs) => {
const { OPS } = pdfjs;
const IMAGE_OPS = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat]);

const multiply = (m, n) => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m, x, y) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

function boxOf(viewport, points) {
  const xs = [];
  const ys = [];
  for (const [x, y] of points) {
    const [vx, vy] = viewport.convertToViewportPoint(x, y);
    xs.push(vx);
    ys.push(vy);
  }
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

async function readPage(pdf, number) {
  const page = await pdf.getPage(number);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = [];
  for (const item of content.items) {
    if (typeof item.str !== 'string' || item.str.trim() === '') continue;
    const [a, b, c, d, e, f] = item.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height || 1;
    const width = item.width || size * item.str.length * 0.5;
    // The run's baseline starts at (e, f); its glyphs rise about one font size above it.
    const ux = Math.hypot(a, b) ? [a / Math.hypot(a, b), b / Math.hypot(a, b)] : [1, 0];
    const uy = [-ux[1], ux[0]];
    const corner = (s, t) => [e + ux[0] * s + uy[0] * t, f + ux[1] * s + uy[1] * t];
    const box = boxOf(viewport, [corner(0, -0.2 * size), corner(width, -0.2 * size), corner(0, size), corner(width, size)]);
    items.push({ str: item.str, ...box });
  }
  const images = [];
  const ops = await page.getOperatorList();
  let ctm = [1, 0, 0, 1, 0, 0];
  const stack = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) ctm = multiply(ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(args?.[0]) && args[0].length === 6) ctm = multiply(ctm, args[0]);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (IMAGE_OPS.has(fn)) {
      images.push(boxOf(viewport, [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)]));
    }
  }
  page.cleanup();
  return { page: number, width: viewport.width, height: viewport.height, items, images };
}

parentPort.on('message', async ({ id, bytes, pages }) => {
  const task = pdfjs.getDocument({ data: bytes, verbosity: 0, isEvalSupported: false, enableXfa: false, useSystemFonts: false, disableFontFace: true });
  try {
    const pdf = await task.promise;
    const wanted = pages ?? Array.from({ length: pdf.numPages }, (_, i) => i + 1);
    const result = [];
    for (const number of wanted) {
      if (number < 1 || number > pdf.numPages) continue;
      try {
        result.push(await readPage(pdf, number));
      } catch {
        result.push({ page: number, width: 0, height: 0, items: [], images: [] });
      }
    }
    parentPort.postMessage({ id, ok: true, pages: result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  } finally {
    await task.destroy().catch(() => {});
  }
});
});
`;
