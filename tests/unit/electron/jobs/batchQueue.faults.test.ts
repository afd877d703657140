import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summarizeBatch } from '../../../../shared/jobs.js';
import { armFault, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';

// 429s, 503s and dropped connections on every service route, creates and polls alike.
const env = useEmulator({
  timings: { pendingMs: 20, processingMs: 40 },
  maxConcurrent: 4,
  requestLogSize: 10_000,
  faults: [
    { fault: { kind: 'status', status: 429, retryAfter: '0.05' }, probability: 0.12 },
    { fault: { kind: 'status', status: 503, retryAfter: '0.05' }, probability: 0.08 },
    { fault: { kind: 'drop' }, probability: 0.06 },
  ],
});

let world: JobsWorld;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
  await world.jobs.start();
});
afterEach(() => world.close());

describe('a batch under 429s, 503s and dropped connections', () => {
  it('finishes 30 documents with every document parsed exactly once, even when a create is made but its answer is lost', async () => {
    await world.settings.update((s) => ({
      next: { ...s, jobs: { jobAbovePages: 20, jobAboveMb: 20, batchConcurrency: 6, pageWarningLimit: 500 } },
      result: null,
    }));
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await world.workspace.addDocument(`doc-${i}.pdf`, await numberedPdf(i))).id);

    // Besides the random faults: creates whose connection drops before and after the job is made
    // (a random fault on the same request may use these up first; reconcileCreate.test.ts has the sure case).
    const create = { method: 'POST', path: '/v2/parse/jobs' };
    await armFault(env.emulator, { fault: { kind: 'drop' }, match: create, times: 2 });
    await armFault(env.emulator, { fault: { kind: 'drop', afterWork: true }, match: create, times: 3 });

    const batch = await world.jobs.batches.create(ids, {});
    const done = await world.jobs.batches.whenIdle(batch.batchId);

    const summary = summarizeBatch(done, Date.now());
    expect(done.items.filter((i) => i.state !== 'done').map((i) => i.error)).toEqual([]);
    expect(summary).toMatchObject({ documents: 30, done: 30, failed: 0, unsure: 0, pages: 30, pagesDone: 30, credits: 90 });
    // The service has exactly one job per document...
    const serverJobs = env.emulator.ctx.jobs.all().filter((j) => j.service === 'parse');
    expect(serverJobs).toHaveLength(30);
    expect(new Set(done.items.map((i) => i.jobId)).size).toBe(30);
    expect(new Set(serverJobs.map((j) => j.jobId))).toEqual(new Set(done.items.map((i) => i.jobId)));
    // ...and the workspace one result per document.
    const results = (await readdir(join(world.dataDir, 'workspace', 'results'))).filter((f) => f.endsWith('.info.json'));
    expect(results).toHaveLength(30);
    const library = await world.workspace.library();
    expect(library.map((e) => e.results.length)).toEqual(Array(30).fill(1));
    // Each document made exactly one job on the service (an answer lost after the work counts as one)...
    const made = env.emulator.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v2/parse/jobs' && (r.status === 202 || r.answerLost),
    );
    expect(made.map((r) => r.fields?.document).sort()).toEqual(done.items.map((i) => `<file ${i.name}>`).sort());
    // ...and no create is left open: every one made ready ahead of its turn was sent and recorded.
    expect(await world.jobs.creator.unsureCreates()).toEqual([]);
    // The faults really happened.
    const statuses = env.emulator.requests.map((r) => r.status);
    expect(statuses).toContain(429);
    expect(statuses).toContain(503);
    expect(statuses).toContain('dropped');
  }, 60_000);
});
