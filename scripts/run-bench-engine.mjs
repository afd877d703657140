// npm run bench:engine — pages per second of the local engine against bare pdf.js
// getTextContent over the same generated 500-page PDF, in one run, plus peak memory; and
// the speed of OCR on generated scanned A4 pages at the app's raster resolution.
// Writes bench/engine-results.json. A measurement, not a test: it never fails on a number.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const PAGES = Number(process.env.BENCH_PAGES ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OCR_PAGES = Number(process.env.BENCH_OCR_PAGES ?? 3);
const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The engine as the app bundles it (core and worker), built into a throwaway folder under dist/. */
async function buildEngine(dir) {
  const common = { bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', logLevel: 'error' };
  await build({ ...common, entryPoints: [join(repo, 'electron/engine/parseDocument.ts')], outfile: join(dir, 'engine-core.mjs') });
  await build({ ...common, entryPoints: [join(repo, 'electron/engine/localEngine.ts')], outfile: join(dir, 'local-engine.mjs') });
  await build({ ...common, entryPoints: [join(repo, 'electron/engine/engineWorker.ts')], outfile: join(dir, 'engine-worker.mjs') });
  await build({ ...common, entryPoints: [join(repo, 'electron/engine/pdfjs.ts')], outfile: join(dir, 'engine-pdfjs.mjs') });
  return {
    // Bare pdf.js loaded as the engine loads it (the same build, on the same builtins).
    pdfjs: await (await import(pathToFileURL(join(dir, 'engine-pdfjs.mjs')).href)).loadPdfjs(),
    core: await import(pathToFileURL(join(dir, 'engine-core.mjs')).href),
    local: await import(pathToFileURL(join(dir, 'local-engine.mjs')).href),
    workerPath: join(dir, 'engine-worker.mjs'),
  };
}

/** A text-heavy report page: running header and footer, headings, paragraphs, a list and a small table. */
async function makePdf(pageCount) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const sentence = 'The quarterly figures were reviewed by the regional offices and the board before publication in this report.';
  for (let p = 1; p <= pageCount; p++) {
    const page = doc.addPage([612, 792]);
    const text = (s, x, y, size = 10, f = font) => page.drawText(s, { x, y: 792 - y, size, font: f });
    text('Benchmark Corp  |  Annual Report', 56, 40, 9);
    text(`Section ${p}`, 56, 90, 16, bold);
    let y = 120;
    for (let para = 0; para < 3; para++) {
      for (let line = 0; line < 7; line++) text(`${sentence.slice(0, 88)} ${p}.${para}.${line}`, 56, (y += 13));
      y += 10;
    }
    for (let item = 0; item < 4; item++) text(`•  List item ${item + 1} on page ${p}`, 66, (y += 14));
    y += 16;
    for (let row = 0; row < 5; row++) {
      y += 15;
      text(`Row ${row}`, 56, y);
      text(String(100 * row + p), 250, y);
      text(`${(row * 1.5).toFixed(2)}%`, 400, y);
      text(`$${row * 20 + p}.00`, 500, y);
    }
    text(`Page ${p} of ${pageCount}`, 280, 760, 9);
  }
  return doc.save();
}

/**
 * Scanned A4 pages: a report page (heading, 44 lines of 11 pt text, a small table) drawn at
 * 300 DPI on a Skia canvas and embedded as the page's only content, as a scanner writes it.
 */
async function makeScannedPdf(pageCount) {
  GlobalFonts.registerFromPath(join(repo, 'tests/fixtures/fonts/DejaVuSansMono.ttf'), 'Bench Mono');
  const width = 2480;
  const height = 3508;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#111111';
  context.font = '90px "Bench Mono"';
  context.fillText('Annual Report 2024', 240, 330);
  context.font = '46px "Bench Mono"';
  const sentence = 'The quarterly figures were reviewed by the regional offices';
  let y = 480;
  for (let line = 0; line < 44; line++) context.fillText(`${sentence} ${line + 1}.`, 240, (y += 62));
  for (let row = 0; row < 5; row++) ['Region', `${100 * row + 7}`, `${(row * 1.5).toFixed(2)} %`].forEach((cell, col) => context.fillText(cell, [240, 1200, 1800][col], (y += col === 0 ? 70 : 0)));
  const png = canvas.toBuffer('image/png');
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  for (let p = 0; p < pageCount; p++) doc.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  return doc.save();
}

/** Runs `work` while sampling the resident set size; returns seconds and the peak RSS seen. */
async function measure(work) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, peakRssMB: Math.round(peak / 1048576), value };
}

