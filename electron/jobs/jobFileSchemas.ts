/**
 * The parts the files of jobs/, job-intents/ and batches/ share, as they are read back.
 * Optional fields are `exactOptional`: JSON holds no undefined, and the stored types say
 * absent, never undefined. Objects stay loose, so a newer version's fields are kept.
 */
import { z } from 'zod';
import { JOB_SERVICES } from '../../shared/contracts/v2Jobs.js';
import { SERVICE_TIERS } from '../../shared/jobs.js';
import { rerunRequestSchema } from '../workspace/schemas.js';

/** What was asked of the service (JobRequest): a retry sends it again as it is. */
export const jobRequestSchema = z.looseObject({
  service: z.enum(JOB_SERVICES),
  documentId: z.string(),
  sourceResultId: z.string().exactOptional(),
  keyId: z.string().exactOptional(),
  model: z.string().exactOptional(),
  options: z.record(z.string(), z.unknown()).exactOptional(),
  schema: z.record(z.string(), z.unknown()).exactOptional(),
  serviceTier: z.enum(SERVICE_TIERS).exactOptional(),
  outputSaveUrl: z.string().exactOptional(),
  byUrl: z.boolean().exactOptional(),
  rerunOf: rerunRequestSchema.exactOptional(),
});

/** An error as a record keeps it (AppErrorData). */
export const storedErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  hint: z.string().exactOptional(),
  status: z.number().exactOptional(),
  fields: z.record(z.string(), z.string()).exactOptional(),
});

/** The batch document a job or an intent is for. */
export const batchLinkSchema = z.object({ batchId: z.string(), itemId: z.string() });
