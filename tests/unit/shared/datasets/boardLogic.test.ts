import { describe, expect, it } from 'vitest';
import { addPending, batches, pendingByMedia, removePending } from '../../../../shared/datasets/pending.js';
import { findPredictions } from '../../../../shared/datasets/predictions.js';
import { buildTrainingRequest, DEFAULT_TRAINING_FORM } from '../../../../shared/datasets/trainingForm.js';

describe('pending changes', () => {
  it('merges drops on the same value and moves media between values of a single-valued metadata', () => {
    let changes = addPending([], 'color', 'red', [3, 1], false);
    changes = addPending(changes, 'color', 'red', [2], false);
    expect(changes).toEqual([{ name: 'color', value: 'red', mediaIds: [1, 2, 3] }]);
    changes = addPending(changes, 'color', 'blue', [2, 3], false);
    expect(changes).toEqual([
      { name: 'color', value: 'red', mediaIds: [1] },
      { name: 'color', value: 'blue', mediaIds: [2, 3] },
    ]);
    changes = addPending(changes, 'size', 'big', [1], false);
    expect(pendingByMedia(changes).get(1)).toEqual([
      { name: 'color', value: 'red' },
      { name: 'size', value: 'big' },
    ]);
    expect(removePending(changes, 'color', 'blue', 2)).toContainEqual({ name: 'color', value: 'blue', mediaIds: [3] });
    expect(removePending(changes, 'color', 'red')).not.toContainEqual(expect.objectContaining({ value: 'red' }));
  });

  it('keeps several values when the metadata allows multiple', () => {
    const changes = addPending(addPending([], 'tags', 'a', [1], true), 'tags', 'b', [1], true);
    expect(changes).toHaveLength(2);
  });

  it('batches', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('training form', () => {
  it('builds the training request body (v1.training.request)', () => {
    const built = buildTrainingRequest({ ...DEFAULT_TRAINING_FORM, randAugment: true });
    expect(built.errors).toEqual({});
    expect(built.request).toEqual({
      model: { architecture: 'RtmDet-[9M]', hyperParams: { epochs: 40 } },
      transforms: {
        preprocessing: [{ rescaleWithPadding: { height: 512, width: 512, paddingValue: 0 } }],
        augmentations: [{ horizontalFlip: { p: 0.5 } }, { randAugment: { numberTransforms: 2, magnitude: 9 } }],
      },
    });
  });

  it('keys errors by the service paths, with augmentation indexes that follow what is on', () => {
    const built = buildTrainingRequest({
      ...DEFAULT_TRAINING_FORM,
      architecture: ' ',
      epochs: '2.5',
      flip: false,
      randAugment: true,
      numberTransforms: 'x',
      rescale: false,
    });
    expect(built.request).toBeNull();
    expect(Object.keys(built.errors).sort()).toEqual([
      'model.architecture',
      'model.hyperParams.epochs',
      'transforms.augmentations.0.randAugment.numberTransforms',
    ]);
    expect(built.paths.numberTransforms).toBe('transforms.augmentations.0.randAugment.numberTransforms');
    expect(buildTrainingRequest({ ...DEFAULT_TRAINING_FORM, flipP: '1.5' }).errors).toEqual({
      'transforms.augmentations.0.horizontalFlip.p': expect.stringMatching(/0 to 1/),
    });
  });
});

describe('predictions in an inference result', () => {
  it('finds a classification label', () => {
    expect(findPredictions({ type: 'ClassificationPrediction', predictions: { labelName: 'ok', labelIndex: 0, score: 0.9 } })).toEqual([
      { label: 'ok', score: 0.9, box: null, normalized: false, path: 'predictions' },
    ]);
  });

  it('finds boxes in pixel and fraction forms', () => {
    const found = findPredictions({
      backbonepredictions: { a: { labelName: 'dent', score: 0.8, coordinates: { xmin: 10, ymin: 20, xmax: 50, ymax: 60 } } },
      more: [
        { label: 'scratch', bbox: [0.1, 0.1, 0.5, 0.4] },
        { class: 'x', box: { x: 1, y: 2, width: 3, height: 4 } },
      ],
    });
    expect(found.map((p) => [p.label, p.box, p.normalized])).toEqual([
      ['dent', { xmin: 10, ymin: 20, xmax: 50, ymax: 60 }, false],
      ['scratch', { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.4 }, true],
      ['x', { xmin: 1, ymin: 2, xmax: 4, ymax: 6 }, false],
    ]);
  });
});
