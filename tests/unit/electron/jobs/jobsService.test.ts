import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_JOB_SETTINGS } from '../../../../shared/jobs.js';
import { KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';

const env = useEmulator({ timings: { pendingMs: 20, processingMs: 40 } });
let world: JobsWorld;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
});
afterEach(() => world.close());

describe('the jobs as the Jobs screen asks for them', () => {
  it('a job started here: its record, in the local list, in the service list joined with it, its detail and its result', async () => {
    const document = await world.workspace.addDocument('a.pdf', await numberedPdf(1, 2));
    const created = await world.jobs.create({ service: 'parse', documentId: document.id });
    await world.jobs.poller.whenSettled(created.jobId);

    expect(await world.jobs.get(created.jobId)).toMatchObject({ jobId: created.jobId, documentId: document.id, status: 'completed' });
    expect((await world.jobs.local()).rows.map((row) => row.jobId)).toEqual([created.jobId]);
    const listed = await world.jobs.list({ service: 'parse', page: 0, pageSize: 10 });
    expect(listed.rows.find((row) => row.jobId === created.jobId)?.local).toMatchObject({ documentId: document.id, documentName: 'a.pdf' });
    expect(await world.jobs.detail('parse', created.jobId)).toMatchObject({
      row: { jobId: created.jobId, status: 'completed' },
      pageCount: 2,
    });
    expect((await world.jobs.resultFile('parse', created.jobId)).text).toContain('"markdown"');
  });

  it('a job not started here has no record: null, not an error', async () => {
    expect(await world.jobs.get('parse-01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBeNull();
  });

  it('reads the job settings, the defaults until some are saved', async () => {
    expect(await world.jobs.settings()).toEqual(DEFAULT_JOB_SETTINGS);
    await world.jobs.setSettings({ batchConcurrency: 2 });
    expect(await world.jobs.settings()).toEqual({ ...DEFAULT_JOB_SETTINGS, batchConcurrency: 2 });
  });
});
