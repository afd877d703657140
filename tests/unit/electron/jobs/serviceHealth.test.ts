import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../shared/errors.js';
import type { AppEvent, ServiceEvent } from '../../../../shared/events.js';
import { summarizeBatch, type Batch, type BatchItem, type JobRecord } from '../../../../shared/jobs.js';
import type { RetryClock } from '../../../../electron/api/retry.js';
import { recordingClock } from './recordingClock.js';
import { BatchQueue, type BatchQueueDeps } from '../../../../electron/jobs/batchQueue.js';
import { queuedItem } from '../../../../electron/jobs/batchRecords.js';
import { createIntentsIn } from '../../../../electron/jobs/createIntents.js';
import { jobRecordsIn } from '../../../../electron/jobs/jobRecords.js';
import { JobTracker } from '../../../../electron/jobs/jobTracker.js';
import { DEFAULT_POLL_SCHEDULE, pollDelayMs } from '../../../../electron/jobs/pollSchedule.js';
import { isUnreachable, ServiceHealth } from '../../../../electron/jobs/serviceHealth.js';
import { createLogger } from '../../../../electron/core/log.js';
import { armFault, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';
import { jobRecord } from '../../../support/jobRecord.js';

const env = useEmulator({ timings: { pendingMs: 20, processingMs: 40 } });
let world: JobsWorld;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
});
afterEach(async () => {
  await env.emulator.goOnline().catch(() => undefined); // already listening
  await world.close();
});

const logger = createLogger(null, { console: false });

function trackerWith(clock: RetryClock, events: AppEvent[]) {
  const records = jobRecordsIn(world.workspace.root, logger);
  const keys = {
    credentialFor: async () => ({ id: 'k1', kind: 'v2' as const, address: env.emulator.url, secret: KEYS.v2, inferenceOrigins: [] }),
  };
  const intents = createIntentsIn(world.workspace.root, logger);
  return {
    records,
    tracker: new JobTracker({ workspace: world.workspace, keys, records, intents, logger, emit: (e) => events.push(e), clock }),
  };
}

const jobEvents = (events: AppEvent[]) => events.flatMap((e) => (e.type === 'job' ? [e.job] : []));
const serviceEvents = (events: AppEvent[]) => events.filter((e): e is ServiceEvent => e.type === 'service');

describe('a job whose service stops answering', () => {
  it('is marked unreachable at the first failed poll (record and service), polled on from the first step, and recovers by itself', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(1));
    // The service keeps the job going for a while; the outage starts at the third wait and ends at the eighth.
    await armFault(env.emulator, { fault: { kind: 'slowJob', pendingMs: 50, processingMs: 400 }, times: 1 });
    const events: AppEvent[] = [];
    const clock = recordingClock(async (_ms, index) => {
      if (index === 2) await env.emulator.goOffline();
      if (index === 7) await env.emulator.goOnline();
    });
    const { records, tracker } = trackerWith(clock, events);
    const created = await tracker.submit({ service: 'parse', documentId: document.id });
    const settled = await tracker.whenSettled(created.jobId);

    expect(settled).toMatchObject({ status: 'completed', resultId: `job-${created.jobId}`, unreachableSince: null });
    // Announced on the first failure (poll 3), once, with the same time the service event carries.
    const marked = jobEvents(events).filter((j) => j.unreachableSince);
    expect(marked).toHaveLength(1);
    const outage = serviceEvents(events);
    expect(outage).toEqual([
      { type: 'service', origin: new URL(env.emulator.url).origin, unreachableSince: marked[0]!.unreachableSince },
      { type: 'service', origin: new URL(env.emulator.url).origin, unreachableSince: null },
    ]);
    // Waits 0–2 answered; 3–7 failed, and each failure restarts the schedule's steps from the first.
    const step = (n: number) => pollDelayMs(n, DEFAULT_POLL_SCHEDULE, 0.5);
    expect(clock.waits.slice(0, 8)).toEqual([step(0), step(1), step(2), step(0), step(1), step(2), step(3), step(4)]);
    expect(Math.max(...clock.waits)).toBeLessThanOrEqual(4_200); // so an outage shows within 5 s
    expect(tracker.health.snapshot()).toEqual([]);
    expect((await records.read(created.jobId))?.unreachableSince).toBeNull();
  });

  it('counts a 5xx as unreachable, and a 429 as an answer', async () => {
    const document = await world.workspace.addDocument('b.pdf', await numberedPdf(2));
    await armFault(env.emulator, { fault: { kind: 'slowJob', pendingMs: 50, processingMs: 300 }, times: 1 });
    const events: AppEvent[] = [];
    const { tracker } = trackerWith(
      recordingClock(() => undefined),
      events,
    );
    const created = await tracker.submit({ service: 'parse', documentId: document.id });
    await armFault(env.emulator, {
      fault: { kind: 'status', status: 502 },
      match: { method: 'GET', path: `/v2/parse/jobs/${created.jobId}` },
      times: 2,
    });
    const settled = await tracker.whenSettled(created.jobId);
    expect(settled).toMatchObject({ status: 'completed', unreachableSince: null, problem: null });
    expect(serviceEvents(events).map((e) => e.unreachableSince === null)).toEqual([false, true]);

    expect(isUnreachable(new AppError({ code: 'rate_limit_exceeded', message: '', status: 429 }))).toBe(false);
    expect(isUnreachable(new AppError({ code: 'not_found', message: '', status: 404 }))).toBe(false);
    expect(isUnreachable(new AppError({ code: 'service_unavailable', message: '', status: 503 }))).toBe(true);
    expect(['network_error', 'connection_reset', 'timeout'].every((code) => isUnreachable(new AppError({ code, message: '' })))).toBe(true);
  });
});

