import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { isSettled } from '../../../../shared/jobs.js';
import type { ResultInfo } from '../../../../shared/result.js';
import { rerunFailedPages } from '../../../../electron/app/rerunPages.js';
import { armFault, pdf, useEmulator } from '../../../support/emulatorHarness.js';
import { faultsWorld, type FaultsWorld } from './faultsWorld.js';

// The re-run of failed pages through the real services, the IPC dispatcher and the emulator:
// direct and as a job (by the same route as any parse), stored as a new result beside the
// original, and refused where there is nothing to re-run.
const env = useEmulator({ timings: { pendingMs: 20, processingMs: 50 } });
let world: FaultsWorld;

beforeEach(async () => {
  world = await faultsWorld(env.emulator.url);
});
afterEach(async () => {
  await world.close();
});

async function partialResult(pages: number, failed: number[]): Promise<ResultInfo> {
  const imported = await world.call('documents:import', { name: 'five.pdf', bytes: await pdf(pages) });
  if (!imported.ok) throw new Error(imported.error.message);
  await armFault(env.emulator, { fault: { kind: 'failPages', pages: failed } });
  const answer = await world.call('runs:parse', { engine: 'parse', runId: randomUUID(), documentId: imported.value.id, mode: 'sync' });
  if (!answer.ok || !('result' in answer.value)) throw new Error('no result');
  expect(answer.value.result.partial).toBe(true);
  return answer.value.result;
}

async function resultsOf(documentId: string): Promise<string[]> {
  const list = await world.call('library:list', {});
  if (!list.ok) throw new Error(list.error.message);
  return list.value.find((e) => e.document.id === documentId)!.results.map((r) => r.id);
}

async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Re-runs always go as jobs from here on: the 5-page documents are above a threshold of 2 pages. */
async function rerunsAsJobs(): Promise<void> {
  const set = await world.call('jobs:setSettings', { jobAbovePages: 2 });
  if (!set.ok) throw new Error(set.error.message);
}

/** Starts a re-run of `original` as a job the service takes `processingMs` over; answers the call and the job's id. */
async function slowRerunJob(original: ResultInfo, processingMs: number, runId = randomUUID()) {
  await rerunsAsJobs();
  await armFault(env.emulator, {
    fault: { kind: 'slowJob', pendingMs: 20, processingMs },
    match: { method: 'POST', path: '/v2/parse/jobs' },
  });
  const rerun = world.call('runs:rerunPages', { runId, resultId: original.id });
  const jobId = await waitFor(async () => (await world.services.jobs.records.list()).find((r) => r.request.rerunOf)?.jobId);
  return { rerun, jobId };
}

const parseRequests = () => env.emulator.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v2/parse'));

