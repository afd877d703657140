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

/**
 * Architectures offered as suggestions. The contract lists none (v1.training.request): these
 * are the model names of the hosted service's custom training as documented outside the
 * contract, not checked against it, so any other text is sent as typed.
 */
export const ARCHITECTURE_SUGGESTIONS = [
  'RtmDet-[9M]',
  'RepPoints-[20M]',
  'RepPoints-[37M]',
  'ConvNext-[16M]',
  'ConvNext-[29M]',
  'SegFormer-[14M]',
] as const;

export interface NumberRule {
  min: number;
  max: number;
  integer: boolean;
  /** What the value does, shown under the input. */
  help: string;
  /** True when the contract itself sets the bound (a probability); the others are this app's guard rails. */
  fromContract: boolean;
}

/**
 * Every number the form sends, with its bounds and meaning. The contract gives only types
 * (and that `p` is a probability, v1.training.request); other bounds are plain-sense limits
 * so a typo is caught before a training is paid for.
 */
export const NUMBER_RULES: Record<Exclude<TrainingFormField, 'architecture'>, NumberRule> = {
  epochs: {
    min: 1,
    max: 100_000,
    integer: true,
    fromContract: false,
    help: 'Passes over the training images. More can fit better and takes longer.',
  },
  height: {
    min: 1,
    max: 10_000,
    integer: false,
    fromContract: false,
    help: 'Target height in pixels (the contract gives only the name; assumed: images are scaled to fit and padded).',
  },
  width: {
    min: 1,
    max: 10_000,
    integer: false,
    fromContract: false,
    help: 'Target width in pixels (the contract gives only the name; assumed: images are scaled to fit and padded).',
  },
  paddingValue: {
    min: 0,
    max: 255,
    integer: false,
    fromContract: false,
    help: 'Value of the padding (the contract gives only a number; assumed: a pixel value, so 0–255).',
  },
  flipP: {
    min: 0,
    max: 1,
    integer: false,
    fromContract: true,
    help: 'Chance each image is mirrored left–right while training (a probability, 0–1).',
  },
  numberTransforms: {
    min: 1,
    max: 100,
    integer: true,
    fromContract: false,
    help: 'How many random operations are applied to each image (which operations: not in the contract).',
  },
  magnitude: {
    min: 0,
    max: 100,
    integer: false,
    fromContract: false,
    help: 'How strong those operations are (its scale: not in the contract; 0–100 is a plain-sense limit).',
  },
};

/** The bounds as a short phrase for the form ("from 0 to 1", "a whole number from 1 to 100"). */
export function describeBounds(rule: NumberRule): string {
  return `${rule.integer ? 'a whole number' : 'a number'} from ${rule.min} to ${rule.max}`;
}

/** Checks one typed value against its rule: the number, or the message to show beside the input. */
export function checkNumber(raw: string, rule: NumberRule): number | string {
  const text = raw.trim();
  if (text === '') return 'Required.';
  const value = Number(text);
  if (!Number.isFinite(value)) return `"${text}" is not a number.`;
  if (rule.integer && !Number.isInteger(value)) return 'Must be a whole number.';
  if (value < rule.min || value > rule.max) return `Must be from ${rule.min} to ${rule.max}.`;
  return value;
}

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
  const epochs = checkNumber(form.epochs, NUMBER_RULES.epochs);
  if (typeof epochs === 'string') errors['model.hyperParams.epochs'] = epochs;

  const preprocessing: Record<string, unknown>[] = [];
  if (form.rescale) {
    const base = 'transforms.preprocessing.0.rescaleWithPadding';
    Object.assign(paths, { height: `${base}.height`, width: `${base}.width`, paddingValue: `${base}.paddingValue` });
    const height = checkNumber(form.height, NUMBER_RULES.height);
    const width = checkNumber(form.width, NUMBER_RULES.width);
    const paddingValue = checkNumber(form.paddingValue, NUMBER_RULES.paddingValue);
    if (typeof height === 'string') errors[`${base}.height`] = height;
    if (typeof width === 'string') errors[`${base}.width`] = width;
    if (typeof paddingValue === 'string') errors[`${base}.paddingValue`] = paddingValue;
    preprocessing.push({ rescaleWithPadding: { height, width, paddingValue } });
  }
  const augmentations: Record<string, unknown>[] = [];
  if (form.flip) {
    const path = `transforms.augmentations.${augmentations.length}.horizontalFlip.p`;
    paths.flipP = path;
    const p = checkNumber(form.flipP, NUMBER_RULES.flipP);
    if (typeof p === 'string') errors[path] = `${p} It is a probability.`;
    augmentations.push({ horizontalFlip: { p } });
  }
  if (form.randAugment) {
    const base = `transforms.augmentations.${augmentations.length}.randAugment`;
    Object.assign(paths, { numberTransforms: `${base}.numberTransforms`, magnitude: `${base}.magnitude` });
    const numberTransforms = checkNumber(form.numberTransforms, NUMBER_RULES.numberTransforms);
    const magnitude = checkNumber(form.magnitude, NUMBER_RULES.magnitude);
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
