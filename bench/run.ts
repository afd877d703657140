/**
 * `npm run bench`: the app against pdf.js's own viewer on a generated 1,000-page document,
 * side by side in one run of real Chromium, through the browser preview. Prints a table and
 * writes bench/results.json. Each figure: median of BENCH_RUNS runs (default 3) with min/max.
 * Memory is the page's and its workers' (pdf.js's, the app's own), ArrayBuffers included.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { launchChromium } from '../tests/support/chromium.js';
import { startPreview, type RunningPreview } from '../tests/support/preview.js';
import { CACHE_DIR, generateLargeDocument } from './largeDocument/generate.js';
import { seed } from './seed.js';
import { heapAfterGc, measureClicks, scrollThrough, type HeapUsage, type ScrollRun } from './measure.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const VIEWPORT = { width: 1400, height: 900 };
/** Clicks at rest per kind and run: each waits for the window to settle, so fewer than back to back. */
const AT_REST_CLICKS = 100;
/**
 * Opens of each side per run for the first-page ratio, alternating. One open of each is a
 * pair of single samples of some 500 ms, each of which this machine's noise moves by a
 * quarter: their ratio said more about the noise than about either side. A run compares the
 * medians of its opens.
 */
const FIRST_PAGE_OPENS = Number(process.env.BENCH_FIRST_PAGE_OPENS ?? 5);

async function serveViewer(pdfFile: string): Promise<{ url: string; close(): void }> {
  const dir = join(CACHE_DIR, 'viewer');
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: ['bench/pdfjsViewer/viewer.ts'],
    outfile: join(dir, 'viewer.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'error',
  });
  copyFileSync('bench/pdfjsViewer/index.html', join(dir, 'index.html'));
  copyFileSync('node_modules/pdfjs-dist/web/pdf_viewer.css', join(dir, 'pdf_viewer.css'));
  copyFileSync('node_modules/pdfjs-dist/build/pdf.worker.min.mjs', join(dir, 'pdf.worker.min.mjs'));
  copyFileSync(pdfFile, join(dir, 'large.pdf'));
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.mjs': 'text/javascript',
    '.css': 'text/css',
    '.pdf': 'application/pdf',
  };
  const server = createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0] === '/' ? 'index.html' : (req.url ?? '').split('?')[0]!.slice(1);
    try {
      const body = readFileSync(join(dir, name.replace(/\.\./g, '')));
      res.writeHead(200, { 'Content-Type': types[extname(name)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

interface AppRun {
  firstPageMs: number;
  loadIndexMs: number;
  markdownRenderMs: number;
  fieldClick: number[];
  boxClick: number[];
  fieldClickBackToBack: number[];
  boxClickBackToBack: number[];
  heap: HeapUsage;
  markdownScroll: ScrollRun;
}

/** A fresh window opens the large document's extraction from the library; resolves with its performance marks. */
async function appOpen(browser: Browser, preview: RunningPreview): Promise<{ page: Page; marks: Record<string, number> }> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(preview.url);
  await page.getByTestId('library-result').filter({ hasText: 'extract · import' }).click();
  await page.waitForFunction(
    () =>
      ['gw:first-page-drawn', 'gw:first-page-boxes', 'gw:markdown-rendered'].every((name) => performance.getEntriesByName(name).length > 0),
    null,
    { timeout: 120_000 },
  );
  const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])));
  const boxesOnFirstPage = await page.locator('[data-testid="page"][data-page="1"] [data-testid="box"]').count();
  if (boxesOnFirstPage === 0) throw new Error('the first page was drawn without its boxes');
  return { page, marks };
}

/** The page's pixels and its boxes come apart: "drawn with its boxes" is whichever is later. */
const appFirstPageMs = (marks: Record<string, number>) =>
  Math.max(marks['gw:first-page-drawn']!, marks['gw:first-page-boxes']!) - marks['gw:open']!;

async function appRun(browser: Browser, preview: RunningPreview): Promise<AppRun> {
  const { page, marks } = await appOpen(browser, preview);
  // At rest first: its clicks are each field's first (the back-to-back ones then repeat half of them).
  const fieldClick = await measureClicks(page, 'field', AT_REST_CLICKS, 'at-rest');
  const boxClick = await measureClicks(page, 'box', AT_REST_CLICKS, 'at-rest');
  const fieldClickBackToBack = await measureClicks(page, 'field', 200, 'back-to-back');
  const boxClickBackToBack = await measureClicks(page, 'box', 200, 'back-to-back');
  const markdownScroll = await scrollThrough(page, '[data-testid="md-rendered"]', 4000, '[data-testid="md-node"][data-page="1000"]');
  // Every page has its placeholder: only the last one's drawn canvas shows the scroll reached it.
  await scrollThrough(page, '[data-testid="viewer"]', 2400, '[data-testid="page"][data-page="1000"] canvas[data-rendered="true"]');
  const heap = await heapAfterGc(page);
  await page.close();
  return {
    firstPageMs: appFirstPageMs(marks),
    loadIndexMs: marks['gw:model-built']! - marks['gw:result-fetched']!,
    markdownRenderMs: marks['gw:markdown-rendered']! - marks['gw:model-built']!,
    fieldClick,
    boxClick,
    fieldClickBackToBack,
    boxClickBackToBack,
    heap,
    markdownScroll,
  };
}

