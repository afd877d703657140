/**
 * `npm run bench:search`: the workspace search index over a generated workspace of 5,000
 * documents and 20,000 results (bench/library/generate.ts, through the app's own Workspace;
 * what the results say: bench/library/responses.ts). Measures:
 *   - building the index cold (no index file; the result models on disk, as the app leaves
 *     them), with main's event-loop delay meanwhile (how long main is held at a time);
 *   - opening it from its file (read, check, load), with the longest main was held meanwhile;
 *   - query latency, p50/p95 over QUERY_RUNS runs of each query;
 *   - the file's size on disk.
 * Each twice: with the index on main's own thread (SearchIndex in process, as the app ran it
 * before it had a worker) and in its worker (SearchClient, as the app runs it); the index file is
 * the same. Then a few big analyzer results (bigResults.ts): the longest main is held while the
 * index reads them. Median and min–max over BENCH_RUNS runs (default 3). Writes
 * bench/search-results.json. BENCH_SEARCH=big measures only the big results (and writes nothing).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLogger } from '../../electron/core/log.js';
import { SearchIndex } from '../../electron/search/searchIndex.js';
import { SearchClient } from '../../electron/search/searchClient.js';
import { listedResults } from '../../electron/search/searchProtocol.js';
import { DEFAULT_SEARCH_LIMIT } from '../../shared/ipc/search.js';
import { Workspace } from '../../electron/workspace/workspace.js';
import { copyOfLibrary, DOCUMENTS, generatedLibrary, RESULTS_PER_DOCUMENT } from '../library/generate.js';
import { measureBigResults } from './bigResults.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const QUERY_RUNS = 50;
const logger = createLogger(null, { console: false });

/** Typed by a reviewer: a common word, two words, a rare exact reference, a typo, a prefix, accents dropped. */
const QUERIES = ['invoice', 'warehouse delivery', 'ref04321', 'delivry', 'wareh', 'resume', 'uebersicht'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const summary = (values: number[]) => ({
  median: round(median(values)),
  min: round(Math.min(...values)),
  max: round(Math.max(...values)),
});
const round = (v: number) => Math.round(v * 10) / 10;

/** The index as the bench drives it: SearchIndex on main's thread, or SearchClient and its worker. */
interface Opened {
  start(): Promise<void>;
  idle(): Promise<void>;
  query(text: string): Promise<{ count: number }>;
  size(): number;
  close(): Promise<void>;
}

/** Cold builds, opens from the file and queries of one way of running the index, with main's event-loop delay meanwhile. */
async function measure(open: () => Promise<Opened>, label: string, indexPath: string) {
  const buildMs: number[] = [];
  const loopDelayP99: number[] = [];
  const loopDelayMax: number[] = [];
  let units = 0;
  for (let run = 0; run < RUNS; run++) {
    rmSync(indexPath, { force: true });
    const index = await open();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const t0 = performance.now();
    await index.idle();
    buildMs.push(performance.now() - t0);
    delay.disable();
    loopDelayP99.push(delay.percentile(99) / 1e6);
    loopDelayMax.push(delay.max / 1e6);
    units = index.size();
    await index.close();
    console.log(`${label}: cold build ${run + 1}/${RUNS}: ${(buildMs.at(-1)! / 1000).toFixed(1)} s, ${units} units`);
  }

  const openMs: number[] = [];
  const openDelayMax: number[] = [];
  const queryMs = new Map<string, number[]>(QUERIES.map((q) => [q, []]));
  const hitCounts = new Map<string, number>();
  for (let run = 0; run < RUNS; run++) {
    const index = await open();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const t0 = performance.now();
    await index.start();
    openMs.push(performance.now() - t0);
    delay.disable();
    openDelayMax.push(delay.max / 1e6);
    for (let q = 0; q < QUERY_RUNS; q++) {
      for (const query of QUERIES) {
        const t = performance.now();
        const answer = await index.query(query);
        queryMs.get(query)!.push(performance.now() - t);
        hitCounts.set(query, answer.count);
      }
    }
    if (index.size() !== units) throw new Error(`${label}: opened ${index.size()} units, built ${units}`);
    await index.close();
  }
  return {
    units,
    indexFileBytes: statSync(indexPath).size,
    coldBuildMs: summary(buildMs),
    eventLoopDelayDuringBuildMs: { p99: summary(loopDelayP99), max: summary(loopDelayMax) },
    openFromDiskMs: summary(openMs),
    eventLoopDelayDuringOpenMaxMs: summary(openDelayMax),
    queries: QUERIES.map((query) => {
      const times = queryMs.get(query)!;
      return {
        query,
        hits: hitCounts.get(query),
        p50Ms: round(percentile(times, 0.5)),
        p95Ms: round(percentile(times, 0.95)),
        minMs: round(Math.min(...times)),
        maxMs: round(Math.max(...times)),
      };
    }),
  };
}

async function main(): Promise<void> {
  if (process.env.BENCH_SEARCH === 'big') {
    console.log(JSON.stringify(await measureBigResults(logger, RUNS), null, 2));
    return;
  }
  const started = Date.now();
  const source = await generatedLibrary();
  console.log(
    `workspace ready (${((Date.now() - started) / 1000).toFixed(0)} s): ${DOCUMENTS} documents, ${DOCUMENTS * RESULTS_PER_DOCUMENT} results`,
  );
  const work = mkdtempSync(join(tmpdir(), 'groundwork-bench-search-'));
  const dataDir = join(work, 'data');
  copyOfLibrary(source, dataDir);
  const workspace = new Workspace(dataDir, logger);
  await workspace.start();
  await workspace.library();

  // Before: the index on main's own thread (SearchIndex in process, as the app ran it); now: in its worker (SearchClient).
  const path = join(workspace.root, 'search', 'index.json');
  const inMain = async (): Promise<Opened> => {
    const engine = new SearchIndex(
      path,
      { resultModel: (id) => workspace.resultModel(id), response: async (id) => (await workspace.result(id)).response },
      logger,
    );
    engine.setListed(listedResults(await workspace.library()));
    return {
      start: () => engine.start(),
      idle: () => engine.idle(),
      query: (text) => engine.query(text, DEFAULT_SEARCH_LIMIT),
      size: () => engine.size,
      close: () => engine.close(3_000),
    };
  };
  const inWorker = async (): Promise<Opened> => {
    const index = new SearchClient(workspace.root, workspace, logger);
    return {
      start: () => index.start(),
      idle: () => index.idle(),
      query: (text) => index.query(text),
      size: () => index.size,
      close: () => index.close(),
    };
  };
  const mainThread = await measure(inMain, 'on main', path);
  const worker = await measure(inWorker, 'in its worker', path);
  if (worker.units !== mainThread.units) throw new Error(`the worker indexed ${worker.units} units, main ${mainThread.units}`);
  await workspace.close();
  rmSync(work, { recursive: true, force: true });
  const bigResults = await measureBigResults(logger, RUNS);

  const results = {
    documents: DOCUMENTS,
    results: DOCUMENTS * RESULTS_PER_DOCUMENT,
    units: worker.units,
    runs: RUNS,
    indexFileBytes: worker.indexFileBytes,
    // How long main's event loop was held at most while the index was built and opened: the point of the worker.
    mainEventLoopDelayMaxMs: {
      build: { onMain: mainThread.eventLoopDelayDuringBuildMs.max, inWorker: worker.eventLoopDelayDuringBuildMs.max },
      open: { onMain: mainThread.eventLoopDelayDuringOpenMaxMs, inWorker: worker.eventLoopDelayDuringOpenMaxMs },
    },
    onMain: mainThread,
    inWorker: worker,
    // Big analyzer responses read while the index is built: main only names their files, the worker parses them.
    bigAnalyzerResults: bigResults,
  };
  writeFileSync(join('bench', 'search-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
}

await main();
