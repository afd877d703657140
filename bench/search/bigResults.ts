/**
 * Part of `npm run bench:search`: a few big analyzer results (BIG.results × about BIG.megabytes
 * MB of JSON each), the kind a long scanned document leaves. Their models are built first (as
 * the app leaves them on disk), so what is measured is the index build reading the responses:
 * how long main's event loop is held at most meanwhile, and the CPU time main's own thread spends
 * (not skewed by a loaded machine, as the delay is). Where a response is parsed (on main and
 * copied to the worker, or in the worker from its file) is what this shows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from '../../electron/core/log.js';
import { SearchClient } from '../../electron/search/searchClient.js';
import { Workspace } from '../../electron/workspace/workspace.js';
import { rgbPng } from '../../tests/support/png.js';

export const BIG = { results: 20, megabytes: 5 };

/** An analyzer response of about `bytes` of JSON: chunks of text on one page, and one extracted value. */
function bigAnalyzerResponse(i: number, bytes: number) {
  const chunks = [];
  const texts: string[] = [];
  for (let c = 0, size = 0; size < bytes; c++) {
    const text = `Result ${i} chunk ${c}: warehouse delivery invoice total amount due ${c * 7} GBP, reference big${i}-${c}.`;
    texts.push(text);
    chunks.push({ text, chunk_type: 'text', chunk_id: `chunk-${c}`, grounding: [{ page: 0, box: { l: 0.1, t: 0.1, r: 0.9, b: 0.2 } }] });
    size += text.length * 2 + 140;
  }
  return { data: { markdown: texts.join('\n\n'), chunks, extracted_schema: { total: `${i} GBP` }, extraction_metadata: {} } };
}

const max = (values: number[]) => Math.round(Math.max(...values) * 10) / 10;
const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! * 10) / 10;

/** Cold builds of the index (in its worker) over the big results, `runs` times. */
export async function measureBigResults(logger: Logger, runs: number) {
  const dir = mkdtempSync(join(tmpdir(), 'groundwork-bench-bigsearch-'));
  try {
    const workspace = new Workspace(dir, logger);
    await workspace.start();
    const document = await workspace.addDocument('scan.png', rgbPng(8, 8));
    for (let i = 0; i < BIG.results; i++) {
      const saved = await workspace.saveResult({
        documentId: document.id,
        kind: 'analyzer',
        engine: 'analyzer',
        modelVersion: 'analyzer',
        pageCount: 1,
        credits: 1,
        partial: false,
        response: bigAnalyzerResponse(i, BIG.megabytes * 1024 * 1024),
      });
      await workspace.resultModel(saved.id);
    }
    const buildMs: number[] = [];
    const delayMaxMs: number[] = [];
    const mainCpuMs: number[] = [];
    let units = 0;
    for (let run = 0; run < runs; run++) {
      rmSync(join(workspace.root, 'search'), { recursive: true, force: true });
      const index = new SearchClient(workspace.root, workspace, logger);
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const t0 = performance.now();
      const cpu0 = process.threadCpuUsage();
      await index.idle();
      const cpu = process.threadCpuUsage(cpu0);
      buildMs.push(performance.now() - t0);
      delay.disable();
      mainCpuMs.push((cpu.user + cpu.system) / 1000);
      delayMaxMs.push(delay.max / 1e6);
      units = index.size;
      await index.close();
      console.log(
        `big results: cold build ${run + 1}/${runs}: ${(buildMs.at(-1)! / 1000).toFixed(1)} s, main held at most ${delayMaxMs.at(-1)!.toFixed(0)} ms, main's CPU ${mainCpuMs.at(-1)!.toFixed(0)} ms`,
      );
    }
    await workspace.close();
    return {
      results: BIG.results,
      responseMb: BIG.megabytes,
      units,
      coldBuildMs: { median: median(buildMs), max: max(buildMs) },
      mainEventLoopDelayMaxMs: { median: median(delayMaxMs), max: max(delayMaxMs) },
      mainThreadCpuMs: { median: median(mainCpuMs), max: max(mainCpuMs) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
