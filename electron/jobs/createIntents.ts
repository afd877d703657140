import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { JobRequest } from '../../shared/jobs.js';
import type { DocumentInfo } from '../../shared/document.js';
import { sentName } from '../api/preflight/documentInput.js';
import type { Logger } from '../core/log.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import { folderIn } from '../workspace/layout.js';
import { batchLinkSchema, jobRequestSchema } from './jobFileSchemas.js';

/**
 * A job create the app is about to send. It is on disk before the request leaves and is
 * removed once the job's record is written (or the service refused the create), so after a
 * crash an intent still on disk names exactly the creates whose outcome is unknown: the
 * service may or may not have a job for them, and only the service's job list can tell.
 * Its removal is not synced: if a crash loses it, start-up finds the intent again and
 * settles it from the job records.
 */
export interface CreateIntent {
  intentId: string;
  request: JobRequest;
  keyId: string;
  documentName: string;
  /**
   * The name the service knows the document by (`metadata.filename` of its result), which is
   * how a dropped create finds its job; null when it cannot be foreseen (and for extract, whose
   * results name no document). Absent in intents written before it was kept.
   */
  sentName?: string | null;
  batch?: { batchId: string; itemId: string };
  /** When the intent was written (the app's clock); the job, if any, was created after this. */
  writtenAt: string;
  /** Server jobs that could be this create's, when they could not be told apart. */
  candidates?: string[];
}

const intentSchema = z.looseObject({
  intentId: z.string().min(1),
  request: jobRequestSchema,
  keyId: z.string(),
  documentName: z.string(),
  sentName: z.string().nullable().exactOptional(),
  batch: batchLinkSchema.exactOptional(),
  writtenAt: z.string(),
  candidates: z.array(z.string()).exactOptional(),
});

/** Create intents by intent id. */
export type CreateIntents = JsonDirStore<CreateIntent>;

/** `<workspace>/job-intents/<intentId>.json`. */
export function createIntentsIn(workspaceRoot: string, logger: Logger): CreateIntents {
  return new JsonDirStore<CreateIntent>({
    dir: folderIn(workspaceRoot, 'jobIntents'),
    schema: intentSchema,
    suffix: '.json',
    label: 'job intent',
    logger,
  });
}

/** Writes a new intent; durable when it resolves, and only then may the create be sent. */
export async function openIntent(
  intents: CreateIntents,
  fields: Omit<CreateIntent, 'intentId' | 'writtenAt'>,
  now: number,
): Promise<CreateIntent> {
  const intent: CreateIntent = { intentId: randomUUID(), ...fields, writtenAt: new Date(now).toISOString() };
  await intents.write(intent.intentId, intent);
  return intent;
}

/** The name the service will know a create's document by (see CreateIntent.sentName): the one rule the sending follows. */
export function sentNameFor(request: JobRequest, document: DocumentInfo): string | null {
  if (request.service !== 'parse') return null;
  if (!request.byUrl) return sentName(document);
  return document.sourceUrl ? sentName(document, document.sourceUrl) : null;
}
