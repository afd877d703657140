/**
 * `npm run bench:library`: a generated workspace of 5,000 documents and 20,000 results
 * (bench/library/generate.ts). Measures, each as median/min/max of BENCH_RUNS runs (default 5):
 *   - main's library() in a fresh process: cold with the catalog the app left, cold with none
 *     (the first start after an upgrade or a crash), and warm (later calls);
 *   - in real Chromium through the browser preview (a fresh preview each run): from opening
 *     the app to the library list drawn with its first entries, and the filter box answering
 *     (typing → only matching entries drawn), and a change (a document imported through the
 *     bridge → its entry drawn at the top of the list).
 * Writes bench/library-results.json. The OS file cache stays warm between runs ("cold" is a
 * fresh process, not a cold disk).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'esbuild';
import { CATALOG_FILE } from '../../electron/workspace/layout.js';
import { launchChromium } from '../../tests/support/chromium.js';
import { rgbPng } from '../../tests/support/png.js';
import { invokeBridge, startPreview } from '../../tests/support/preview.js';
import { copyOfLibrary, DOCUMENTS, generatedLibrary, RESULTS_PER_DOCUMENT } from './generate.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VIEWPORT = { width: 1400, height: 900 };
/** Typed into the filter box in turn: accents and case ignored, a narrow one, a miss, then cleared. */
const QUERIES = ['resume', 'invoice-04', 'UBERSICHT-049', 'no such name', ''];

interface MainRun {
  coldMs: number;
  warmMs: number[];
  documents: number;
  results: number;
}

