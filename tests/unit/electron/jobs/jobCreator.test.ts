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

describe('the job creator', () => {
  it('keeps the output_save_url warnings on the record: session credentials and an unreadable expiry', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(6));
    const { tracker, records } = trackerWith(recordingClock(() => undefined));
    const outputSaveUrl = `${env.emulator.url}/__storage/session.json?X-Amz-Security-Token=FwoGZXIvYXdzEB`;
    const created = await tracker.creator.submit({ service: 'parse', documentId: document.id, outputSaveUrl });
    expect(created.warnings).toEqual([
      expect.stringMatching(/expiry of output_save_url could not be read/),
      expect.stringMatching(/temporary session credentials/),
    ]);
    expect((await records.read(created.jobId))?.warnings).toEqual(created.warnings);
    await tracker.poller.whenSettled(created.jobId);
    expect((await records.read(created.jobId))?.warnings).toEqual(created.warnings); // not lost when the job settles
  });

  it('refuses an output_save_url that expires too soon before anything is sent, naming the window', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(5, 3));
    const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
    const { tracker, records } = trackerWith(recordingClock(() => undefined));
    const outputSaveUrl = `${env.emulator.url}/__storage/x.json?X-Amz-Date=${stamp}&X-Amz-Expires=600`;
    await expect(tracker.creator.submit({ service: 'parse', documentId: document.id, outputSaveUrl })).rejects.toMatchObject({
      code: 'output_save_url_too_short',
      message: expect.stringContaining('15 min 9 s'),
    });
    expect(env.emulator.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await records.list()).toEqual([]);
  });
});
