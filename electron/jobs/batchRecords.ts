import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Batch, BatchItem } from '../../shared/jobs.js';
import type { Logger } from '../log.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import { folderIn } from '../workspace/layout.js';

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
  state: z.string(),
  jobId: nullableString,
  jobStatus: nullableString,
  unreachableSince: nullableString.optional(),
  resultId: nullableString,
  credits: z.number().nullable(),
  error: z.looseObject({ code: z.string(), message: z.string() }).nullable(),
  attempts: z.number(),
  startedAt: nullableString,
  finishedAt: nullableString,
  previousJobIds: z.array(z.string()),
});

const batchSchema = z.looseObject({
  batchId: z.string().min(1),
  createdAt: z.string(),
  name: z.string(),
  request: z.looseObject({}),
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