async function bundleTimer(): Promise<string> {
  const outfile = resolve('dist/.bench-library/mainTimer.mjs');
  await build({
    entryPoints: ['bench/library/mainTimer.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    logLevel: 'error',
  });
  return outfile;
}

function mainRun(timer: string, dataDir: string, catalog: 'kept' | 'removed'): MainRun {
  if (catalog === 'removed') rmSync(join(dataDir, 'workspace', CATALOG_FILE), { force: true });
  const child = spawnSync(process.execPath, [timer, dataDir], {
    encoding: 'utf8',
    env: { ...process.env, GROUNDWORK_ENGINE_WORKER: resolve('dist/electron/engine-worker.mjs') },
  });
  if (child.status !== 0) throw new Error(`the timing process failed:\n${child.stderr}`);
  const run = JSON.parse(child.stdout.trim().split('\n').pop()!) as MainRun;
  if (run.documents !== DOCUMENTS || run.results !== DOCUMENTS * RESULTS_PER_DOCUMENT)
    throw new Error(
      `listed ${run.documents} documents and ${run.results} results, not ${DOCUMENTS} and ${DOCUMENTS * RESULTS_PER_DOCUMENT}`,
    );
  return run;
}

interface WindowRun {
  firstEntriesMs: number;
  filterMs: number[];
  changeMs: number;
}

let changes = 0;

async function windowRun(browser: Browser, dataDir: string): Promise<WindowRun> {
  const preview = await startPreview({ dataDir, keychainService: 'groundwork-bench-library' });
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    // Stamped in the page the moment the first entry is in the document (time 0: navigation).
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="library-entry"]')) {
          observer.disconnect();
          (window as unknown as { __firstEntries: number }).__firstEntries = performance.now();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(preview.url);
    await page.waitForFunction(() => '__firstEntries' in window, null, { timeout: 120_000 });
    // Drawn: the frame after the entries arrived.
    const firstEntriesMs = await page.evaluate(
      () =>
        new Promise<number>((done) => requestAnimationFrame(() => done((window as unknown as { __firstEntries: number }).__firstEntries))),
    );
    const firstName = await page.getByTestId('library-document').first().getAttribute('data-document-name');
    const filterMs: number[] = [];
    for (const query of QUERIES) {
      filterMs.push(
        await page.evaluate(
          ({ query, firstName }) =>
            new Promise<number>((done, fail) => {
              const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
              const input = document.querySelector<HTMLInputElement>('[data-testid="library-filter"]')!;
              const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
              const answered = () => {
                if (query === 'no such name') return !!document.querySelector('[data-testid="library-no-match"]');
                const names = [...document.querySelectorAll<HTMLElement>('[data-testid="library-document"]')].map(
                  (e) => e.dataset.documentName ?? '',
                );
                if (query === '') return names[0] === firstName && !document.querySelector('[data-testid="library-no-match"]');
                return names.length > 0 && names.every((n) => fold(n).includes(fold(query)));
              };
              const started = performance.now();
              setValue.call(input, query);
              input.dispatchEvent(new Event('input', { bubbles: true }));
              const check = () => {
                if (answered()) requestAnimationFrame(() => done(performance.now() - started));
                else if (performance.now() - started > 30_000) fail(new Error(`the filter did not answer "${query}"`));
                else requestAnimationFrame(check);
              };
              check();
            }),
          { query, firstName },
        ),
      );
    }
    // A change: one document imported, its entry drawn first; then it goes to the trash again, so every run sees the same library.
    const name = `fresh-${process.pid}-${changes}.png`;
    const bytes = Buffer.from(rgbPng(3, 2000 + changes++)).toString('base64');
    const changeStarted = await page.evaluate(() => performance.now());
    const added = await invokeBridge(preview, 'documents:import', { name, bytes: { $bytes: bytes } });
    await page.waitForFunction(
      (name) => document.querySelector<HTMLElement>('[data-testid="library-document"]')?.dataset.documentName === name,
      name,
      { timeout: 60_000, polling: 'raf' },
    );
    const changeMs = (await page.evaluate(() => performance.now())) - changeStarted;
    await invokeBridge(preview, 'library:delete', { documentId: added.id });
    await page.waitForFunction(
      (name) => document.querySelector<HTMLElement>('[data-testid="library-document"]')?.dataset.documentName !== name,
      name,
      { timeout: 60_000, polling: 'raf' },
    );
    return { firstEntriesMs, filterMs, changeMs };
  } finally {
    await page.close();
    await preview.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const stats = (values: number[]) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

async function main(): Promise<void> {
  const source = await generatedLibrary();
  const timer = await bundleTimer();
  const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-bench-library-'));
  const browser = await launchChromium(chromium);
  try {
    copyOfLibrary(source, dataDir);
    const rebuild: MainRun[] = [];
    const kept: MainRun[] = [];
    const windows: WindowRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      rebuild.push(mainRun(timer, dataDir, 'removed'));
      kept.push(mainRun(timer, dataDir, 'kept'));
      windows.push(await windowRun(browser, dataDir));
      console.log(`run ${run + 1}/${RUNS} done`);
    }
    const results = {
      runs: RUNS,
      workspace: { documents: DOCUMENTS, results: DOCUMENTS * RESULTS_PER_DOCUMENT },
      main_library_cold_ms: stats(kept.map((r) => r.coldMs)),
      main_library_cold_without_catalog_ms: stats(rebuild.map((r) => r.coldMs)),
      main_library_warm_ms: stats(kept.flatMap((r) => r.warmMs)),
      window_first_entries_ms: stats(windows.map((w) => w.firstEntriesMs)),
      window_filter_ms: stats(windows.flatMap((w) => w.filterMs)),
      window_change_ms: stats(windows.map((w) => w.changeMs)),
      window_filter_by_query_ms: Object.fromEntries(QUERIES.map((q, i) => [q || '(cleared)', stats(windows.map((w) => w.filterMs[i]!))])),
      targets: { window_first_entries_ms: '< 1000' },
    };
    writeFileSync('bench/library-results.json', `${JSON.stringify(results, null, 2)}\n`);
    const row = (name: string, s: { median: number; min: number; max: number }) =>
      console.log(`${name.padEnd(44)} ${s.median.toFixed(1).padStart(8)}  (min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)})`);
    console.log(`\nLibrary of ${DOCUMENTS} documents, ${DOCUMENTS * RESULTS_PER_DOCUMENT} results (ms)`);
    row('main library(), cold, catalog on disk', results.main_library_cold_ms);
    row('main library(), cold, no catalog', results.main_library_cold_without_catalog_ms);
    row('main library(), warm', results.main_library_warm_ms);
    row('window: open → first entries drawn (< 1000)', results.window_first_entries_ms);
    row('window: filter typed → answered', results.window_filter_ms);
    row('window: document imported → its entry drawn', results.window_change_ms);
    console.log('written to bench/library-results.json');
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
