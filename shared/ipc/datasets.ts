/** Request schemas of the datasets / training / snapshots / inference IPC channels. */
import { z } from 'zod';
import { trainingRequestSchema } from '../contracts/v1Datasets.js';
import type { ProjectEntry } from '../datasets/registry.js';
import { keyIdSchema, runIdSchema, trainingIdSchema, v1IdSchema } from './ids.js';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIZE_TEXT } from '../imageFormats.js';

const nameSchema = z.string().max(500);
const mediaIdsSchema = z.array(v1IdSchema).max(1_000_000);
const metadataAppendSchema = z.record(z.string().min(1).max(500), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));
export const MAX_MEDIA_LIST_CHARS = 20 * 1024 * 1024;
export const MAX_INFERENCE_BYTES = 50 * 1024 * 1024;
/**
 * Dropped images go to main in batches (one registry write per batch): at most this many
 * files and bytes, so one image at the limit always fits alone.
 */
export const DROP_BATCH_FILES = 25;
export const DROP_BATCH_BYTES = 64 * 1024 * 1024;

export const datasetsRequests = {
  registry: z.object({}).strict(),
  createProject: z.object({ keyId: keyIdSchema, name: nameSchema }).strict(),
  addProject: z.object({ keyId: keyIdSchema, projectId: v1IdSchema, name: nameSchema.optional() }).strict(),
  forgetProject: z.object({ projectId: v1IdSchema }).strict(),
  setProjectKey: z.object({ projectId: v1IdSchema, keyId: keyIdSchema }).strict(),
  setActive: z.object({ projectId: v1IdSchema, isActive: z.boolean() }).strict(),
  setSettings: z.object({ tagTimeout: z.number().int().nonnegative().max(86_400).nullable() }).strict(),
  /** `keyId`: another v1 key for this request's `apikey` header (tag creation takes its own); the project's key when absent. */
  createTag: z.object({ projectId: v1IdSchema, name: nameSchema, keyId: keyIdSchema.optional() }).strict(),
  renameTag: z.object({ projectId: v1IdSchema, tagId: v1IdSchema, name: nameSchema }).strict(),
  createMetadata: z
    .object({
      projectId: v1IdSchema,
      name: nameSchema,
      allowMultiple: z.boolean(),
      predefinedChoices: z.array(z.string().max(500)).max(10_000),
    })
    .strict(),
  updateMetadata: z
    .object({
      projectId: v1IdSchema,
      metadataId: v1IdSchema,
      name: nameSchema.optional(),
      allowMultiple: z.boolean().optional(),
      predefinedChoicesAppend: z.array(z.string().max(500)).max(10_000).optional(),
      valueFlexible: z.boolean().optional(),
    })
    .strict(),
  importMedia: z
    .object({ projectId: v1IdSchema, fileName: z.string().min(1).max(1000), text: z.string().max(MAX_MEDIA_LIST_CHARS) })
    .strict(),
  addMediaIds: z.object({ projectId: v1IdSchema, text: z.string().max(MAX_MEDIA_LIST_CHARS) }).strict(),
  removeMedia: z.object({ projectId: v1IdSchema, mediaIds: mediaIdsSchema }).strict(),
  thumbnail: z.object({ projectId: v1IdSchema, mediaId: v1IdSchema }).strict(),
  /** A batch of dropped images' bytes (the preview has no paths); main judges each name, size and content. */
  dropImages: z
    .object({
      projectId: v1IdSchema,
      images: z
        .array(
          z
            .object({
              mediaId: v1IdSchema,
              fileName: z.string().min(1).max(255),
              bytes: z.instanceof(Uint8Array).refine((b) => b.length <= MAX_IMAGE_BYTES, `larger than ${MAX_IMAGE_SIZE_TEXT}`),
            })
            .strict(),
        )
        .min(1)
        .max(DROP_BATCH_FILES)
        .refine((list) => list.reduce((n, i) => n + i.bytes.length, 0) <= DROP_BATCH_BYTES, 'batch too large'),
      /** The matching rule the ids came from, saved with the mapping. */
      rule: z
        .object({ kind: z.enum(['name', 'sidecar', 'typed']), pattern: z.string().max(500) })
        .strict()
        .optional(),
    })
    .strict(),
  /** No folder in the app (the native dialog picks it); the typed absolute path in the preview. */
  allowImageFolder: z.object({ folder: z.string().min(1).max(4096).optional() }).strict(),
  forgetImageFolder: z.object({ folder: z.string().min(1).max(4096) }).strict(),
  applyMetadata: z
    .object({
      runId: runIdSchema,
      projectId: v1IdSchema,
      changes: z
        .array(z.object({ metadataAppend: metadataAppendSchema, mediaIds: mediaIdsSchema.min(1) }).strict())
        .min(1)
        .max(10_000),
      batchSize: z.number().int().min(1).max(1000).optional(),
    })
    .strict(),
  applyToAll: z.object({ projectId: v1IdSchema, metadataAppend: metadataAppendSchema, confirmProjectName: z.string().max(500) }).strict(),
  trainingStart: z.object({ projectId: v1IdSchema, request: trainingRequestSchema }).strict(),
  trainingMetrics: z.object({ projectId: v1IdSchema, trainingId: trainingIdSchema }).strict(),
  snapshotExport: z.object({ projectId: v1IdSchema, version: v1IdSchema, retry: z.boolean() }).strict(),
  snapshotChooseFolder: z.object({}).strict(),
  snapshotDownload: z
    .object({
      runId: runIdSchema,
      projectId: v1IdSchema,
      downloadUrl: z.string().url().max(8000),
      folder: z.string().min(1).max(4096),
    })
    .strict(),
  snapshotShowInFolder: z.object({ projectId: v1IdSchema, downloadUrl: z.string().url().max(8000) }).strict(),
  inferenceRun: z
    .object({
      /** Cancelled through `runs:cancel` (Cancel, or leaving the panel). */
      runId: runIdSchema,
      keyId: keyIdSchema,
      /** The project whose endpoint this becomes once it answers. */
      projectId: v1IdSchema.optional(),
      endpointUrl: z.string().min(1).max(8000),
      fileName: z.string().min(1).max(1000),
      bytes: z.instanceof(Uint8Array).refine((b) => b.length <= MAX_INFERENCE_BYTES, 'larger than 50 MB'),
    })
    .strict(),
};

/** null: the user closed the dialog without choosing. */
export interface ChosenFolder {
  folder: string | null;
}

export interface DownloadResult {
  path: string;
  bytes: number;
}

export interface InferenceResult {
  result: unknown;
  mime: string;
  /** The project, with the endpoint remembered, when one was named. */
  project?: ProjectEntry;
}