describe('runs:rerunPages', () => {
  it('sends exactly the failed pages and stores the merge beside the original', async () => {
    const original = await partialResult(5, [2, 4]);
    const answer = await world.call('runs:rerunPages', { runId: randomUUID(), resultId: original.id });
    if (!answer.ok) throw new Error(answer.error.message);
    const merged = answer.value;
    expect(merged.id).not.toBe(original.id);
    expect(merged.partial).toBe(false);
    expect(merged.pageCount).toBe(5);
    expect(merged.rerun).toMatchObject({ resultId: original.id, pages: [2, 4] });
    // The answer is the merge's info; its response is on disk.
    expect(((await world.services.workspace.result(merged.id)).response as ParseResponse).metadata.failed_pages).toEqual([]);
    const sent = parseRequests().at(-1)!;
    expect(JSON.parse(sent.fields!.options!)).toEqual({ pages: [2, 4] });
    // The original is kept as it was; the re-run adds exactly one result, the merge (its own answer is not stored).
    const still = await world.services.workspace.result(original.id);
    expect((still.response as ParseResponse).metadata.failed_pages).toEqual([2, 4]);
    expect((await resultsOf(original.documentId)).sort()).toEqual([original.id, merged.id].sort());
    // Read back from disk (validated on read), the merge still says what it is.
    expect((await world.services.workspace.resultInfo(merged.id))?.rerun?.pages).toEqual([2, 4]);
  });

  it('goes as a job when the document is above the job threshold, and merges the job answer', async () => {
    const original = await partialResult(5, [3]);
    await rerunsAsJobs();
    const answer = await world.call('runs:rerunPages', { runId: randomUUID(), resultId: original.id });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(parseRequests().at(-1)!.path).toBe('/v2/parse/jobs');
    expect(JSON.parse(parseRequests().at(-1)!.fields!.options!)).toEqual({ pages: [3] });
    expect(answer.value.partial).toBe(false);
    expect(answer.value.rerun).toMatchObject({ resultId: original.id, pages: [3], jobId: expect.stringMatching(/^parse-/) });
    // The job's answer is stored only merged: one more result, the one the re-run answered with.
    expect((await resultsOf(original.documentId)).sort()).toEqual([original.id, answer.value.id].sort());
    // The job cost what its own answer says, not the merge's sum with the original's credits.
    const record = (await world.services.jobs.records.read(answer.value.rerun!.jobId!))!;
    expect(original.credits).toBeGreaterThan(0);
    expect(record.credits).toBe(answer.value.credits! - original.credits!);
  });

  it('Retry on a re-run job is a re-run again: its answer is stored merged into the same original', async () => {
    const original = await partialResult(5, [3]);
    await rerunsAsJobs();
    const first = await world.call('runs:rerunPages', { runId: randomUUID(), resultId: original.id });
    if (!first.ok) throw new Error(first.error.message);
    const retried = await world.call('jobs:retry', { jobId: first.value.rerun!.jobId! });
    if (!retried.ok) throw new Error(retried.error.message);
    expect(retried.value.request.rerunOf).toEqual({ resultId: original.id, pages: [3] });
    const settled = await world.services.jobs.poller.whenSettled(retried.value.jobId);
    const stored = await world.services.workspace.result(settled.resultId!);
    expect(stored.partial).toBe(false);
    expect(stored.pageCount).toBe(5);
    expect(stored.rerun).toMatchObject({ resultId: original.id, pages: [3], jobId: retried.value.jobId });
  });

  it('a cancel that comes while the job answer is merged stores nothing', async () => {
    const original = await partialResult(5, [3]);
    const runId = randomUUID();
    // The tracker reads the original to merge the answer into it (after the output is fetched, before it is
    // saved): the cancel comes right then, and the read goes on once the abandoned record is written.
    const workspace = world.services.workspace;
    const read = workspace.result.bind(workspace);
    let cancelOnNextRead = false;
    workspace.result = async (id: string) => {
      if (cancelOnNextRead && id === original.id) {
        cancelOnNextRead = false;
        expect((await world.call('runs:cancel', { runId })).ok).toBe(true);
        await waitFor(async () => ((await world.services.jobs.records.read(jobId))?.problem ? true : undefined));
      }
      return read(id);
    };
    const { rerun, jobId } = await slowRerunJob(original, 300, runId);
    cancelOnNextRead = true;
    const answer = await rerun;
    expect(answer.ok).toBe(false);
    const settled = await world.services.jobs.poller.whenSettled(jobId);
    expect(cancelOnNextRead).toBe(false);
    expect(settled.problem?.code).toBe('abandoned_by_user');
    expect(settled.resultId).toBe(null);
    expect(await resultsOf(original.documentId)).toEqual([original.id]);
  });

  it('a re-run job whose original was trashed says to restore it and check again, then merges into it', async () => {
    const original = await partialResult(5, [3]);
    const { rerun, jobId } = await slowRerunJob(original, 300);
    const entry = await world.services.workspace.trashResult(original.id);
    expect((await rerun).ok).toBe(false);
    const stopped = await world.services.jobs.poller.whenSettled(jobId);
    expect(stopped.problem).toMatchObject({ code: 'result_not_found', hint: expect.stringContaining('Restore that result') as unknown });

    await world.services.workspace.restore(entry.id);
    expect((await world.call('jobs:recheck', { jobId })).ok).toBe(true);
    const settled = await waitFor(async () => {
      const record = await world.services.jobs.records.read(jobId);
      return record?.resultId ? record : undefined;
    });
    expect((await world.services.workspace.result(settled.resultId!)).rerun).toMatchObject({ resultId: original.id, pages: [3] });
  });

  it('Cancel while the re-run job runs abandons the job: not followed, off the running jobs, its late answer never stored', async () => {
    const original = await partialResult(5, [3]);
    // The job takes a while at the service: long enough to be cancelled while it runs.
    const runId = randomUUID();
    const { rerun, jobId } = await slowRerunJob(original, 1_500, runId);
    expect((await world.call('runs:cancel', { runId })).ok).toBe(true);
    const answer = await rerun;
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.code).toBe('cancelled');
    const record = (await world.services.jobs.records.read(jobId))!;
    expect(record.problem?.code).toBe('abandoned_by_user');
    // Settled: the Jobs screen shows it not followed, and a restart does not poll it again.
    expect(isSettled(record)).toBe(true);
    // The tracker lets go of it (its poll loop ends on the abandoned record, storing nothing)…
    expect((await world.services.jobs.poller.whenSettled(jobId)).problem?.code).toBe('abandoned_by_user');
    // …and once the service has finished the job after all, its answer is still not stored.
    await waitFor(async () => {
      const state = (await (await fetch(`${env.emulator.url}/__control/state`)).json()) as {
        jobs: Array<{ jobId: string; status: string }>;
      };
      return state.jobs.find((j) => j.jobId === jobId && j.status === 'completed');
    });
    // As after a restart: only open records are followed again, and this one is settled, so nothing polls it.
    expect(await world.services.jobs.resume()).toBe(0);
    expect((await world.services.jobs.poller.whenSettled(jobId)).resultId).toBe(null);
    expect(await resultsOf(original.documentId)).toEqual([original.id]);
  });

  it('keeps a page that fails again failed, and says so', async () => {
    const original = await partialResult(4, [2, 3]);
    await armFault(env.emulator, { fault: { kind: 'failPages', pages: [3] } });
    const answer = await world.call('runs:rerunPages', { runId: randomUUID(), resultId: original.id });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.partial).toBe(true);
    expect(((await world.services.workspace.result(answer.value.id)).response as ParseResponse).metadata.failed_pages).toEqual([3]);
  });

  it('refuses a result without failed pages, sending nothing', async () => {
    const imported = await world.call('documents:import', { name: 'two.pdf', bytes: await pdf(2) });
    if (!imported.ok) throw new Error(imported.error.message);
    const full = await world.call('runs:parse', { engine: 'parse', runId: randomUUID(), documentId: imported.value.id, mode: 'sync' });
    if (!full.ok || !('result' in full.value)) throw new Error('no result');
    const before = parseRequests().length;
    const answer = await world.call('runs:rerunPages', { runId: randomUUID(), resultId: full.value.result.id });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.code).toBe('no_failed_pages');
    expect(parseRequests().length).toBe(before);
  });

  it('refuses an offline-engine result (v2 would parse its pages with another engine), sending nothing', async () => {
    const imported = await world.call('documents:import', { name: 'three.pdf', bytes: await pdf(3) });
    if (!imported.ok) throw new Error(imported.error.message);
    const local = await world.call('runs:parse', { engine: 'local', runId: randomUUID(), documentId: imported.value.id });
    if (!local.ok || !('result' in local.value)) throw new Error('no result');
    const before = parseRequests().length;
    await expect(
      rerunFailedPages(world.services, { runId: randomUUID(), resultId: local.value.result.id }, new AbortController().signal),
    ).rejects.toMatchObject({
      code: 'rerun_not_cloud_parse',
    });
    expect(parseRequests().length).toBe(before);
  });
});
