/**
 * The v1 project, dataset and training service (v1.bodies.data-envelope, v1.errors.validation). Successful bodies
 * wrap the result in `data`; validation failures are `{detail: [{loc, msg, type}]}`.
 * Response schemas tolerate additions; request schemas describe what we send.
 */
import { z } from 'zod';

/** `{data: T}` with T's schema; extra envelope fields are kept. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.looseObject({ data: schema });
}

export const projectSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  projectType: z.string(),
  createdAt: z.string(),
  isActive: z.boolean(),
});
export type Project = z.infer<typeof projectSchema>;

export const tagSchema = z.looseObject({
  name: z.string(),
  id: z.number().int(),
  orgId: z.number().int(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  color: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

export const metadataDefinitionSchema = z.looseObject({
  name: z.string(),
  type: z.string(),
  allowMultiple: z.boolean(),
  predefinedChoices: z.array(z.string()),
  id: z.number().int(),
  valueFlexible: z.boolean(),
});
export type MetadataDefinition = z.infer<typeof metadataDefinitionSchema>;

export const imageMetadataEntrySchema = z.looseObject({
  metadata: z.record(z.string(), z.unknown()),
  mediaId: z.number().int(),
});
export type ImageMetadataEntry = z.infer<typeof imageMetadataEntrySchema>;

const scoreSchema = { performance: z.number(), recall: z.number(), precision: z.number() };
export const splitMetricsSchema = z.looseObject({
  name: z.string(),
  classes: z.array(z.looseObject({ id: z.number().int(), ...scoreSchema })),
  metrics: z.array(z.looseObject({ name: z.string(), ...scoreSchema })),
});
export type SplitMetrics = z.infer<typeof splitMetricsSchema>;

export const snapshotExportSchema = z.looseObject({
  downloadExpiresAt: z.string(),
  downloadUrl: z.string(),
  status: z.string(),
});
export type SnapshotExport = z.infer<typeof snapshotExportSchema>;

/** Training request (v1.training.request). Bounds and other operations are not shown, so extra keys pass. */
export const trainingRequestSchema = z.looseObject({
  model: z.looseObject({
    architecture: z.string(),
    hyperParams: z.looseObject({ epochs: z.number().int() }).optional(),
  }),
  transforms: z
    .looseObject({
      preprocessing: z.array(z.record(z.string(), z.unknown())).optional(),
      augmentations: z.array(z.record(z.string(), z.unknown())).optional(),
    })
    .optional(),
});
export type TrainingRequest = z.infer<typeof trainingRequestSchema>;

/** The contract's `{name: string, required}` says the name is required; nothing else is sent. */
export interface CreateTagRequest {
  name: string;
}
export interface CreateMetadataRequest {
  name: string;
  allowMultiple?: boolean;
  predefinedChoices?: string[];
}
export interface UpdateMetadataRequest {
  name?: string;
  allowMultiple?: boolean;
  predefinedChoicesAppend?: string[];
  valueFlexible?: boolean;
}
export interface ImageMetadataRequest {
  metadataAppend: Record<string, unknown>;
  mediaIds?: number[];
  allMedia?: boolean;
}

/** One FastAPI-style validation problem; `loc` starts with where it was (`body`, `query`, `path`). */
export const v1ValidationItemSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type V1ValidationItem = z.infer<typeof v1ValidationItemSchema>;

export const v1ValidationErrorSchema = z.looseObject({ detail: z.array(v1ValidationItemSchema) });
/** Other v1 error bodies are not shown; a plain `{detail: string}` is the common form. */
export const v1MessageErrorSchema = z.looseObject({ detail: z.string() });
