import { describe, expect, it } from 'vitest';
import { caught, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

describe('training and metrics', () => {
  it('starts a training, keeps its id with the project, and stores its metrics', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Train');
    await ds.projects.createTag(id, 'scratch');
    await ds.projects.createTag(id, 'dent');
    const started = await ds.training.startTraining(id, {
      model: { architecture: 'RtmDet-[9M]', hyperParams: { epochs: 5 } },
      transforms: {
        preprocessing: [{ rescaleWithPadding: { height: 256, width: 256, paddingValue: 0 } }],
        augmentations: [{ horizontalFlip: { p: 0.5 } }, { randAugment: { numberTransforms: 2, magnitude: 9 } }],
      },
    });
    const trainingId = started.trainings[0]!.id;
    expect(trainingId).toMatch(/^[0-9a-f-]{36}$/);
    const withMetrics = await ds.training.trainingMetrics(id, trainingId);
    const metrics = withMetrics.trainings[0]!.metrics!;
    expect(metrics.map((s) => s.name)).toEqual(['train', 'dev', 'test']);
    expect(metrics[0]!.classes.map((c) => c.id).sort()).toEqual(started.tags.map((t) => t.id).sort());
  });

  it('maps training validation errors to the request paths', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Train');
    await ds.projects.createTag(id, 'scratch');
    const error = await caught(
      ds.training.startTraining(id, {
        model: { architecture: 'x', hyperParams: { epochs: 0 } },
        transforms: { augmentations: [{ randAugment: {} }, { horizontalFlip: { p: 3 } }] },
      }),
    );
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['model.hyperParams.epochs', 'transforms.augmentations.1.horizontalFlip.p']);
  });
});