/** A fresh window of pdf.js's viewer opens the large PDF; resolves once its first page is drawn. */
async function viewerOpen(browser: Browser, viewerUrl: string): Promise<{ page: Page; firstPageMs: number }> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(viewerUrl);
  await page.waitForFunction(() => 'openPdf' in window);
  await page.evaluate(() => (window as unknown as { openPdf(url: string): Promise<void> }).openPdf('large.pdf'));
  await page.waitForFunction(() => performance.getEntriesByName('viewer:first-page-drawn').length > 0, null, { timeout: 120_000 });
  const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])));
  return { page, firstPageMs: marks['viewer:first-page-drawn']! - marks['viewer:open']! };
}

/** FIRST_PAGE_OPENS opens of each side, alternating (the run's own opens are the first of each). */
async function firstPageOpens(browser: Browser, preview: RunningPreview, viewerUrl: string, app: AppRun, base: ViewerRun) {
  const appMs = [app.firstPageMs];
  const viewerMs = [base.firstPageMs];
  for (let n = 1; n < FIRST_PAGE_OPENS; n++) {
    const viewer = await viewerOpen(browser, viewerUrl);
    viewerMs.push(viewer.firstPageMs);
    await viewer.page.close();
    const opened = await appOpen(browser, preview);
    appMs.push(appFirstPageMs(opened.marks));
    await opened.page.close();
  }
  return { app: median(appMs), viewer: median(viewerMs) };
}

interface ViewerRun {
  firstPageMs: number;
  heap: HeapUsage;
}

async function viewerRun(browser: Browser, viewerUrl: string): Promise<ViewerRun> {
  const { page, firstPageMs } = await viewerOpen(browser, viewerUrl);
  // pdf.js keeps a placeholder for every page too: data-loaded is set once it draws the page.
  await scrollThrough(page, '#viewerContainer', 2400, '.page[data-page-number="1000"][data-loaded]');
  const heap = await heapAfterGc(page);
  await page.close();
  return { firstPageMs, heap };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length - 1) * p))] ?? NaN;
const stats = (values: number[]) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });
const heapStats = (heaps: HeapUsage[]) => ({
  total: stats(heaps.map((h) => h.total / 1e6)),
  js_heap: stats(heaps.map((h) => h.jsHeap / 1e6)),
  embedder: stats(heaps.map((h) => h.embedder / 1e6)),
  array_buffers: stats(heaps.map((h) => h.arrayBuffers / 1e6)),
  targets: stats(heaps.map((h) => h.targets)),
});

