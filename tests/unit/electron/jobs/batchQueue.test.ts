import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../shared/errors.js';
import type { Batch, BatchItem, JobRecord } from '../../../../shared/jobs.js';
import type { RetryOptions } from '../../../../electron/api/retry.js';
import { BatchQueue, type BatchQueueDeps } from '../../../../electron/jobs/batchQueue.js';
import { queuedItem } from '../../../../electron/jobs/batchRecords.js';
import type { CreateIntent } from '../../../../electron/jobs/createIntents.js';
import { jobRecord } from '../../../support/jobRecord.js';

const item = (n: number, patch: Partial<BatchItem> = {}): BatchItem => ({ ...queuedItem(`doc${n}`, `${n}.pdf`, 2, `item-${n}`), ...patch });

function batchOf(items: BatchItem[], concurrency = 2): Batch {
  const now = new Date().toISOString();
  return { batchId: 'b1', createdAt: now, name: 'test', request: {}, concurrency, paused: false, items, updatedAt: now };
}

const record = jobRecord;

/** Fake jobs: each submit makes a job that settles when the test says so; everything persisted is kept. */
function intent(itemId: string, candidates?: string[]): CreateIntent {
  return {
    intentId: `intent-${itemId}`,
    request: { service: 'parse', documentId: 'd' },
    keyId: 'k',
    documentName: 'd.pdf',
    batch: { batchId: 'b1', itemId },
    writtenAt: new Date().toISOString(),
    ...(candidates ? { candidates } : {}),
  };
}

function fakeJobs(options: { fail?: (item: BatchItem) => AppError | null; existing?: JobRecord[]; intents?: CreateIntent[] } = {}) {
  const settle = new Map<string, (r: JobRecord) => void>();
  const submitted: string[] = [];
  const persisted: Batch[] = [];
  const forgotten: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let n = 0;
  const deps: BatchQueueDeps = {
    // As the tracker does: the create is sent once the retry policy's beforeAttempt lets it (the batch's slot).
    submit: async (_b, it, retry: RetryOptions) => {
      await retry.beforeAttempt?.();
      const error = options.fail?.(it);
      if (error) throw error;
      submitted.push(it.documentId);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      return record(`parse-job-${++n}`);
    },
    whenSettled: (jobId) =>
      new Promise((resolve) =>
        settle.set(jobId, (r) => {
          inFlight--;
          resolve(r);
        }),
      ),
    recovery: async () => ({
      recordFor: (itemId) => options.existing?.find((r) => r.batch?.itemId === itemId) ?? null,
      openIntentFor: (itemId) => options.intents?.find((i) => i.batch?.itemId === itemId) ?? null,
    }),
    forgetIntents: async (_b, itemIds) => void forgotten.push(...itemIds),
    persist: async (b) => void persisted.push(b),
    changed: () => undefined,
  };
  const tick = () => new Promise((r) => setTimeout(r, 5));
  const complete = async (jobId: string, status: 'completed' | 'failed' = 'completed') => {
    await tick();
    settle.get(jobId)!(
      record(
        jobId,
        status === 'completed'
          ? { status, resultId: `job-${jobId}`, credits: 6, pageCount: 2 }
          : { status, error: { code: 'bad', message: 'Bad page.' } },
      ),
    );
    await tick();
  };
  return {
    deps,
    submitted,
    persisted,
    forgotten,
    complete,
    tick,
    get maxInFlight() {
      return maxInFlight;
    },
    get open() {
      return [...settle.keys()];
    },
  };
}

