import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as ParseAsJob from '../../../../../renderer/state/review/parseAsJob.js';
import type { useRunSettings } from '../../../../../renderer/state/runSettings.js';
import type { AppEvent } from '../../../../../shared/events.js';
import type { GroundworkApi } from '../../../../../shared/ipc/table.js';
import type { JobRecord } from '../../../../../shared/jobs.js';
import { jobRecord } from '../../../../support/jobRecord.js';
import { openRendererWindow, type RendererBridge } from '../../../../support/rendererBridge.js';

// Jobs the Review screen starts: followed by their events until settled, each shown with its
// document and why it went as a job; a job that settled before the listener is caught by one
// read of its record; its stored result handed over exactly once.
let bridge: RendererBridge;
let jobs: typeof ParseAsJob;
let settings: typeof useRunSettings;
const listeners = new Set<(event: AppEvent) => void>();
/** What `jobs:get` answers, by job id (absent: the read fails). */
const records = new Map<string, JobRecord | null>();
/** The requests `jobs:create` was sent. */
const created: unknown[] = [];

const send = (job: JobRecord) => listeners.forEach((listener) => listener({ type: 'job', job }));
const followed = (documentId: string) => jobs.useWorkspaceJobs.getState().byDocument[documentId];
/** Lets the record read started by `followJob` answer. */
const settleReads = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(async () => {
  const withJobs = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    events: { subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)) },
    jobs: {
      ...api.jobs,
      get: async (request) => {
        const known = records.get((request as { jobId: string }).jobId);
        return known === undefined
          ? { ok: false, error: { code: 'records_unreadable', message: 'The job records could not be read.' } }
          : { ok: true, value: known };
      },
      create: async (request) => {
        created.push(request);
        return { ok: true, value: jobRecord('extract-1', { service: 'extract' }) };
      },
    },
  });
  bridge = await openRendererWindow(withJobs);
  jobs = await import('../../../../../renderer/state/review/parseAsJob.js');
  settings = (await import('../../../../../renderer/state/runSettings.js')).useRunSettings;
});

afterAll(async () => {
  await bridge?.close();
});

beforeEach(() => {
  listeners.clear();
  records.clear();
  created.length = 0;
  jobs.useWorkspaceJobs.setState(jobs.useWorkspaceJobs.getInitialState(), true);
});

