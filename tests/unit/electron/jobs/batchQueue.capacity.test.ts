import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkParseInput } from '../../../../electron/api/preflight/parsePreflight.js';
import { armFault, KEYS, presignedStorageUrl, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';

// The service takes 2 document requests at a time (a third gets 429) and each create takes a while.
const CREATE = { method: 'POST', path: '/v2/parse/jobs' };
const env = useEmulator({
  timings: { pendingMs: 0, processingMs: 0 },
  maxConcurrent: 2,
  requestLogSize: 10_000,
  faults: [{ fault: { kind: 'latency', ms: 60 }, match: CREATE }],
});

let world: JobsWorld;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
  await world.settings.update((s) => ({
    next: { ...s, jobs: { jobAbovePages: 20, jobAboveMb: 20, batchConcurrency: 2, pageWarningLimit: 500 } },
    result: null,
  }));
  await world.jobs.start();
});
afterEach(() => world.close());

const creates = () => env.emulator.requests.filter((r) => r.method === CREATE.method && r.path === CREATE.path);

async function addDocuments(count: number, pages: (i: number) => number = () => 1): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await world.workspace.addDocument(`doc-${i}.pdf`, await numberedPdf(i, pages(i)))).id);
  return ids;
}

describe('a batch at the service capacity', () => {
  it('lets a refused document wait out its Retry-After while the others are created, and never passes the concurrency', async () => {
    const ids = await addDocuments(6);
    await armFault(env.emulator, { fault: { kind: 'status', status: 429, retryAfter: '0.5' }, match: CREATE });

    const created = await world.jobs.batches.create(ids, {});
    const batch = await world.jobs.batches.whenIdle(created.batchId);

    expect(batch.items.map((i) => i.state)).toEqual(Array(6).fill('done'));
    const log = creates();
    // Only the armed refusal: no create ever found the service's 2 slots taken.
    expect(log.filter((r) => r.status === 429)).toHaveLength(1);
    const refused = log[0]!;
    expect(refused.status).toBe(429);
    const again = batch.items.filter((i) => i.attempts === 2);
    expect(again).toHaveLength(1);
    const retry = log.find((r) => r.status === 202 && r.fields?.document === `<file ${again[0]!.name}>`)!;
    expect(Date.parse(retry.at) - Date.parse(refused.at)).toBeGreaterThanOrEqual(500);
    // Meanwhile its slot went to documents not sent yet.
    const between = log.slice(log.indexOf(refused) + 1, log.indexOf(retry));
    expect(between.filter((r) => r.status === 202).length).toBeGreaterThanOrEqual(1);
    // One create accepted per document.
    expect(
      log
        .filter((r) => r.status === 202)
        .map((r) => r.fields?.document)
        .sort(),
    ).toEqual(batch.items.map((i) => `<file ${i.name}>`).sort());
  });

  it('takes page counts from the library: a document is read once, to upload it', async () => {
    const ids = await addDocuments(3, (i) => i + 1);
    const reads = vi.spyOn(world.workspace, 'documentBytes');

    expect(await world.jobs.batches.estimate(ids)).toMatchObject({ documents: 3, pages: 6, unknownPages: 0 });
    expect(reads).not.toHaveBeenCalled();
    const created = await world.jobs.batches.create(ids, {});
    expect(created.items.map((i) => i.pages)).toEqual([1, 2, 3]);
    const batch = await world.jobs.batches.whenIdle(created.batchId);

    expect(batch.items.map((i) => i.state)).toEqual(['done', 'done', 'done']);
    expect(reads.mock.calls.map(([id]) => id).sort()).toEqual([...ids].sort());
  });

  it('checks a create against the page count stored at import, without counting the pages again', async () => {
    const bytes = await numberedPdf(1); // one page; the library says 40
    // 15 minutes plus 3 s per page: 950 s is enough for one page, not for 40.
    const outputSaveUrl = presignedStorageUrl(env.emulator, 'out.json', 950);
    const counted = await checkParseInput({ document: { bytes, filename: 'a.pdf' }, output_save_url: outputSaveUrl });
    expect(counted.pageCount).toBe(1);
    await expect(
      checkParseInput({ document: { bytes, filename: 'a.pdf', pageCount: 40 }, output_save_url: outputSaveUrl }),
    ).rejects.toMatchObject({ code: 'output_save_url_too_short' });
  });
});
