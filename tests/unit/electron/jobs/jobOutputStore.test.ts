import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RetryClock } from '../../../../electron/api/retry.js';
import { recordingClock } from './recordingClock.js';
import { trackingWith } from './trackingWith.js';
import { KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';

const env = useEmulator({ timings: { pendingMs: 60, processingMs: 120 } });
let world: JobsWorld;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
});
afterEach(() => world.close());

const trackerWith = (clock: RetryClock) => trackingWith(world, env.emulator.url, clock);

const resultFiles = async () =>
  (await readdir(join(world.dataDir, 'workspace', 'results')).catch(() => [] as string[])).filter((f) => f.endsWith('.info.json'));

describe('the job output store', () => {
  it('stores a result exactly once when the app died after saving it but before updating the record', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(2));
    const { records, tracker } = trackerWith(recordingClock(() => undefined));
    const created = await tracker.creator.submit({ service: 'parse', documentId: document.id });
    const settled = await tracker.poller.whenSettled(created.jobId);
    // The crash: the record on disk still says "processing" with no result, the result file exists.
    await records.write(settled.jobId, { ...settled, status: 'processing', resultId: null });
    const restarted = trackerWith(recordingClock(() => undefined));
    expect(await restarted.tracker.resume()).toBe(1);
    const again = await restarted.tracker.poller.whenSettled(created.jobId);
    expect(again.resultId).toBe(settled.resultId);
    expect(await resultFiles()).toHaveLength(1);
  });

  it('fetches the document from output_url when the job delivered to output_save_url', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(4));
    const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
    const outputSaveUrl = `${env.emulator.url}/__storage/out.json?X-Amz-Date=${stamp}&X-Amz-Expires=7200`;
    const { tracker } = trackerWith(recordingClock(() => undefined));
    const settled = await tracker.poller.whenSettled(
      (await tracker.creator.submit({ service: 'parse', documentId: document.id, outputSaveUrl })).jobId,
    );
    expect(settled.status).toBe('completed');
    expect((await world.workspace.result(settled.resultId!)).response).toMatchObject({ markdown: expect.any(String) });
  });
});