describe('service health', () => {
  it('tells only changes, per origin, keeping the first failure time', () => {
    const events: AppEvent[] = [];
    const health = new ServiceHealth((e) => events.push(e));
    expect(health.failed('https://api.example.com/v2', '2025-01-01T10:00:00.000Z')).toBe('2025-01-01T10:00:00.000Z');
    expect(health.failed('https://api.example.com', '2025-01-01T10:00:05.000Z')).toBe('2025-01-01T10:00:00.000Z');
    health.failed('http://127.0.0.1:9', '2025-01-01T10:00:07.000Z');
    health.answered('https://api.example.com');
    health.answered('https://api.example.com');
    expect(events).toEqual([
      { type: 'service', origin: 'https://api.example.com', unreachableSince: '2025-01-01T10:00:00.000Z' },
      { type: 'service', origin: 'http://127.0.0.1:9', unreachableSince: '2025-01-01T10:00:07.000Z' },
      { type: 'service', origin: 'https://api.example.com', unreachableSince: null },
    ]);
    expect(health.snapshot()).toEqual([{ origin: 'http://127.0.0.1:9', unreachableSince: '2025-01-01T10:00:07.000Z' }]);
  });
});

describe('a batch while its service is unreachable', () => {
  const item = (n: number): BatchItem => queuedItem(`doc${n}`, `${n}.pdf`, 1, `item-${n}`);
  const record = (jobId: string, patch: Partial<JobRecord> = {}) => jobRecord(jobId, { status: 'processing', ...patch });

  /** A queue over `batch` whose submits are recorded and whose jobs settle when the test says. */
  function queueOf(batch: Batch) {
    const submitted: string[] = [];
    const settle = new Map<string, (r: JobRecord) => void>();
    const deps: BatchQueueDeps = {
      submit: async (_b, it, retry) => {
        await retry.beforeAttempt?.();
        submitted.push(it.documentId);
        return record(`job-${it.documentId}`);
      },
      whenSettled: (jobId) => new Promise((resolve) => settle.set(jobId, resolve)),
      recovery: async () => ({ recordFor: () => null, openIntentFor: () => null }),
      forgetIntents: async () => undefined,
      persist: async () => undefined,
      changed: () => undefined,
    };
    return { submitted, settle, queue: new BatchQueue(batch, deps) };
  }

  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('sends no new document, pauses its ETA and says since when it waits; goes on when a poll is answered', async () => {
    const now = new Date().toISOString();
    const batch: Batch = {
      batchId: 'b1',
      createdAt: now,
      name: 'test',
      request: {},
      concurrency: 1,
      paused: false,
      items: [item(1), item(2)],
      updatedAt: now,
    };
    const { submitted, settle, queue } = queueOf(batch);
    await queue.start();
    await tick();
    expect(submitted).toEqual(['doc1']);

    const since = '2025-01-01T10:00:00.000Z';
    queue.jobChanged(record('job-doc1', { unreachableSince: since }));
    expect(batch.items[0]).toMatchObject({ state: 'running', unreachableSince: since });
    expect(summarizeBatch(batch, Date.now())).toMatchObject({ waitingForServiceSince: since, etaSeconds: null });
    // Its job settles while the other waits: the second document goes only once nothing waits for the service.
    queue.jobChanged(record('job-doc1', { unreachableSince: null }));
    settle.get('job-doc1')!(record('job-doc1', { status: 'completed', resultId: 'r1', credits: 3, pageCount: 1 }));
    await tick();
    expect(submitted).toEqual(['doc1', 'doc2']);
    expect(batch.items[0]).toMatchObject({ state: 'done', unreachableSince: null });
    expect(summarizeBatch(batch, Date.now()).waitingForServiceSince).toBeNull();
  });

  it('holds queued documents while a running one cannot be polled', async () => {
    const now = new Date().toISOString();
    const batch: Batch = {
      batchId: 'b2',
      createdAt: now,
      name: 'test',
      request: {},
      concurrency: 2,
      paused: false,
      items: [item(1), item(2), item(3)],
      updatedAt: now,
    };
    const { submitted, settle, queue } = queueOf(batch);
    await queue.start();
    await tick();
    expect(submitted).toEqual(['doc1', 'doc2']);
    queue.jobChanged(record('job-doc1', { unreachableSince: '2025-01-01T10:00:00.000Z' }));
    queue.jobChanged(record('job-doc2', { unreachableSince: '2025-01-01T10:00:00.000Z' }));
    // One job is done (its result came before the outage), freeing a slot: still nothing new is sent.
    settle.get('job-doc2')!(record('job-doc2', { status: 'completed', resultId: 'r2', credits: 3, pageCount: 1 }));
    await tick();
    expect(submitted).toEqual(['doc1', 'doc2']);
    queue.jobChanged(record('job-doc1', { unreachableSince: null }));
    await tick();
    expect(submitted).toEqual(['doc1', 'doc2', 'doc3']);
  });
});
