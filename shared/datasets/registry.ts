/**
 * The local registry of v1 dataset work (`<data>/datasets.json`). The v1 contract has no
 * list or read endpoints (v1.reads.no-list-endpoints), so what was created or added here is remembered
 * here: projects and the key they use, tags, metadata definitions, the media board,
 * training runs with their last metrics, and snapshot exports.
 */
import { z } from 'zod';
import type { AppErrorData } from '../errors.js';
import { metadataDefinitionSchema, snapshotExportSchema, splitMetricsSchema, tagSchema } from '../contracts/v1Datasets.js';

export const mediaItemSchema = z.object({
  mediaId: z.number().int().nonnegative(),
  fileName: z.string().optional(),
  /** An absolute local path to an image, for the thumbnail; main reads it only inside an allowed folder. */
  imagePath: z.string().optional(),
  /** Put on the board by dropping its image, not named by a media list or the service: not proof the project has it. */
  addedByDrop: z.boolean().optional(),
  /** The metadata the service last answered for this media (from apply responses). */
  metadata: z.record(z.string(), z.unknown()),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const trainingRecordSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  request: z.record(z.string(), z.unknown()),
  metrics: z.array(splitMetricsSchema).optional(),
  metricsAt: z.string().optional(),
});
export type TrainingRecord = z.infer<typeof trainingRecordSchema>;

export const exportRecordSchema = snapshotExportSchema.extend({
  version: z.number().int(),
  retry: z.boolean(),
  requestedAt: z.string(),
  downloadedTo: z.string().optional(),
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

export const projectEntrySchema = z.object({
  id: z.number().int().nonnegative(),
  name: z.string(),
  /** The key (from the Keys screen) every call for this project uses. */
  keyId: z.string(),
  origin: z.enum(['created', 'added']),
  addedAt: z.string(),
  projectType: z.string().optional(),
  createdAt: z.string().optional(),
  isActive: z.boolean().optional(),
  tags: z.array(tagSchema),
  metadata: z.array(metadataDefinitionSchema),
  media: z.array(mediaItemSchema),
  trainings: z.array(trainingRecordSchema),
  exports: z.array(exportRecordSchema),
  /** The deployment endpoint of the last inference that answered for this project (checked like every key destination). */
  inferenceEndpoint: z.string().optional(),
  /** How the last images brought in were given media ids: the drop panel starts from it. */
  dropRule: z.object({ kind: z.enum(['name', 'sidecar', 'typed']), pattern: z.string().max(500) }).optional(),
});
export type ProjectEntry = z.infer<typeof projectEntrySchema>;

export const datasetSettingsSchema = z.object({
  /** Tag creation's `timeout` query (v1.tags.timeout): an integer, or null for the service's default (60), left out of the query. */
  tagTimeout: z.number().int().nonnegative().nullable(),
});
export type DatasetSettings = z.infer<typeof datasetSettingsSchema>;

export const datasetsFileSchema = z.looseObject({
  version: z.literal(1),
  projects: z.array(projectEntrySchema),
  settings: datasetSettingsSchema,
  /**
   * Folders the user allowed thumbnails to be read from (links resolved). Kept apart from
   * `settings`, which the renderer writes whole: only main adds to this list.
   */
  imageFolders: z.array(z.string()).optional(),
  /** Where snapshot archives were last saved; only main writes it (a dialog pick, or the typed folder in the preview). */
  downloadFolder: z.string().optional(),
});
export type DatasetsFile = z.infer<typeof datasetsFileSchema>;

export interface DatasetsRegistry {
  projects: ProjectEntry[];
  settings: DatasetSettings;
  imageFolders: string[];
  downloadFolder?: string;
}

export const DEFAULT_DATASET_SETTINGS: DatasetSettings = { tagTimeout: null };

/** A problem in an imported media list: where (1-based line for CSV, item for JSON) and what. */
export interface MediaListProblem {
  line?: number;
  item?: number;
  message: string;
}

export interface MediaImportResult {
  project: ProjectEntry;
  /** Rows read (new and already known). */
  imported: number;
  added: number;
  problems: MediaListProblem[];
}

/** What one apply request appends (the IPC schema checks the same shape). */
export type MetadataAppend = Record<string, string | number | boolean | string[]>;

/** One request of an apply that the service refused or never answered: retried alone. */
export interface FailedPart {
  metadataAppend: MetadataAppend;
  mediaIds: number[];
  error: AppErrorData;
}

/** One dropped image of a batch, in the order sent: stored, or refused with main's reason. */
export interface DropOutcome {
  mediaId: number;
  fileName: string;
  error?: AppErrorData;
}

export interface DropImagesResult {
  project: ProjectEntry;
  outcomes: DropOutcome[];
}

export interface ApplyResult {
  project: ProjectEntry;
  /** Media entries the service answered. */
  updated: number;
  requests: number;
  /** Parts that failed while others were applied (when none was applied, the first error is thrown instead). */
  failed: FailedPart[];
}

export interface Thumbnail {
  mime: string;
  bytes: Uint8Array;
}
