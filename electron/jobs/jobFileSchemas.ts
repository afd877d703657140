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

/**
 * An error as a record keeps it (AppErrorData). Older versions stored a service's error as it
 * came, with whatever else the service put in it: a `hint`, `status` or `fields` of another
 * shape is dropped on reading, never the record (or the whole batch file) for it.
 */
export const storedErrorSchema = z.preprocess(
  withoutMisshapenParts,
  z.looseObject({
    code: z.string(),
    message: z.string(),
    hint: z.string().exactOptional(),
    status: z.number().exactOptional(),
    fields: z.record(z.string(), z.string()).exactOptional(),
  }),
);

function withoutMisshapenParts(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const { hint, status, fields, ...rest } = value as Record<string, unknown>;
  const fieldsFit = typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string');
  return {
    ...rest,
    ...(typeof hint === 'string' ? { hint } : {}),
    ...(typeof status === 'number' ? { status } : {}),
    ...(fieldsFit && !Array.isArray(fields) ? { fields } : {}),
  };
}

/** The batch document a job or an intent is for. */
export const batchLinkSchema = z.object({ batchId: z.string(), itemId: z.string() });
