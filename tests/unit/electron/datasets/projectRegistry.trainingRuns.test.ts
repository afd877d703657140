import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatasets } from '../../../../electron/datasets/datasets.js';
import { createLogger } from '../../../../electron/core/log.js';
import { Notices } from '../../../../electron/core/notices.js';
import { trainingState } from '../../../../shared/datasets/metricsPolling.js';
import { useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

const setDelay = (ms: number) =>
  fetch(`${holder.emulator.url}/__control/training/metricsDelay`, { method: 'POST', body: JSON.stringify({ ms }) });

describe('training runs kept in the registry', () => {
  it('a started run survives a restart and stays waiting while the service answers no metrics (v1.training.metrics-pending)', async () => {
    await setDelay(60_000);
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Runs');
    await ds.projects.createTag(id, 'scratch');
    const started = await ds.training.startTraining(id, { model: { architecture: 'RtmDet-[9M]', hyperParams: { epochs: 3 } } });
    const run = started.trainings[0]!;
    expect(Date.parse(run.startedAt)).not.toBeNaN();

    // A second service on the same data folder is the app after a restart.
    const restarted = createDatasets({
      dataDir: ds.dataDir,
      keys: { credential: () => Promise.reject(new Error('not needed')) },
      logger: createLogger(null, { console: false }),
      notices: new Notices(),
      emit: () => undefined,
    });
    const kept = (await restarted.projects.registry()).projects.find((p) => p.id === id)!.trainings;
    expect(kept).toEqual([run]);
    expect(trainingState(kept[0]!)).toBe('waiting');

    // Still training: the service answers no metrics, and the run stays waiting.
    const early = await ds.training.trainingMetrics(id, run.id);
    expect(early.trainings[0]!.metrics).toEqual([]);
    expect(trainingState(early.trainings[0]!)).toBe('waiting');

    // Asked again with the same empty answer: datasets.json is not rewritten (each write is a new file renamed over it).
    const file = join(ds.dataDir, 'datasets.json');
    const before = (await stat(file)).ino;
    await ds.training.trainingMetrics(id, run.id);
    expect((await stat(file)).ino).toBe(before);
  });

  it('metrics of a run started with no delay are there at once', async () => {
    await setDelay(0);
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Now');
    await ds.projects.createTag(id, 'dent');
    const started = await ds.training.startTraining(id, { model: { architecture: 'x', hyperParams: { epochs: 1 } } });
    const done = await ds.training.trainingMetrics(id, started.trainings[0]!.id);
    expect(trainingState(done.trainings[0]!)).toBe('ready');
    expect((await ds.projects.registry()).projects[0]!.trainings[0]!.metrics).toHaveLength(3);
  });

  it('the emulator refuses a delay that is not a whole number of milliseconds', async () => {
    expect((await setDelay(-1)).status).toBe(400);
    expect(
      await (
        await fetch(`${holder.emulator.url}/__control/training/metricsDelay`, { method: 'POST', body: '{"ms":"5"}' })
      ).status,
    ).toBe(400);
  });
});
