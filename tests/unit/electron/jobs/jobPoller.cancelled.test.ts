import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord, JobService } from '../../../../shared/jobs.js';
import { createIntentsIn } from '../../../../electron/jobs/createIntents.js';
import { jobRecordsIn } from '../../../../electron/jobs/jobRecords.js';
import { trackJobs } from '../../../../electron/jobs/jobTracking.js';
import type { JobCreator } from '../../../../electron/jobs/jobCreator.js';
import { createLogger } from '../../../../electron/core/log.js';
import { armFault, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';
import { recordingClock } from './recordingClock.js';
import { startRetiredStatusProxy, type RetiredStatusProxy } from './retiredStatusProxy.js';

// A job the service stops before it finishes. The contract retired the status `cancelled`:
// the emulator reports such a job `failed` with its own error (v2.jobs.statuses), which the
// app shows as it came. A service may still send `cancelled` (the official package lists it):
// the app ends the job the same way with `job_cancelled` (v2.jobs.cancelled-ends-job), seen
// here through a proxy that reports the emulator's stopped jobs so. Either way polling stops
// and a batch document with it ends failed.
const env = useEmulator({ timings: { pendingMs: 60, processingMs: 120 } });
let proxy: RetiredStatusProxy;
beforeAll(async () => {
  proxy = await startRetiredStatusProxy(() => env.emulator.url);
});
afterAll(() => proxy.close());
let world: JobsWorld | undefined;
afterEach(() => world?.close());

const logger = createLogger(null, { console: false });

const SERVICES = [
  {
    name: 'the emulator: failed, with the service error',
    address: () => env.emulator.url,
    status: 'failed',
    code: 'cancelled_by_service',
    message: /stopped this job/,
  },
  {
    name: 'a service sending the retired cancelled',
    address: () => proxy.url,
    status: 'cancelled',
    code: 'job_cancelled',
    message: /cancelled job/,
  },
] as const;

async function stopOnService(jobId: string): Promise<void> {
  const response = await fetch(`${env.emulator.url}/__control/jobs/cancel`, { method: 'POST', body: JSON.stringify({ job_id: jobId }) });
  if (!response.ok) throw new Error(`cancel ${jobId}: ${response.status} ${await response.text()}`);
}

/** Settled within a few seconds, or the job is still being polled (a cancelled job used to be polled forever). */
async function settledSoon<T>(settling: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stillPolling = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still ${what}`)), 3_000)));
  try {
    return await Promise.race([settling, stillPolling]);
  } finally {
    clearTimeout(timer);
  }
}

const polls = (service: JobService, jobId: string) =>
  env.emulator.requests.filter((r) => r.method === 'GET' && r.path === `/v2/${service}/jobs/${jobId}`).length;

describe.each(SERVICES)('a job the service stops, from $name', ({ address, status, code, message }) => {
  it.each(['parse', 'extract'] as const)('%s: polling stops at the first poll that says so, and the record says why', async (service) => {
    world = await jobsWorld(address(), KEYS.v2);
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(1));
    // Once armed, the service stops the job while the tracker waits before its first poll.
    let stopping = false;
    const clock = recordingClock(async () => {
      if (!stopping) return;
      stopping = false;
      for (const job of env.emulator.ctx.jobs
        .all()
        .filter((j) => j.service === service && (j.status === 'pending' || j.status === 'processing')))
        await stopOnService(job.jobId);
    });
    const records = jobRecordsIn(world.workspace.root, logger);
    const keys = {
      credentialFor: async () => ({ id: 'k1', kind: 'v2' as const, address: address(), secret: KEYS.v2, inferenceOrigins: [] }),
    };
    const intents = createIntentsIn(world.workspace.root, logger);
    const tracker = trackJobs({ workspace: world.workspace, keys, records, intents, logger, emit: () => undefined, clock });

    let request: Parameters<JobCreator['submit']>[0] = { service: 'parse', documentId: document.id };
    if (service === 'extract') {
      const parsed = await tracker.poller.whenSettled((await tracker.creator.submit(request)).jobId);
      request = {
        service: 'extract',
        documentId: document.id,
        sourceResultId: parsed.resultId!,
        schema: { type: 'object', properties: { total: { type: 'string' } } },
      };
    }
    stopping = true;
    const created = await tracker.creator.submit(request);

    const settled: JobRecord = await settledSoon(tracker.poller.whenSettled(created.jobId), 'polling the stopped job');
    expect(settled).toMatchObject({ status, resultId: null, problem: null, error: { code } });
    expect(settled.error?.message).toMatch(message);
    if (status === 'cancelled') {
      expect(settled.error?.message).toContain(`cancelled job ${created.jobId}`);
      expect(settled.error?.hint).toMatch(/run the document again/i);
    }
    expect((await records.read(created.jobId))?.status).toBe(status);
    const seen = polls(service, created.jobId);
    expect(seen).toBe(1);
    await new Promise((r) => setTimeout(r, 150));
    expect(polls(service, created.jobId)).toBe(seen);
    tracker.stop();
  });

  it('a batch document whose job is stopped ends failed', async () => {
    world = await jobsWorld(address(), KEYS.v2);
    await world.jobs.start();
    const document = await world.workspace.addDocument('b.pdf', await numberedPdf(2));
    // Slow enough that the job is still pending when the test stops it.
    await armFault(env.emulator, { fault: { kind: 'slowJob', pendingMs: 5_000, processingMs: 5_000 } });
    const batch = await world.jobs.batches.create([document.id], {});
    let jobId: string | undefined;
    for (let i = 0; i < 200 && !jobId; i++) {
      jobId = env.emulator.ctx.jobs.all().find((j) => j.service === 'parse')?.jobId;
      if (!jobId) await new Promise((r) => setTimeout(r, 10));
    }
    await stopOnService(jobId!);
    const done = await settledSoon(world.jobs.batches.whenIdle(batch.batchId), 'following the stopped job');
    expect(done.items).toHaveLength(1);
    expect(done.items[0]).toMatchObject({ state: 'failed', jobId, jobStatus: status, error: { code } });
  });
});
