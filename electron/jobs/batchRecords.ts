import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { BATCH_ITEM_STATES, type Batch, type BatchItem } from '../../shared/jobs.js';
import type { Logger } from '../core/log.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import { folderIn } from '../workspace/layout.js';
import { jobRequestSchema, storedErrorSchema } from './jobFileSchemas.js';

const nullableString = z.string().nullable();

/** A document as a new batch holds it: queued, nothing sent yet. */
export function queuedItem(documentId: string, name: string, pages: number | null, itemId: string = randomUUID()): BatchItem {
  return {
    itemId,
    documentId,
    name,
    pages,
    state: 'queued',
    jobId: null,
    jobStatus: null,
    resultId: null,
    credits: null,
    error: null,
    attempts: 0,
    startedAt: null,
    finishedAt: null,
    previousJobIds: [],
  };
}

const itemSchema = z.looseObject({
  itemId: z.string().min(1),
  documentId: z.string(),
  name: z.string(),
  pages: z.number().nullable(),
  state: z.enum(BATCH_ITEM_STATES),
  jobId: nullableString,
  jobStatus: nullableString,
  unreachableSince: nullableString.exactOptional(),
  resultId: nullableString,
  credits: z.number().nullable(),
  error: storedErrorSchema.nullable(),
  attempts: z.number(),
  startedAt: nullableString,
  finishedAt: nullableString,
  previousJobIds: z.array(z.string()),
});

const batchSchema = z.looseObject({
  batchId: z.string().min(1),
  createdAt: z.string(),
  name: z.string(),
  request: jobRequestSchema.omit({ documentId: true, service: true, sourceResultId: true, schema: true }),
  concurrency: z.number(),
  paused: z.boolean(),
  items: z.array(itemSchema),
  updatedAt: z.string(),
});

/** Batches by batch id. */
export type BatchRecords = JsonDirStore<Batch>;

/** Batches on disk: `<workspace>/batches/<batchId>.json`, never deleted by the app. */
export function batchRecordsIn(workspaceRoot: string, logger: Logger): BatchRecords {
  return new JsonDirStore<Batch>({ dir: folderIn(workspaceRoot, 'batches'), schema: batchSchema, suffix: '.json', label: 'batch', logger });
}

/** Every batch on disk, newest first. */
export async function batchesNewestFirst(batches: BatchRecords): Promise<Batch[]> {
  return (await batches.list()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
