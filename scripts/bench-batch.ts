/**
 * `npm run bench:batch`: 200 small documents as one batch against the emulator with a
 * server concurrency cap of 8, 500 ms per document (latency on each job create, which
 * holds one of the 8 server slots) and 5% 429s on every service route. Throughput is
 * reported as a ratio of the capacity bound 200 × 0.5 s / 8 = 12.5 s, with lost and
 * duplicated documents counted from the emulator's job store and the workspace.
 * Results go to bench/batch-results.json. A benchmark, not a test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { summarizeBatch } from '../shared/jobs.js';
import { JobsService } from '../electron/jobs/jobsService.js';
import type { KeysService } from '../electron/keys/keysService.js';
import { createLogger } from '../electron/log.js';
import { Notices } from '../electron/notices.js';
import { createSettingsStore } from '../electron/settings/settings.js';
import { Workspace } from '../electron/workspace/workspace.js';
import { spawn } from 'node:child_process';

const DOCUMENTS = 200;
const SERVER_SLOTS = 8;
const PER_DOCUMENT_MS = 500;
const RATE_LIMITED = Number(process.env.BENCH_429 ?? 0.05);
const KEY = 'bench-v2-key';

const emulator = await startBenchEmulator();
const dataDir = await mkdtemp(join(tmpdir(), 'groundwork-bench-'));
const logger = createLogger(null, { console: false });
const settings = createSettingsStore(dataDir, { logger, notices: new Notices() });
await settings.update((s) => ({ next: { ...s, jobs: { jobAbovePages: 20, jobAboveMb: 20, batchConcurrency: SERVER_SLOTS, pageWarningLimit: 100_000 } }, result: null }));
const workspace = new Workspace(dataDir, logger);
const keys = { credentialFor: async () => ({ id: '00000000-0000-4000-8000-000000000001', kind: 'v2' as const, address: emulator.url, secret: KEY }) } as unknown as KeysService;
const jobs = new JobsService({ workspace, keys, settings, logger, emit: () => undefined });
await jobs.start();

try {
  const ids: string[] = [];
  for (let i = 0; i < DOCUMENTS; i++) {
    const doc = await PDFDocument.create();
    doc.setTitle(`bench ${i}`);
    doc.addPage([300, 400]);
    ids.push((await workspace.addDocument(`bench-${i}.pdf`, await doc.save({ useObjectStreams: false }))).id);
  }

  const started = performance.now();
  const created = await jobs.batches.create(ids, {});
  const batch = await jobs.batches.whenIdle(created.batchId);
  const elapsedMs = performance.now() - started;

  const boundMs = (DOCUMENTS * PER_DOCUMENT_MS) / SERVER_SLOTS;
  const state = (await (await fetch(`${emulator.url}/__control/state`)).json()) as { jobs: Array<{ jobId: string; service: string }>; requests: Array<{ status: number | string }> };
  const serverJobs = state.jobs.filter((j) => j.service === 'parse');
  const jobsPerDocument = new Map<string, number>();
  for (const item of batch.items) jobsPerDocument.set(item.documentId, 0);
  const documentOfJob = new Map(batch.items.flatMap((i) => [i.jobId, ...i.previousJobIds].filter((j): j is string => j !== null).map((j) => [j, i.documentId] as const)));
  for (const job of serverJobs) {
    const documentId = documentOfJob.get(job.jobId);
    if (documentId) jobsPerDocument.set(documentId, (jobsPerDocument.get(documentId) ?? 0) + 1);
  }
  // One summary file per stored result (its response sits beside it as <id>.json).
  const results = (await readdir(join(workspace.root, 'results'))).filter((f) => f.endsWith('.info.json')).length;
  const summary = summarizeBatch(batch, Date.now());
  const unaccountedServerJobs = serverJobs.filter((j) => !documentOfJob.has(j.jobId)).length;
  const lost = DOCUMENTS - summary.done;
  const duplicated = [...jobsPerDocument.values()].filter((n) => n > 1).length + unaccountedServerJobs + Math.max(0, results - DOCUMENTS);
  const statuses = state.requests.map((r) => r.status);
  const report = {
    documents: DOCUMENTS,
    serverConcurrency: SERVER_SLOTS,
    perDocumentMs: PER_DOCUMENT_MS,
    rateLimitedProbability: RATE_LIMITED,
    elapsedSeconds: +(elapsedMs / 1000).toFixed(2),
    capacityBoundSeconds: boundMs / 1000,
    throughputRatio: +(boundMs / elapsedMs).toFixed(3),
    lost,
    duplicated,
    serverJobs: serverJobs.length,
    workspaceResults: results,
    answered429: statuses.filter((s) => s === 429).length,
    requests: statuses.length,
    credits: summary.credits,
    at: new Date().toISOString(),
  };
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/batch-results.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(`batch of ${DOCUMENTS}: ${report.elapsedSeconds} s; capacity bound ${report.capacityBoundSeconds} s; throughput ${report.throughputRatio} of the bound (target ≥ 0.9)`);
  console.log(`lost ${lost}, duplicated ${duplicated}; ${report.answered429} answers were 429 out of ${report.requests} requests; results in bench/batch-results.json`);
} finally {
  jobs.stop();
  emulator.stop();
  await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }); // a batch's lazy save may still land after stop()
}

/** Starts scripts/bench-emulator.ts as a child process and waits for its ready line. */
async function startBenchEmulator(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/bench-emulator.ts', String(SERVER_SLOTS), String(PER_DOCUMENT_MS), String(RATE_LIMITED)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Emulator ready at (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the bench emulator exited with ${code}`)));
  });
  return { url, stop: () => void child.kill('SIGTERM') };
}
