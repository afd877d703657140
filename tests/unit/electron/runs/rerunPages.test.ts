import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import type { StoredResult } from '../../../../shared/workspace.js';
import { rerunFailedPages } from '../../../../electron/runs/rerunPages.js';
import { armFault, pdf, useEmulator } from '../../../support/emulatorHarness.js';
import { faultsWorld, type FaultsWorld } from '../../../support/faultsWorld.js';

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

async function partialResult(pages: number, failed: number[]): Promise<StoredResult> {
  const imported = await world.call('documents:import', { name: 'five.pdf', bytes: await pdf(pages) });
  if (!imported.ok) throw new Error(imported.error.message);
  await armFault(env.emulator, { fault: { kind: 'failPages', pages: failed } });
  const answer = await world.call('runs:parse', { engine: 'parse', runId: randomUUID(), documentId: imported.value.id, mode: 'sync' });
  if (!answer.ok || !('result' in answer.value)) throw new Error('no result');
  expect(answer.value.result.partial).toBe(true);
  return answer.value.result;
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
    expect((merged.response as ParseResponse).metadata.failed_pages).toEqual([]);
    const sent = parseRequests().at(-1)!;
    expect(JSON.parse(sent.fields!.options!)).toEqual({ pages: [2, 4] });
    // The original is kept as it was; the library lists original, the re-run's own answer and the merge.
    const still = await world.services.workspace.result(original.id);
    expect((still.response as ParseResponse).metadata.failed_pages).toEqual([2, 4]);
    const list = await world.call('library:list', {});
    if (!list.ok) throw new Error(list.error.message);
    const entry = list.value.find((e) => e.document.id === original.documentId)!;
    expect(entry.results).toHaveLength(3);
    expect(entry.results.map((r) => r.id)).toEqual(expect.arrayContaining([original.id, merged.id, merged.rerun!.answerId]));
    // Read back from disk (validated on read), the merge still says what it is.
    expect((await world.services.workspace.resultInfo(merged.id))?.rerun?.pages).toEqual([2, 4]);
  });

  it('goes as a job when the document is above the job threshold, and merges the job answer', async () => {
    const original = await partialResult(5, [3]);
    const set = await world.call('jobs:setSettings', { jobAbovePages: 2 });
    if (!set.ok) throw new Error(set.error.message);
    const answer = await world.call('runs:rerunPages', { runId: randomUUID(), resultId: original.id });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(parseRequests().at(-1)!.path).toBe('/v2/parse/jobs');
    expect(JSON.parse(parseRequests().at(-1)!.fields!.options!)).toEqual({ pages: [3] });
    expect(answer.value.partial).toBe(false);
    expect(answer.value.rerun?.pages).toEqual([3]);
  });

  it('keeps a page that fails again failed, and says so', async () => {
    const original = await partialResult(4, [2, 3]);
    await armFault(env.emulator, { fault: { kind: 'failPages', pages: [3] } });
    const answer = await world.call('runs:rerunPages', { runId: randomUUID(), resultId: original.id });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.partial).toBe(true);
    expect((answer.value.response as ParseResponse).metadata.failed_pages).toEqual([3]);
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