describe('following a job from the Review screen', () => {
  it("shows the job with its document and reason; its updates (not other jobs') replace it; the result is handed over once", async () => {
    const started = jobRecord('job-1', { documentId: 'doc-a' });
    records.set('job-1', started);
    const stored: JobRecord[] = [];
    jobs.followJob(started, 'over 20 pages', (job) => stored.push(job));
    expect(followed('doc-a')).toEqual({ job: started, reason: 'over 20 pages' });
    await settleReads();

    send(jobRecord('job-1', { documentId: 'doc-a', status: 'processing' }));
    send(jobRecord('job-2', { documentId: 'doc-a', status: 'failed' }));
    expect(followed('doc-a')).toMatchObject({ job: { jobId: 'job-1', status: 'processing' }, reason: 'over 20 pages' });

    const done = jobRecord('job-1', { documentId: 'doc-a', status: 'completed', resultId: 'r1' });
    send(done);
    send(done);
    expect(stored).toEqual([done]);
    expect(listeners.size).toBe(0);
  });

  it('a job that settled before the listener was added is caught by the read of its record', async () => {
    const started = jobRecord('job-1', { documentId: 'doc-a' });
    records.set('job-1', jobRecord('job-1', { documentId: 'doc-a', status: 'completed', resultId: 'r1' }));
    const stored: string[] = [];
    jobs.followJob(started, 'large file', (job) => stored.push(job.resultId!));
    await settleReads();
    expect(stored).toEqual(['r1']);
    expect(followed('doc-a')?.job.status).toBe('completed');
  });

  it('settled by an event and by the read of its record both, the result is still handed over once', async () => {
    const done = jobRecord('job-1', { documentId: 'doc-a', status: 'completed', resultId: 'r1' });
    records.set('job-1', done);
    const stored: JobRecord[] = [];
    jobs.followJob(jobRecord('job-1', { documentId: 'doc-a' }), 'large file', (job) => stored.push(job));
    send(done);
    await settleReads();
    expect(stored).toEqual([done]);
  });

  it('a job that ends without a result hands nothing over, and a failed first read still leaves the events', async () => {
    const stored: JobRecord[] = [];
    jobs.followJob(jobRecord('job-1', { documentId: 'doc-a' }), 'large file', (job) => stored.push(job));
    await settleReads();
    expect(listeners.size).toBe(1);
    send(jobRecord('job-1', { documentId: 'doc-a', status: 'failed' }));
    expect(stored).toEqual([]);
    expect(followed('doc-a')).toMatchObject({ job: { status: 'failed' }, reason: 'large file' });
    expect(listeners.size).toBe(0);
  });

  it('a job stopped without its result (its key deleted) is still heard: followed again, its line and result come', async () => {
    const stored: JobRecord[] = [];
    jobs.followJob(jobRecord('job-1', { documentId: 'doc-a' }), 'large file', (job) => stored.push(job));
    await settleReads();
    const stopped = jobRecord('job-1', {
      documentId: 'doc-a',
      problem: { code: 'no_key', message: 'That key no longer exists.' },
    });
    send(stopped);
    expect(followed('doc-a')?.job.problem?.code).toBe('no_key');
    expect(listeners.size).toBe(1);
    // "Check again" on the Jobs screen follows it to its result.
    const done = jobRecord('job-1', { documentId: 'doc-a', status: 'completed', resultId: 'r1' });
    send(done);
    expect(followed('doc-a')?.job).toEqual(done);
    expect(stored).toEqual([done]);
    expect(listeners.size).toBe(0);
  });

  it("a newer job on the document takes its line: the stopped one's later news does not come back over it", async () => {
    jobs.followJob(jobRecord('job-1', { documentId: 'doc-a' }), 'first', () => undefined);
    await settleReads();
    send(
      jobRecord('job-1', {
        documentId: 'doc-a',
        problem: { code: 'no_key', message: 'That key no longer exists.' },
      }),
    );
    jobs.followJob(jobRecord('job-2', { documentId: 'doc-a' }), 'second', () => undefined);
    await settleReads();
    send(jobRecord('job-1', { documentId: 'doc-a', status: 'processing' }));
    expect(followed('doc-a')).toMatchObject({ job: { jobId: 'job-2' }, reason: 'second' });
    expect(listeners.size).toBe(1);
  });

  it('each document shows its own job', async () => {
    records.set('job-1', null);
    records.set('job-2', null);
    jobs.followJob(jobRecord('job-1', { documentId: 'doc-a' }), 'first', () => undefined);
    jobs.followJob(jobRecord('job-2', { documentId: 'doc-b' }), 'second', () => undefined);
    expect(followed('doc-a')).toMatchObject({ job: { jobId: 'job-1' }, reason: 'first' });
    expect(followed('doc-b')).toMatchObject({ job: { jobId: 'job-2' }, reason: 'second' });
  });
});

describe('an extraction submitted as a job', () => {
  it('names the chosen v2 key, the model and a trimmed output address only when set', async () => {
    settings.getState().set({ keyIds: { v2: '', analyzer: 'an-1' }, extractModel: '', extractOutputSaveUrl: '  ' });
    await jobs.submitExtractJob('parse-r1', { type: 'object' }, 'run-1');
    settings.getState().set({
      keyIds: { v2: 'v2-key', analyzer: 'an-1' },
      extractModel: ' extract-20251024 ',
      extractOutputSaveUrl: ' https://bucket.example.test/out?sig=1 ',
    });
    await jobs.submitExtractJob('parse-r1', { type: 'object' }, 'run-2');
    expect(created).toEqual([
      { service: 'extract', sourceResultId: 'parse-r1', schema: { type: 'object' }, runId: 'run-1' },
      {
        service: 'extract',
        sourceResultId: 'parse-r1',
        schema: { type: 'object' },
        runId: 'run-2',
        keyId: 'v2-key',
        model: 'extract-20251024',
        outputSaveUrl: 'https://bucket.example.test/out?sig=1',
      },
    ]);
  });
});
