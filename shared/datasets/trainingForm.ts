/**
 * The training form (v1.training.request) → the request body, validated before sending. Field
 * errors are keyed by the same dotted paths the service's `loc` uses
 * (`model.hyperParams.epochs`, `transforms.augmentations.0.horizontalFlip.p`), so a
 * local error and a service error land next to the same input.
 */
import type { TrainingRequest } from '../contracts/v1Datasets.js';

export interface TrainingForm {
  architecture: string;
  epochs: string;
  rescale: boolean;
  height: string;
  width: string;
  paddingValue: string;
  flip: boolean;
  flipP: string;
  randAugment: boolean;
  numberTransforms: string;
  magnitude: string;
}

export const DEFAULT_TRAINING_FORM: TrainingForm = {
  architecture: 'RtmDet-[9M]',
  epochs: '40',
  rescale: true,
  height: '512',
  width: '512',
  paddingValue: '0',
  flip: true,
  flipP: '0.5',
  randAugment: false,
  numberTransforms: '2',
  magnitude: '9',
};

export type TrainingFormField = Exclude<keyof TrainingForm, 'rescale' | 'flip' | 'randAugment'>;

export interface BuiltTraining {
  request: TrainingRequest | null;
  /** Problems keyed by the request path. */
  errors: Record<string, string>;
  /** Which request path each form input fills (augmentation indexes depend on what is on). */
  paths: Partial<Record<TrainingFormField, string>>;
}

export function buildTrainingRequest(form: TrainingForm): BuiltTraining {
  const errors: Record<string, string> = {};
  const paths: BuiltTraining['paths'] = { architecture: 'model.architecture', epochs: 'model.hyperParams.epochs' };
  const architecture = form.architecture.trim();
  if (!architecture) errors['model.architecture'] = 'Give the model architecture.';
  const epochs = integer(form.epochs, 1, 100_000);
  if (typeof epochs === 'string') errors['model.hyperParams.epochs'] = epochs;

  const preprocessing: Record<string, unknown>[] = [];
  if (form.rescale) {
    const base = 'transforms.preprocessing.0.rescaleWithPadding';
    Object.assign(paths, { height: `${base}.height`, width: `${base}.width`, paddingValue: `${base}.paddingValue` });
    const height = number(form.height, 1, 10_000);
    const width = number(form.width, 1, 10_000);
    const paddingValue = number(form.paddingValue, 0, 255);
    if (typeof height === 'string') errors[`${base}.height`] = height;
    if (typeof width === 'string') errors[`${base}.width`] = width;
    if (typeof paddingValue === 'string') errors[`${base}.paddingValue`] = paddingValue;
    preprocessing.push({ rescaleWithPadding: { height, width, paddingValue } });
  }
  const augmentations: Record<string, unknown>[] = [];
  if (form.flip) {
    const path = `transforms.augmentations.${augmentations.length}.horizontalFlip.p`;
    paths.flipP = path;
    const p = number(form.flipP, 0, 1);
    if (typeof p === 'string') errors[path] = `${p} It is a probability.`;
    augmentations.push({ horizontalFlip: { p } });
  }
  if (form.randAugment) {
    const base = `transforms.augmentations.${augmentations.length}.randAugment`;
    Object.assign(paths, { numberTransforms: `${base}.numberTransforms`, magnitude: `${base}.magnitude` });
    const numberTransforms = integer(form.numberTransforms, 1, 100);
    const magnitude = number(form.magnitude, 0, 100);
    if (typeof numberTransforms === 'string') errors[`${base}.numberTransforms`] = numberTransforms;
    if (typeof magnitude === 'string') errors[`${base}.magnitude`] = magnitude;
    augmentations.push({ randAugment: { numberTransforms, magnitude } });
  }
  if (Object.keys(errors).length > 0) return { request: null, errors, paths };
  const transforms = {
    ...(preprocessing.length > 0 ? { preprocessing } : {}),
    ...(augmentations.length > 0 ? { augmentations } : {}),
  };
  return {
    request: {
      model: { architecture, hyperParams: { epochs: epochs as number } },
      ...(Object.keys(transforms).length > 0 ? { transforms } : {}),
    },
    errors,
    paths,
  };
}

function number(raw: string, min: number, max: number): number | string {
  const text = raw.trim();
  if (text === '') return 'Required.';
  const value = Number(text);
  if (!Number.isFinite(value)) return `"${text}" is not a number.`;
  if (value < min || value > max) return `Must be from ${min} to ${max}.`;
  return value;
}

function integer(raw: string, min: number, max: number): number | string {
  const value = number(raw, min, max);
  if (typeof value === 'number' && !Number.isInteger(value)) return 'Must be a whole number.';
  return value;
}