describe('the batch queue', () => {
  it('keeps at most `concurrency` documents in flight and sends each once', async () => {
    const jobs = fakeJobs();
    const queue = new BatchQueue(batchOf([1, 2, 3, 4, 5].map((n) => item(n))), jobs.deps);
    await queue.start();
    for (let i = 1; i <= 5; i++) {
      await jobs.tick();
      await jobs.complete(`parse-job-${i}`);
    }
    await queue.whenIdle();
    expect(jobs.maxInFlight).toBe(2);
    expect(jobs.submitted).toEqual(['doc1', 'doc2', 'doc3', 'doc4', 'doc5']);
    expect(queue.batch.items.every((i) => i.state === 'done' && i.credits === 6)).toBe(true);
  });

  it('pauses (nothing new starts), resumes, and cancels only what has not started', async () => {
    const jobs = fakeJobs();
    const queue = new BatchQueue(
      batchOf(
        [1, 2, 3, 4, 5].map((n) => item(n)),
        1,
      ),
      jobs.deps,
    );
    await queue.start();
    await jobs.tick();
    await queue.pause();
    await jobs.complete('parse-job-1');
    expect(jobs.submitted).toEqual(['doc1']);
    await queue.resume();
    await jobs.tick();
    expect(jobs.submitted).toEqual(['doc1', 'doc2']);
    expect(await queue.cancelPending()).toBe(3);
    await jobs.complete('parse-job-2');
    await queue.whenIdle();
    expect(queue.batch.items.map((i) => i.state)).toEqual(['done', 'done', 'cancelled', 'cancelled', 'cancelled']);
    expect(jobs.persisted.at(-1)!.items.map((i) => i.state)).toEqual(['done', 'done', 'cancelled', 'cancelled', 'cancelled']);
  });

  it('retries failed documents as new jobs and keeps their earlier job ids', async () => {
    let refuse = true;
    const jobs = fakeJobs({
      fail: (it) => (refuse && it.documentId === 'doc2' ? new AppError({ code: 'validation_error', message: 'No.' }) : null),
    });
    const queue = new BatchQueue(batchOf([item(1), item(2), item(3)], 3), jobs.deps);
    await queue.start();
    await jobs.tick();
    await jobs.complete('parse-job-1');
    await jobs.complete('parse-job-2', 'failed');
    await queue.whenIdle();
    expect(queue.batch.items.map((i) => i.state)).toEqual(['done', 'failed', 'failed']);
    expect(queue.batch.items[1]!.error).toMatchObject({ code: 'validation_error' });
    refuse = false;
    expect(await queue.retryFailed(false)).toBe(2);
    await jobs.tick();
    await jobs.complete('parse-job-3');
    await jobs.complete('parse-job-4');
    await queue.whenIdle();
    expect(queue.batch.items.map((i) => i.state)).toEqual(['done', 'done', 'done']);
    expect(queue.batch.items[2]!.previousJobIds).toEqual(['parse-job-2']);
  });

  it('resumes from a stale batch file: items are linked to their records, kept unsure while their create is open, queued again otherwise', async () => {
    const jobs = fakeJobs({
      existing: [
        record('parse-linked', { batch: { batchId: 'b1', itemId: 'item-2' } }),
        record('parse-behind', { batch: { batchId: 'b1', itemId: 'item-6' } }),
      ],
      intents: [intent('item-3', ['parse-maybe'])],
    });
    const fromDisk = batchOf(
      [
        item(1, { state: 'running', jobId: 'parse-running' }),
        item(2, { state: 'submitting' }),
        item(3, { state: 'submitting' }),
        item(4, { state: 'waiting' }),
        item(5, { state: 'done', jobId: 'parse-old', resultId: 'job-parse-old' }),
        // The file was written before this item's create went out; its record says it did.
        item(6, { state: 'queued' }),
      ],
      5,
    );
    const queue = new BatchQueue(fromDisk, jobs.deps);
    await queue.start();
    await jobs.tick();
    expect(queue.batch.items.map((i) => i.state)).toEqual(['running', 'running', 'unsure', 'running', 'done', 'running']);
    expect(queue.batch.items[2]!.error).toMatchObject({ code: 'create_unsure', message: expect.stringContaining('parse-maybe') });
    expect(jobs.submitted).toEqual(['doc4']);
    for (const jobId of ['parse-running', 'parse-linked', 'parse-behind', 'parse-job-1']) await jobs.complete(jobId);
    await queue.whenIdle();
    expect(queue.batch.items.map((i) => i.state)).toEqual(['done', 'done', 'unsure', 'done', 'done', 'done']);

    // The user looked and sends it again: its open create is forgotten, and it goes as a new job.
    expect(await queue.retryFailed(true)).toBe(1);
    expect(jobs.forgotten).toEqual(['item-3']);
    await jobs.tick();
    await jobs.complete('parse-job-2');
    await queue.whenIdle();
    expect(queue.batch.items[2]!.state).toBe('done');
    expect(jobs.submitted).toEqual(['doc4', 'doc3']);
  });

  it('marks a document unsure, not failed, when the service cannot say whether its dropped create made a job', async () => {
    const jobs = fakeJobs({ fail: () => new AppError({ code: 'create_unsure', message: 'Maybe.' }) });
    const queue = new BatchQueue(batchOf([item(1)]), jobs.deps);
    await queue.start();
    await queue.whenIdle();
    expect(queue.batch.items[0]).toMatchObject({ state: 'unsure', error: { code: 'create_unsure' } });
  });

  it('frees the slot as soon as a 202 says the job is done, before its record is written', async () => {
    const jobs = fakeJobs();
    const order: string[] = [];
    let recordWritten: () => void = () => undefined;
    const deps: BatchQueueDeps = {
      ...jobs.deps,
      submit: async (b, it, retry, accepted) => {
        await retry.beforeAttempt!();
        order.push(`send ${it.documentId}`);
        if (it.documentId === 'doc1') {
          accepted('completed');
          await new Promise<void>((resolve) => (recordWritten = resolve));
        }
        return jobs.deps.submit(b, it, { ...retry, beforeAttempt: async () => undefined }, accepted); // sent above
      },
    };
    const queue = new BatchQueue(batchOf([item(1), item(2)], 1), deps);
    await queue.start();
    await jobs.tick();
    expect(order).toEqual(['send doc1', 'send doc2']);
    recordWritten();
    await jobs.tick();
    await jobs.complete('parse-job-1');
    await jobs.complete('parse-job-2');
    await queue.whenIdle();
    expect(queue.batch.items.map((i) => i.state)).toEqual(['done', 'done']);
  });

  it('gives its slot away while a create waits out a 429, and takes the next free one first', async () => {
    const jobs = fakeJobs();
    let firstCall = true;
    const order: string[] = [];
    const deps: BatchQueueDeps = {
      ...jobs.deps,
      submit: async (b, it, retry, accepted) => {
        await retry.beforeAttempt!();
        order.push(`send ${it.documentId}`);
        if (it.documentId === 'doc1' && firstCall) {
          firstCall = false;
          await retry.clock!.sleep(30); // what requestWithRetry does on a 429
          await retry.beforeAttempt!();
          order.push(`resend ${it.documentId}`);
        }
        return jobs.deps.submit(b, it, { ...retry, beforeAttempt: async () => undefined }, accepted);
      },
    };
    const queue = new BatchQueue(batchOf([item(1), item(2), item(3)], 1), deps);
    await queue.start();
    await jobs.tick();
    expect(order).toEqual(['send doc1', 'send doc2']);
    expect(queue.batch.items[0]!.state).toBe('waiting');
    await new Promise((r) => setTimeout(r, 40));
    await jobs.complete('parse-job-1'); // doc2's job; doc1 gets the slot before doc3
    expect(order).toEqual(['send doc1', 'send doc2', 'resend doc1']);
    expect(queue.batch.items[0]!.attempts).toBe(2);
    await jobs.complete('parse-job-2');
    await jobs.complete('parse-job-3');
    await queue.whenIdle();
    expect(queue.batch.items.map((i) => i.state)).toEqual(['done', 'done', 'done']);
  });

  it('Pause holds back a document waiting out a 429: it is not sent again until Resume', async () => {
    const jobs = fakeJobs();
    const sends: string[] = [];
    // The wait of the 429 ends when the test says so.
    let endWait: () => void = () => undefined;
    const clock = { now: () => Date.now(), random: () => 0.5, sleep: () => new Promise<void>((resolve) => (endWait = resolve)) };
    let refused = false;
    const deps: BatchQueueDeps = {
      ...jobs.deps,
      clock,
      submit: async (b, it, retry, accepted) => {
        await retry.beforeAttempt!();
        sends.push(it.documentId);
        if (!refused) {
          refused = true;
          await retry.clock!.sleep(1000); // refused with 429: requestWithRetry waits, then sends again
          await retry.beforeAttempt!();
          sends.push(`${it.documentId} again`);
        }
        return jobs.deps.submit(b, it, { ...retry, beforeAttempt: async () => undefined }, accepted);
      },
    };
    const queue = new BatchQueue(batchOf([item(1)], 1), deps);
    await queue.start();
    await jobs.tick();
    expect(queue.batch.items[0]!.state).toBe('waiting');
    await queue.pause();
    endWait();
    await queue.whenIdle(); // paused with nothing in flight
    expect(sends).toEqual(['doc1']); // the wait ended while paused: nothing sent
    expect(queue.batch.items[0]).toMatchObject({ state: 'queued', error: null, jobId: null });

    await queue.resume();
    await jobs.tick();
    expect(sends).toEqual(['doc1', 'doc1']); // sent anew, once
    await jobs.complete('parse-job-1');
    await queue.whenIdle();
    expect(queue.batch.items.map((i) => i.state)).toEqual(['done']);
  });

  it('a new batch goes out without reading the job records (it has none); one loaded from disk is checked against them', async () => {
    const jobs = fakeJobs();
    let recoveries = 0;
    const deps: BatchQueueDeps = { ...jobs.deps, recovery: (batchId) => (recoveries++, jobs.deps.recovery(batchId)) };
    const fresh = new BatchQueue(batchOf([item(1)]), deps);
    await fresh.start(true);
    await jobs.tick();
    expect(jobs.submitted).toEqual(['doc1']);
    expect(recoveries).toBe(0);
    await new BatchQueue(batchOf([item(2)]), deps).start();
    expect(recoveries).toBe(1);
  });

  it('a document made ready while every slot is taken is not sent once cancelled or paused', async () => {
    const jobs = fakeJobs();
    const ready: string[] = [];
    const deps: BatchQueueDeps = {
      ...jobs.deps,
      submit: (b, it, retry, accepted) => (ready.push(it.documentId), jobs.deps.submit(b, it, retry, accepted)),
    };
    const queue = new BatchQueue(
      batchOf(
        [1, 2, 3].map((n) => item(n)),
        1,
      ),
      deps,
    );
    await queue.start();
    await jobs.tick();
    expect(ready).toEqual(['doc1', 'doc2']); // doc2 is made ready, waiting for doc1's slot
    expect(jobs.submitted).toEqual(['doc1']);
    expect(queue.batch.items[1]!.state).toBe('queued');
    expect(await queue.cancelPending()).toBe(2);
    await jobs.complete('parse-job-1');
    await queue.whenIdle();
    expect(jobs.submitted).toEqual(['doc1']);
    expect(queue.batch.items.map((i) => i.state)).toEqual(['done', 'cancelled', 'cancelled']);

    const paused = new BatchQueue(
      batchOf(
        [4, 5].map((n) => item(n)),
        1,
      ),
      deps,
    );
    await paused.start();
    await jobs.tick();
    await paused.pause();
    await jobs.complete('parse-job-2');
    await paused.whenIdle();
    expect(jobs.submitted).toEqual(['doc1', 'doc4']);
    expect(paused.batch.items.map((i) => i.state)).toEqual(['done', 'queued']);
  });

  it('a raised concurrency starts more documents at once; a lowered one lets those in flight finish', async () => {
    const jobs = fakeJobs();
    const queue = new BatchQueue(
      batchOf(
        [1, 2, 3, 4, 5].map((n) => item(n)),
        1,
      ),
      jobs.deps,
    );
    await queue.start();
    await jobs.tick();
    expect(jobs.submitted).toEqual(['doc1']);
    queue.setConcurrency(3);
    await jobs.tick();
    expect(jobs.submitted).toEqual(['doc1', 'doc2', 'doc3']);
    expect(queue.batch.concurrency).toBe(3);
    queue.setConcurrency(1);
    await jobs.complete('parse-job-1');
    await jobs.complete('parse-job-2');
    expect(jobs.submitted).toHaveLength(3); // job 3, still in flight, fills the new limit of 1
    await jobs.complete('parse-job-3');
    expect(jobs.submitted).toEqual(['doc1', 'doc2', 'doc3', 'doc4']);
    await jobs.complete('parse-job-4');
    await jobs.complete('parse-job-5');
    await queue.whenIdle();
    expect(jobs.maxInFlight).toBe(3);
  });
});
