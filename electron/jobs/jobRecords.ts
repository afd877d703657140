import { createHash } from 'node:crypto';
import { z } from 'zod';
import { JOB_SERVICES } from '../../shared/contracts/v2Jobs.js';
import { WORKSPACE_ID_CHARACTERS, WORKSPACE_ID_MAX_LENGTH } from '../../shared/ipc/ids.js';
import type { JobRecord } from '../../shared/jobs.js';
import type { Logger } from '../core/log.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import { folderIn } from '../workspace/layout.js';
import { batchLinkSchema, jobRequestSchema, storedErrorSchema } from './jobFileSchemas.js';

const RESULT_ID_PREFIX = 'job-';
/** A job id used as it is: with the prefix, still a workspace id. */
const PLAIN_JOB_ID = new RegExp(`^[${WORKSPACE_ID_CHARACTERS}]{1,${WORKSPACE_ID_MAX_LENGTH - RESULT_ID_PREFIX.length}}$`);

const recordSchema = z.looseObject({
  jobId: z.string().min(1),
  service: z.enum(JOB_SERVICES),
  keyId: z.string(),
  documentId: z.string(),
  documentName: z.string(),
  request: jobRequestSchema,
  createdAt: z.string(),
  status: z.string(),
  completedAt: z.string().nullable(),
  resultId: z.string().nullable(),
  error: storedErrorSchema.nullable(),
  credits: z.number().nullable(),
  pageCount: z.number().nullable(),
  problem: storedErrorSchema.nullable(),
  unreachableSince: z.string().nullable().exactOptional(),
  warnings: z.array(z.string()).exactOptional(),
  batch: batchLinkSchema.exactOptional(),
  intentId: z.string().exactOptional(),
  updatedAt: z.string(),
});

/** Job records by job id. */
export type JobRecords = JsonDirStore<JobRecord>;

/**
 * Job records: `<workspace>/jobs/<file>.json`, one per job. A record is never deleted: it
 * is the app's memory of work the user paid for.
 */
export function jobRecordsIn(workspaceRoot: string, logger: Logger): JobRecords {
  return new JsonDirStore<JobRecord>({
    dir: folderIn(workspaceRoot, 'jobs'),
    schema: recordSchema,
    suffix: '.json',
    keyOf: fileNameFor,
    label: 'job record',
    logger,
    pretty: true,
  });
}

/**
 * A file name (and workspace result id) from a job id. Current ids and most older ones are
 * used as they are; an older id too long for a workspace id is hashed.
 */
export function fileNameFor(jobId: string): string {
  return PLAIN_JOB_ID.test(jobId) ? jobId : `h-${createHash('sha256').update(jobId).digest('hex').slice(0, 40)}`;
}

/** The workspace result id of a job's output: derived from the job id, so storing it twice writes one file. */
export function resultIdForJob(jobId: string): string {
  return `${RESULT_ID_PREFIX}${fileNameFor(jobId)}`;
}
