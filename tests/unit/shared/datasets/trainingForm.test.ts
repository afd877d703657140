import { describe, expect, it } from 'vitest';
import {
  ARCHITECTURE_SUGGESTIONS,
  buildTrainingRequest,
  checkNumber,
  DEFAULT_TRAINING_FORM,
  describeBounds,
  NUMBER_RULES,
} from '../../../../shared/datasets/trainingForm.js';

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

describe('training transform bounds', () => {
  it('accepts each bound itself and refuses just past it, field by field', () => {
    for (const [name, rule] of Object.entries(NUMBER_RULES)) {
      expect(checkNumber(String(rule.min), rule), name).toBe(rule.min);
      expect(checkNumber(String(rule.max), rule), name).toBe(rule.max);
      const step = rule.integer ? 1 : 0.001;
      expect(checkNumber(String(rule.min - step), rule), name).toBe(`Must be from ${rule.min} to ${rule.max}.`);
      expect(checkNumber(String(rule.max + step), rule), name).toBe(`Must be from ${rule.min} to ${rule.max}.`);
    }
  });

  it('the flip probability, a probability in the contract (v1.training.request), is refused outside 0–1 at its request path', () => {
    const path = 'transforms.augmentations.0.horizontalFlip.p';
    for (const p of ['0', '1', '0.25']) expect(buildTrainingRequest({ ...DEFAULT_TRAINING_FORM, flipP: p }).errors, p).toEqual({});
    for (const p of ['1.01', '-0.01', '2'])
      expect(buildTrainingRequest({ ...DEFAULT_TRAINING_FORM, flipP: p }).errors, p).toEqual({
        [path]: 'Must be from 0 to 1. It is a probability.',
      });
  });

  it('whole numbers where the contract says integer; words, blanks and fractions are named', () => {
    expect(checkNumber('2.5', NUMBER_RULES.numberTransforms)).toBe('Must be a whole number.');
    expect(checkNumber('2.5', NUMBER_RULES.magnitude)).toBe(2.5);
    expect(checkNumber(' ', NUMBER_RULES.epochs)).toBe('Required.');
    expect(checkNumber('ten', NUMBER_RULES.epochs)).toBe('"ten" is not a number.');
    expect(describeBounds(NUMBER_RULES.epochs)).toBe('a whole number from 1 to 100000');
    expect(describeBounds(NUMBER_RULES.flipP)).toBe('a number from 0 to 1');
  });

  it('a padding value past 255 is refused at its request path; any architecture text passes', () => {
    const built = buildTrainingRequest({ ...DEFAULT_TRAINING_FORM, paddingValue: '256', architecture: 'MyOwnNet-[1M]' });
    expect(built.request).toBeNull();
    expect(built.errors).toEqual({ 'transforms.preprocessing.0.rescaleWithPadding.paddingValue': 'Must be from 0 to 255.' });
    expect(buildTrainingRequest({ ...DEFAULT_TRAINING_FORM, architecture: 'MyOwnNet-[1M]' }).request?.model).toMatchObject({
      architecture: 'MyOwnNet-[1M]',
    });
    expect(ARCHITECTURE_SUGGESTIONS).toContain(DEFAULT_TRAINING_FORM.architecture);
  });
});
