import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../shared/errors.js';
import type { RetryClock } from '../../../../electron/api/retry.js';
import { recordingClock } from './recordingClock.js';
import { trackingWith } from './trackingWith.js';
import { createIntentsIn } from '../../../../electron/jobs/createIntents.js';
import { jobRecordsIn, resultIdForJob } from '../../../../electron/jobs/jobRecords.js';
import { trackJobs } from '../../../../electron/jobs/jobTracking.js';
import { DEFAULT_POLL_SCHEDULE, pollDelayMs } from '../../../../electron/jobs/pollSchedule.js';
import { createLogger } from '../../../../electron/core/log.js';
import { armFault, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';
import { jobRecord } from '../../../support/jobRecord.js';

const env = useEmulator({ timings: { pendingMs: 60, processingMs: 120 } });
let world: JobsWorld;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
});
afterEach(() => world.close());

const trackerWith = (clock: RetryClock) => trackingWith(world, env.emulator.url, clock);

const logger = createLogger(null, { console: false });
const resultFiles = async () =>
  (await readdir(join(world.dataDir, 'workspace', 'results')).catch(() => [] as string[])).filter((f) => f.endsWith('.info.json'));

describe('the job poller', () => {
  it('writes the record before the first poll, polls on the 250 ms ×1.5 schedule, and stores the result once', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(1, 2));
    let recordOnDiskAtFirstWait: boolean | null = null;
    let pollsBeforeFirstWait = -1;
    const clock = recordingClock(async () => {
      if (recordOnDiskAtFirstWait === null) {
        recordOnDiskAtFirstWait = (await records.list()).length === 1;
        pollsBeforeFirstWait = env.emulator.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/parse/jobs/')).length;
      }
    });
    const { records, tracker } = trackerWith(clock);
    const created = await tracker.creator.submit({ service: 'parse', documentId: document.id });
    const settled = await tracker.poller.whenSettled(created.jobId);

    expect(recordOnDiskAtFirstWait).toBe(true);
    expect(pollsBeforeFirstWait).toBe(0);
    expect(clock.waits).toEqual(clock.waits.map((_, n) => pollDelayMs(n, DEFAULT_POLL_SCHEDULE, 0.5)));
    expect(clock.waits[0]).toBe(250);
    expect(settled).toMatchObject({ status: 'completed', resultId: resultIdForJob(created.jobId), pageCount: 2, credits: 6 });
    expect(await resultFiles()).toEqual([`${resultIdForJob(created.jobId)}.info.json`]);
    const stored = await world.workspace.result(settled.resultId!);
    expect(stored).toMatchObject({ kind: 'parse', engine: 'parse', documentId: document.id, credits: 6 });
  });

  it('sends a poll refused with 429 again after its Retry-After, not after the next step of the schedule', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(3));
    const clock = recordingClock(() => undefined);
    const { tracker } = trackerWith(clock);
    const created = await tracker.creator.submit({ service: 'parse', documentId: document.id });
    const pollPath = `/v2/parse/jobs/${created.jobId}`;
    await armFault(env.emulator, { fault: { kind: 'status', status: 429, retryAfter: '0.3' }, match: { method: 'GET', path: pollPath } });
    const settled = await tracker.poller.whenSettled(created.jobId);

    expect(settled).toMatchObject({ status: 'completed', unreachableSince: null, problem: null });
    expect(
      env.emulator.requests
        .filter((r) => r.path === pollPath)
        .map((r) => r.status)
        .slice(0, 2),
    ).toEqual([429, 200]);
    // The first step of the schedule, then the service's 300 ms.
    expect(clock.waits.slice(0, 2)).toEqual([pollDelayMs(0, DEFAULT_POLL_SCHEDULE, 0.5), 300]);
  });

  it('keeps a failed job with its error {code, message}', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(3));
    await armFault(env.emulator, { fault: { kind: 'failJob', code: 'document_unreadable', message: 'Page 1 is blank.' } });
    const { tracker } = trackerWith(recordingClock(() => undefined));
    const settled = await tracker.poller.whenSettled((await tracker.creator.submit({ service: 'parse', documentId: document.id })).jobId);
    expect(settled).toMatchObject({
      status: 'failed',
      resultId: null,
      error: { code: 'document_unreadable', message: 'Page 1 is blank.' },
    });
    expect(await resultFiles()).toEqual([]);
  });

  it('stops polling with a problem when the service no longer knows the job, and keeps the record', async () => {
    const { records, tracker } = trackerWith(recordingClock(() => undefined));
    await records.write(
      'parse-01hzx3k5m7n9p1q3r5s7t9v1w3',
      jobRecord('parse-01hzx3k5m7n9p1q3r5s7t9v1w3', { keyId: 'k1', documentName: 'gone.pdf' }),
    );
    await tracker.resume();
    const settled = await tracker.poller.whenSettled('parse-01hzx3k5m7n9p1q3r5s7t9v1w3');
    expect(settled.problem).toMatchObject({ code: 'not_found' });
    expect(await records.read(settled.jobId)).toMatchObject({ problem: { code: 'not_found' } });
  });

  it('a job stopped because its key was deleted is polled again by "check again" with the key added back (a new id), and completes', async () => {
    const document = await world.workspace.addDocument('keyless.pdf', await numberedPdf(3));
    // The key 'k1' is deleted after the create; the same secret added back later is 'k2', the default.
    let existingKeys: Array<'k1' | 'k2'> = ['k1'];
    const keys = {
      credentialFor: async (_kinds: readonly string[], keyId?: string) => {
        const id = keyId ?? existingKeys[0];
        if (!id || !existingKeys.includes(id as 'k1' | 'k2')) throw new AppError({ code: 'no_key', message: 'That key no longer exists.' });
        return { id, kind: 'v2' as const, address: env.emulator.url, secret: KEYS.v2, inferenceOrigins: [] };
      },
    };
    const records = jobRecordsIn(world.workspace.root, logger);
    const intents = createIntentsIn(world.workspace.root, logger);
    const tracker = trackJobs({
      workspace: world.workspace,
      keys,
      records,
      intents,
      logger,
      emit: () => undefined,
      clock: recordingClock(() => undefined),
    });
    const created = await tracker.creator.submit({ service: 'parse', documentId: document.id });
    expect(created.keyId).toBe('k1');
    existingKeys = []; // deleted before the first poll
    expect(await tracker.poller.whenSettled(created.jobId)).toMatchObject({ problem: { code: 'no_key' }, resultId: null });

    existingKeys = ['k2'];
    const rechecked = await tracker.poller.recheck(created.jobId);
    expect(rechecked).toMatchObject({ jobId: created.jobId, keyId: 'k2', problem: null, resultId: null }); // answered before polling ends
    const settled = await tracker.poller.whenSettled(created.jobId);
    expect(settled).toMatchObject({ status: 'completed', problem: null, resultId: `job-${created.jobId}` });
    expect(await records.read(created.jobId)).toMatchObject({ problem: null, resultId: `job-${created.jobId}` });
  });

  it('a waiter hears the abandoned record even when the poll loop stops before that record is written', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(1, 2));
    // Abandoned at the first wait; the abandon's read of the record is held until the poll loop
    // reads the record itself (or a second passes), so the loop reaches its check first.
    let abandonAsked = false;
    let abandoning: Promise<unknown> = Promise.resolve();
    const clock = recordingClock(async (_, index) => {
      if (index !== 0) return;
      const jobId = (await records.list())[0]!.jobId;
      abandonAsked = true;
      abandoning = tracker.poller.abandon(jobId, 'given up');
    });
    const { records, tracker } = trackerWith(clock);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = records.read.bind(records);
    let heldOne = false;
    records.read = async (id) => {
      if (abandonAsked && !heldOne) {
        heldOne = true;
        setTimeout(release, 1_000).unref();
        await gate;
      } else if (heldOne) release();
      return read(id);
    };
    const created = await tracker.creator.submit({ service: 'parse', documentId: document.id });
    const settled = await tracker.poller.whenSettled(created.jobId);
    await abandoning;
    expect(settled.problem?.code).toBe('abandoned_by_user');
    expect(settled.resultId).toBe(null);
  });

  it('is polled on when a poll cannot be read (it says nothing of the job), and its result stored once one can', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(1, 1));
    const jobs = trackerWith(recordingClock(async () => undefined)).tracker;
    const created = await jobs.creator.submit({ service: 'parse', documentId: document.id });
    await armFault(env.emulator, {
      fault: { kind: 'body', status: 200, body: { state: 'working' } },
      match: { method: 'GET', path: '/v2/parse/jobs/' },
      times: 2,
    });
    const settled = await jobs.poller.whenSettled(created.jobId);
    expect(settled).toMatchObject({ status: 'completed', problem: null, resultId: resultIdForJob(created.jobId) });
    jobs.stop();
  });
});