async function barePdfjs(pdfjs, bytes) {
  const pdf = await pdfjs.getDocument({ data: bytes.slice(), enableXfa: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  let items = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    items += (await page.getTextContent()).items.length;
    page.cleanup();
  }
  await pdf.loadingTask.destroy();
  return items;
}

const scratch = mkdtempSync(join(tmpdir(), 'groundwork-bench-'));
mkdirSync(join(repo, 'dist'), { recursive: true });
const buildDir = mkdtempSync(join(repo, 'dist', '.bench-engine-'));
try {
  const engine = await buildEngine(buildDir);
  const bytes = await makePdf(PAGES);
  writeFileSync(join(scratch, 'bench.pdf'), bytes);
  console.log(`generated ${PAGES}-page PDF (${(bytes.length / 1048576).toFixed(1)} MB) in ${scratch}`);

  // One untimed pass of each first, so both sides run with pdf.js and the engine already compiled.
  await barePdfjs(engine.pdfjs, bytes);
  await engine.core.parseDocument(bytes, {}, { filename: 'bench.pdf' });
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate, and compare within a round, so load from other processes hits both sides alike.
    const bare = await measure(() => barePdfjs(engine.pdfjs, bytes));
    const core = await measure(() => engine.core.parseDocument(bytes, {}, { filename: 'bench.pdf' }));
    if (round > 1) core.value = null; // keep one response for the summary, not five
    rounds.push({ bare, core, ratio: bare.seconds / core.seconds });
    console.log(`round ${round}: pdf.js ${(PAGES / bare.seconds).toFixed(1)} pages/s, engine ${(PAGES / core.seconds).toFixed(1)} pages/s, ratio ${(bare.seconds / core.seconds).toFixed(3)}`);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const medianOf = (side) => {
    const seconds = median(rounds.map((r) => r[side].seconds));
    return { seconds, peakRssMB: Math.max(...rounds.map((r) => r[side].peakRssMB)), value: rounds[0][side].value };
  };
  const typical = { pdfjs: medianOf('bare'), core: medianOf('core') };
  const worker = await measure(() => engine.local.parseLocally(bytes, {}, { workerPath: engine.workerPath, filename: 'bench.pdf' }));

  // OCR: one run over scanned A4 pages, starting the recognizer included (as a parse does).
  const scanned = await makeScannedPdf(OCR_PAGES);
  const ocrRun = await measure(() => engine.core.parseDocument(scanned, {}, { filename: 'scanned.pdf' }));
  const ocrPages = ocrRun.value.structure.children;
  console.log(`OCR: ${OCR_PAGES} scanned A4 pages in ${ocrRun.seconds.toFixed(1)} s (${(OCR_PAGES / ocrRun.seconds).toFixed(2)} pages/s)`);

  const rate = (m) => Math.round((PAGES / m.seconds) * 10) / 10;
  const response = typical.core.value;
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    pages: PAGES,
    pdf_bytes: bytes.length,
    rounds: ROUNDS,
    method: 'one untimed warm-up pass each, then alternating timed passes; medians (ratio: median of the per-round ratios)',
    pdfjs_get_text_content: { pages_per_second: rate(typical.pdfjs), seconds: typical.pdfjs.seconds, peak_rss_mb: typical.pdfjs.peakRssMB },
    engine_in_process: { pages_per_second: rate(typical.core), seconds: typical.core.seconds, peak_rss_mb: typical.core.peakRssMB },
    engine_worker: { pages_per_second: rate(worker), seconds: worker.seconds, peak_rss_mb: worker.peakRssMB },
    ratio_in_process: Math.round(median(rounds.map((r) => r.ratio)) * 1000) / 1000,
    ratio_per_round: rounds.map((r) => Math.round(r.ratio * 1000) / 1000),
    // The worker pass includes starting a thread and loading pdf.js in it, once, cold.
    ratio_worker: Math.round((typical.pdfjs.seconds / worker.seconds) * 1000) / 1000,
    target_ratio: 0.8,
    max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    output_markdown_chars: response.metadata.output_markdown_chars,
    elements: response.structure.children.reduce((n, page) => n + page.children.length, 0),
    ocr: {
      page: 'A4 scan (one embedded picture, no text layer): a heading, 44 lines of 11 pt text, a 5-row table',
      pages: OCR_PAGES,
      method: 'one timed run of the in-process engine, recognizer start included',
      raster_dpi: ocrPages[0].dpi,
      pages_per_second: Math.round((OCR_PAGES / ocrRun.seconds) * 100) / 100,
      seconds_per_page: Math.round((ocrRun.seconds / OCR_PAGES) * 100) / 100,
      words: ocrPages.reduce((n, page) => n + page.children.reduce((m, e) => m + (e.atomic_grounding?.length ?? 0) + (e.children ?? []).reduce((k, c) => k + (c.atomic_grounding?.length ?? 0), 0), 0), 0),
      failed_pages: ocrRun.value.metadata.failed_pages,
      peak_rss_mb: ocrRun.peakRssMB,
    },
  };
  mkdirSync(join(repo, 'bench'), { recursive: true });
  writeFileSync(join(repo, 'bench', 'engine-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  console.log(`ratio engine/pdf.js: ${results.ratio_in_process} in process, ${results.ratio_worker} in the worker (target ≥ 0.8)`);
} finally {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
}
