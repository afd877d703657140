/** Request schemas and answers of the queues:* channels: review queues over many documents, kept in the workspace. */
import { z } from 'zod';
import { batchIdSchema, workspaceIdSchema } from './ids.js';
import { ruleSchemaSchema } from './rules.js';

/**
 * What a queue is made of. The library does not record the folder a document was opened
 * from, so there is no folder kind: a batch made from a folder is that folder.
 * - `unreviewed`: documents whose latest extraction has a field without a decision;
 * - `attention`: those with a field under the confidence threshold or a failing rule;
 * - `all`: every document with an extraction;
 * - `batch`: the documents of one batch;
 * - `listed`: the documents the library's filter showed when the queue was made.
 */
export const QUEUE_KINDS = ['unreviewed', 'attention', 'all', 'batch', 'listed'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/** One document of a queue and the extraction to review on it (its latest when the queue was made). */
export interface QueueItem {
  documentId: string;
  extractionId: string;
  /** The document's name when the queue was made, to say which one was deleted. */
  name: string;
  /** The extraction's fields (a stored result never changes). */
  fields: number;
  /** Its fields with a decision, as of when the reviewer was last on it (or the queue was made). */
  decided: number;
}

/** A queue as stored: `queues/<id>.json`. */
export interface ReviewQueue {
  id: string;
  kind: QueueKind;
  /** What the queue was made from, in words: "Not yet reviewed", "Batch “March”", "Listed: name contains “acme”". */
  label: string;
  createdAt: string;
  updatedAt: string;
  items: QueueItem[];
  /** The item being reviewed (an index into `items`). */
  position: number;
  /** Set when the reviewer ends the queue: it is no longer offered to resume. */
  closedAt: string | null;
}

/** An item as the queue shows it now: whether its document or extraction is gone (then `decided` is 0). */
export interface QueueItemState extends QueueItem {
  gone: boolean;
}

/** A queue with the state of each of its items, as `queues:get`, `queues:create` and `queues:move` answer. */
export interface QueueView extends Omit<ReviewQueue, 'items'> {
  items: QueueItemState[];
  /** Documents the queue would have held that have no extraction to review: left out when it was made. */
  leftOut?: number;
  /** For `attention`, when made: documents held because their scores could not be read (their result model is missing or damaged). */
  unscored?: number;
}

/** An open queue as offered to resume: "Resume queue: 3 of 12". */
export interface QueueSummary {
  id: string;
  label: string;
  position: number;
  count: number;
  updatedAt: string;
}

/** The most documents a `listed` queue names. */
export const MAX_LISTED_QUEUE_DOCUMENTS = 10_000;

export const queuesRequests = {
  create: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('unreviewed') }).strict(),
    z
      .object({
        kind: z.literal('attention'),
        /** The Fields panel's threshold: a field whose weakest word scores under it is low confidence. */
        threshold: z.number().min(0).max(1),
        /** The schema in the Fields panel: its stored rules run on each extraction (the extraction does not keep its schema). */
        schema: ruleSchemaSchema.optional(),
      })
      .strict(),
    z.object({ kind: z.literal('all') }).strict(),
    z.object({ kind: z.literal('batch'), batchId: batchIdSchema }).strict(),
    z
      .object({
        kind: z.literal('listed'),
        documentIds: z.array(workspaceIdSchema).min(1).max(MAX_LISTED_QUEUE_DOCUMENTS),
        /** The filter text that listed them, for the queue's label. */
        filter: z.string().max(200),
      })
      .strict(),
  ]),
  list: z.object({}).strict(),
  get: z.object({ queueId: workspaceIdSchema }).strict(),
  move: z.object({ queueId: workspaceIdSchema, position: z.number().int().min(0) }).strict(),
  close: z.object({ queueId: workspaceIdSchema }).strict(),
};

export type RequestOfCreate = z.output<typeof queuesRequests.create>;
