import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobRecord, JobService } from '../../../../shared/jobs.js';
import { createIntentsIn } from '../../../../electron/jobs/createIntents.js';
import { jobRecordsIn } from '../../../../electron/jobs/jobRecords.js';
import { JobTracker } from '../../../../electron/jobs/jobTracker.js';
import { createLogger } from '../../../../electron/log.js';
import { armFault, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';
import { recordingClock } from './recordingClock.js';

// v2.jobs.cancelled-ends-job: a job the service cancels ends like a failed one — polling stops,
// the record says why, and a batch document with it ends failed.
const env = useEmulator({ timings: { pendingMs: 60, processingMs: 120 } });
let world: JobsWorld;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
});
afterEach(() => world.close());

const logger = createLogger(null, { console: false });

async function cancelOnService(jobId: string): Promise<void> {
  const response = await fetch(`${env.emulator.url}/__control/jobs/cancel`, { method: 'POST', body: JSON.stringify({ job_id: jobId }) });
  if (!response.ok) throw new Error(`cancel ${jobId}: ${response.status} ${await response.text()}`);
}

/** Settled within a few seconds, or the job is still being polled (a cancelled job used to be polled forever). */
async function settledSoon(settling: Promise<JobRecord>): Promise<JobRecord> {
  let timer: NodeJS.Timeout | undefined;
  const stillPolling = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error('still polling the cancelled job')), 3_000)),
  );
  try {
    return await Promise.race([settling, stillPolling]);
  } finally {
    clearTimeout(timer);
  }
}

const polls = (service: JobService, jobId: string) =>
  env.emulator.requests.filter((r) => r.method === 'GET' && r.path === `/v2/${service}/jobs/${jobId}`).length;

describe('a job the service cancels', () => {
  it.each(['parse', 'extract'] as const)(
    '%s: polling stops at the first poll that says so, and the record ends with job_cancelled',
    async (service) => {
      const document = await world.workspace.addDocument('a.pdf', await numberedPdf(1));
      // Once armed, the service cancels the job while the tracker waits before its first poll.
      let cancelling = false;
      const clock = recordingClock(async () => {
        if (!cancelling) return;
        cancelling = false;
        for (const job of env.emulator.ctx.jobs
          .all()
          .filter((j) => j.service === service && (j.status === 'pending' || j.status === 'processing')))
          await cancelOnService(job.jobId);
      });
      const records = jobRecordsIn(world.workspace.root, logger);
      const keys = {
        credentialFor: async () => ({ id: 'k1', kind: 'v2' as const, address: env.emulator.url, secret: KEYS.v2, inferenceOrigins: [] }),
      };
      const intents = createIntentsIn(world.workspace.root, logger);
      const tracker = new JobTracker({ workspace: world.workspace, keys, records, intents, logger, emit: () => undefined, clock });

      let request: Parameters<JobTracker['submit']>[0] = { service: 'parse', documentId: document.id };
      if (service === 'extract') {
        const parsed = await tracker.whenSettled((await tracker.submit(request)).jobId);
        request = {
          service: 'extract',
          documentId: document.id,
          sourceResultId: parsed.resultId!,
          schema: { type: 'object', properties: { total: { type: 'string' } } },
        };
      }
      cancelling = true;
      const created = await tracker.submit(request);

      const settled = await settledSoon(tracker.whenSettled(created.jobId));
      expect(settled).toMatchObject({ status: 'cancelled', resultId: null, problem: null, error: { code: 'job_cancelled' } });
      expect(settled.error?.message).toContain(`cancelled job ${created.jobId}`);
      expect(settled.error?.hint).toMatch(/run the document again/i);
      expect((await records.read(created.jobId))?.status).toBe('cancelled');
      const seen = polls(service, created.jobId);
      expect(seen).toBe(1);
      await new Promise((r) => setTimeout(r, 150));
      expect(polls(service, created.jobId)).toBe(seen);
      tracker.stop();
    },
  );

  it('a batch document whose job is cancelled ends failed with job_cancelled', async () => {
    await world.jobs.start();
    const document = await world.workspace.addDocument('b.pdf', await numberedPdf(2));
    // Slow enough that the job is still pending when the test cancels it.
    await armFault(env.emulator, { fault: { kind: 'slowJob', pendingMs: 5_000, processingMs: 5_000 } });
    const batch = await world.jobs.batches.create([document.id], {});
    let jobId: string | undefined;
    for (let i = 0; i < 200 && !jobId; i++) {
      jobId = env.emulator.ctx.jobs.all().find((j) => j.service === 'parse')?.jobId;
      if (!jobId) await new Promise((r) => setTimeout(r, 10));
    }
    await cancelOnService(jobId!);
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      world.jobs.batches.whenIdle(batch.batchId),
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error('the batch is still following the cancelled job')), 3_000)),
      ),
    ]).finally(() => clearTimeout(timer));
    expect(done.items).toHaveLength(1);
    expect(done.items[0]).toMatchObject({ state: 'failed', jobId, jobStatus: 'cancelled', error: { code: 'job_cancelled' } });
  });
});
