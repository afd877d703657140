import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIntentsIn } from '../../../../electron/jobs/createIntents.js';
import { jobRecordsIn, resultIdForJob } from '../../../../electron/jobs/jobRecords.js';
import { JobTracker, RESULT_UNREADABLE } from '../../../../electron/jobs/jobTracker.js';
import { createLogger } from '../../../../electron/core/log.js';
import { readKeptAnswer } from '../../../../electron/runs/readKeptAnswer.js';
import { armFault, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';
import { recordingClock } from './recordingClock.js';

// Answers of a job the app cannot read (v2.jobs.poll-envelope, v2.answers.kept-unread): polled on, or kept.

const env = useEmulator({ timings: { pendingMs: 60, processingMs: 120 } });
let world: JobsWorld;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
});
afterEach(() => world.close());

const logger = createLogger(null, { console: false });

function tracker(): JobTracker {
  const keys = {
    credentialFor: async () => ({ id: 'k1', kind: 'v2' as const, address: env.emulator.url, secret: KEYS.v2, inferenceOrigins: [] }),
  };
  return new JobTracker({
    workspace: world.workspace,
    keys,
    records: jobRecordsIn(world.workspace.root, logger),
    intents: createIntentsIn(world.workspace.root, logger),
    logger,
    emit: () => undefined,
    clock: recordingClock(async () => undefined),
  });
}

describe('a job whose answers the app cannot read', () => {
  it('is polled on when a poll cannot be read (it says nothing of the job), and its result stored once one can', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(1, 1));
    const jobs = tracker();
    const created = await jobs.submit({ service: 'parse', documentId: document.id });
    await armFault(env.emulator, {
      fault: { kind: 'body', status: 200, body: { state: 'working' } },
      match: { method: 'GET', path: '/v2/parse/jobs/' },
      times: 2,
    });
    const settled = await jobs.whenSettled(created.jobId);
    expect(settled).toMatchObject({ status: 'completed', problem: null, resultId: resultIdForJob(created.jobId) });
    jobs.stop();
  });

  it('keeps a completed job’s unreadable result as it arrived, stops with result_unreadable, and is refused again while still unreadable', async () => {
    const document = await world.workspace.addDocument('b.pdf', await numberedPdf(1, 1));
    const jobs = tracker();
    const created = await jobs.submit({ service: 'parse', documentId: document.id });
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
    const settled = await jobs.whenSettled(created.jobId);
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