async function main(): Promise<void> {
  const files = await generateLargeDocument();
  const viewer = await serveViewer(files.pdf);
  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-bench-'));
  const preview = await startPreview({ dataDir, keychainService: 'groundwork-bench' });
  const browser = await launchChromium(chromium, ['--enable-precise-memory-info']);
  try {
    await seed(preview, files);
    const app: AppRun[] = [];
    const base: ViewerRun[] = [];
    const firstPage: Array<{ app: number; viewer: number }> = [];
    for (let run = 0; run < RUNS; run++) {
      // Alternate who goes first, so neither always meets a warm (or a tired) machine.
      if (run % 2 === 0) {
        base.push(await viewerRun(browser, viewer.url));
        app.push(await appRun(browser, preview));
      } else {
        app.push(await appRun(browser, preview));
        base.push(await viewerRun(browser, viewer.url));
      }
      firstPage.push(await firstPageOpens(browser, preview, viewer.url, app.at(-1)!, base.at(-1)!));
      console.log(`run ${run + 1}/${RUNS} done`);
    }
    const perRun = (f: (i: number) => number) => stats(app.map((_, i) => f(i)));
    const results = {
      runs: RUNS,
      document: { pages: 1000, nodes: 61001 },
      first_page_opens_per_run: FIRST_PAGE_OPENS,
      // Per run: the median of its app opens over the median of its viewer opens.
      first_page_ratio: perRun((i) => firstPage[i]!.app / firstPage[i]!.viewer),
      first_page_ms: { app: stats(firstPage.map((r) => r.app)), pdfjs_viewer: stats(firstPage.map((r) => r.viewer)) },
      field_click_ms: { p50: perRun((i) => percentile(app[i]!.fieldClick, 0.5)), p95: perRun((i) => percentile(app[i]!.fieldClick, 0.95)) },
      box_click_ms: { p50: perRun((i) => percentile(app[i]!.boxClick, 0.5)), p95: perRun((i) => percentile(app[i]!.boxClick, 0.95)) },
      // Each click as soon as the one before showed: a stress figure (see measure.ts), no target.
      field_click_back_to_back_ms: {
        p50: perRun((i) => percentile(app[i]!.fieldClickBackToBack, 0.5)),
        p95: perRun((i) => percentile(app[i]!.fieldClickBackToBack, 0.95)),
      },
      box_click_back_to_back_ms: {
        p50: perRun((i) => percentile(app[i]!.boxClickBackToBack, 0.5)),
        p95: perRun((i) => percentile(app[i]!.boxClickBackToBack, 0.95)),
      },
      load_and_index_ms: stats(app.map((r) => r.loadIndexMs)),
      // After a GC, the page plus its workers: JS heap and ArrayBuffer backing stores (no data hidden in a worker or a buffer).
      heap_ratio: perRun((i) => (app[i]!.heap.jsHeap + app[i]!.heap.arrayBuffers) / (base[i]!.heap.jsHeap + base[i]!.heap.arrayBuffers)),
      // The same with the DOM (embedder) heap too.
      memory_ratio: perRun((i) => app[i]!.heap.total / base[i]!.heap.total),
      heap_mb: { app: heapStats(app.map((r) => r.heap)), pdfjs_viewer: heapStats(base.map((r) => r.heap)) },
      markdown_render_ms: stats(app.map((r) => r.markdownRenderMs)),
      markdown_scroll_longest_task_ms: stats(app.map((r) => Math.max(0, ...r.markdownScroll.longTasks))),
      markdown_scroll_tasks_over_50ms: stats(app.map((r) => r.markdownScroll.longTasks.filter((d) => d > 50).length)),
      markdown_scroll_longest_frame_gap_ms: stats(app.map((r) => r.markdownScroll.longestFrameGapMs)),
      markdown_scroll_frames: stats(app.map((r) => r.markdownScroll.frames)),
      markdown_scroll_px: stats(app.map((r) => r.markdownScroll.scrolled)),
      targets: {
        first_page_ratio: '<= 1.2',
        click_p95_ms: '<= 16',
        load_and_index_ms: '<= 300',
        heap_ratio: '<= 1.5',
        markdown_scroll_longest_task_ms: '<= 50',
      },
    };
    writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
    const row = (name: string, s: { median: number; min: number; max: number }, target: string) =>
      console.log(
        `${name.padEnd(36)} ${s.median.toFixed(2).padStart(9)}  (min ${s.min.toFixed(2)}, max ${s.max.toFixed(2)})  target ${target}`,
      );
    console.log('\nGroundwork vs pdf.js viewer, 1,000 pages, 61,001 nodes');
    row('first page with boxes / pdf.js viewer', results.first_page_ratio, '<= 1.2');
    row('field click → highlight p50 (ms)', results.field_click_ms.p50, '');
    row('field click → highlight p95 (ms)', results.field_click_ms.p95, '<= 16');
    row('box click → highlight p50 (ms)', results.box_click_ms.p50, '');
    row('box click → highlight p95 (ms)', results.box_click_ms.p95, '<= 16');
    row('  field clicks back to back, p95 (ms)', results.field_click_back_to_back_ms.p95, '');
    row('  box clicks back to back, p95 (ms)', results.box_click_back_to_back_ms.p95, '');
    row('load + index result (ms)', results.load_and_index_ms, '<= 300');
    row('heap + buffers, page + workers / viewer', results.heap_ratio, '<= 1.5');
    row('  with the DOM heap too / viewer', results.memory_ratio, '');
    row('  app MB (all of it)', results.heap_mb.app.total, '');
    row('  pdf.js viewer MB (all of it)', results.heap_mb.pdfjs_viewer.total, '');
    row('markdown first render (ms)', results.markdown_render_ms, '');
    row('markdown scroll: longest task (ms)', results.markdown_scroll_longest_task_ms, '<= 50');
    row('markdown scroll: longest frame gap (ms)', results.markdown_scroll_longest_frame_gap_ms, '');
    row('markdown scroll: frames', results.markdown_scroll_frames, '');
    console.log('written to bench/results.json');
  } finally {
    await browser.close();
    await preview.stop();
    viewer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
