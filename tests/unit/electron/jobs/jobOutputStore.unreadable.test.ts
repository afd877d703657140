import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESULT_UNREADABLE } from '../../../../electron/jobs/jobOutputStore.js';
import { readKeptAnswer } from '../../../../electron/runs/readKeptAnswer.js';
import { armFault, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';
import { recordingClock } from './recordingClock.js';
import { trackingWith } from './trackingWith.js';

// A completed job's answer the app cannot read (v2.answers.kept-unread): kept as it arrived.

const env = useEmulator({ timings: { pendingMs: 60, processingMs: 120 } });
let world: JobsWorld;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
});
afterEach(() => world.close());

const tracker = () =>
  trackingWith(
    world,
    env.emulator.url,
    recordingClock(async () => undefined),
  ).tracker;

describe('a completed job whose answer the app cannot read', () => {
  it('keeps a completed job’s unreadable result as it arrived, stops with result_unreadable, and is refused again while still unreadable', async () => {
    const document = await world.workspace.addDocument('b.pdf', await numberedPdf(1, 1));
    const jobs = tracker();
    const created = await jobs.creator.submit({ service: 'parse', documentId: document.id });
    const unreadable = { markdown: 5, metadata: {}, structure: { type: 'document', children: [] } };
    await armFault(env.emulator, {
      fault: {
        kind: 'body',
        status: 200,
        body: { job_id: created.jobId, status: 'completed', created_at: 1_796_666_400, completed_at: null, result: unreadable },
      },
      match: { method: 'GET', path: '/v2/parse/jobs/' },
      times: 50,
    });
    const settled = await jobs.poller.whenSettled(created.jobId);
    expect(settled).toMatchObject({ status: 'completed', resultId: null, problem: { code: RESULT_UNREADABLE } });

    const [kept] = await world.workspace.quarantine.list();
    expect(kept).toMatchObject({ documentId: document.id, kind: 'parse', jobId: created.jobId, resultId: null });
    const file = join(world.workspace.root, 'quarantine', `${kept!.id}.answer`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(unreadable);

    const adopted: string[] = [];
    const onJobResult = async (jobId: string) => adopted.push(jobId);
    await expect(readKeptAnswer(world.workspace, kept!.id, onJobResult)).rejects.toMatchObject({ code: 'unknown_result_shape' });
    expect(adopted).toEqual([]);
    expect((await world.workspace.quarantine.entry(kept!.id)).resultId).toBeNull();
    jobs.stop();
  });
});
