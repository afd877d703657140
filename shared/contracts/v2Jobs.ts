/**
 * v2 jobs (v2.jobs.list-row, v2.jobs.create-response, v2.jobs.poll-envelope): list rows, create responses, poll envelopes and
 * the job id rules. Schemas tolerate additions (looseObject) and unknown status values
 * (plain strings), because a real service may add both.
 */
import { z } from 'zod';
import { JOB_ID_PATTERN } from '../ipc/ids.js';
import { v2ErrorSchema } from './v2Errors.js';
import { timestampSchema, toIsoTimestamp } from './timestamps.js';
import { CURRENT_JOB_ID } from './v2Parse.js';

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_SERVICES = ['parse', 'extract'] as const;
export type JobService = (typeof JOB_SERVICES)[number];

export const JOB_LIST_PAGE_SIZE = { min: 1, max: 100, default: 10 } as const;

export { CURRENT_JOB_ID };

/** What the app accepts as an *older* job id (v2.jobs.older-ids): see JOB_ID_PATTERN. */
export const OLDER_JOB_ID = JOB_ID_PATTERN;

export type JobIdCheck = { ok: true; format: 'current' | 'older' } | { ok: false; reason: string };

/**
 * Checks a job id before it goes into a poll path. A current-format id of the other
 * service is refused: it cannot exist under this path.
 */
export function checkJobId(id: string, service: JobService): JobIdCheck {
  const current = CURRENT_JOB_ID.exec(id);
  const shown = id.length > 60 ? `${id.slice(0, 60)}…` : id;
  if (current) {
    if (current[1] !== service) {
      return { ok: false, reason: `"${shown}" is a ${current[1]} job id, not a ${service} job id.` };
    }
    return { ok: true, format: 'current' };
  }
  if (OLDER_JOB_ID.test(id)) return { ok: true, format: 'older' };
  return {
    ok: false,
    reason: `"${shown}" is not a job id: expected ${service}-<26-character ULID> or an older id of up to 256 characters without "/" or control characters.`,
  };
}

const statusSchema = z.string();
const optionalText = z.string().nullable().optional();

/**
 * Envelopes are read into zod's output (timestamps made ISO text, nulls kept as null), not
 * kept verbatim: only a poll's `result` is stored, and it passes through untouched.
 */

/** One row of `GET /v2/{parse,extract}/jobs` (v2.jobs.list-row). */
export const jobListRowSchema = z.looseObject({
  job_id: z.string(),
  status: statusSchema,
  created_at: timestampSchema,
  completed_at: timestampSchema,
  model_version: optionalText,
  failure_reason: optionalText,
});
export type JobListRow = z.infer<typeof jobListRowSchema>;

/** `page`/`page_size` may be null or absent (the SDK's JobList: parse listings send `org_id` instead); the caller knows what it asked for. */
export const jobListSchema = z.looseObject({
  /** A page holds at most the largest page size; more is a broken answer, not a page to draw. */
  jobs: z.array(jobListRowSchema).max(JOB_LIST_PAGE_SIZE.max),
  page: z.number().int().nullable().optional(),
  page_size: z.number().int().nullable().optional(),
  org_id: optionalText,
  has_more: z.boolean(),
});
export type JobList = z.infer<typeof jobListSchema>;

/** The 202 of `POST /v2/{parse,extract}/jobs` (v2.jobs.create-response). */
export const jobCreateSchema = z.looseObject({
  // An empty id could be neither polled nor recorded: the answer is refused (and the create reconciled), not a job silently lost.
  job_id: z.string().min(1),
  status: statusSchema,
  created_at: timestampSchema,
});
export type JobCreated = z.infer<typeof jobCreateSchema>;

/**
 * The poll envelope (v2.jobs.poll-envelope), as the SDK's `_normalize` reads it: `result`
 * (older servers: `data`), `created_at` (older: `received_at`), `error {code, message}` or a
 * `failure_reason`, `progress`, and the receipt `metadata` beside an `output_url`. `result`
 * is the operation's full response, checked by the operation's own schema where the client
 * reads it, so here it stays `unknown` (and the very value that arrived).
 */
export const jobPollSchema = z
  .looseObject({
    job_id: optionalText,
    status: statusSchema,
    created_at: z.unknown().optional(),
    received_at: z.unknown().optional(),
    completed_at: timestampSchema,
    result: z.unknown().optional(),
    data: z.unknown().optional(),
    output_url: optionalText,
    progress: z.number().nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
    error: v2ErrorSchema.nullable().optional(),
    failure_reason: optionalText,
  })
  .transform(({ created_at, received_at, result, data, ...rest }) => ({
    ...rest,
    created_at: toIsoTimestamp(created_at ?? received_at),
    result: result ?? data ?? null,
  }));
export type JobPoll = z.infer<typeof jobPollSchema>;

/** Nothing more will happen to a job in this status (v2.jobs.cancelled-ends-job: `cancelled` included). */
export function isTerminalStatus(status: string): boolean {
  return status === 'completed' || endedWithoutResult(status);
}

/** The job ended and will never have a result: it failed, or the service cancelled it (v2.jobs.cancelled-ends-job). */
export function endedWithoutResult(status: string): boolean {
  return status === 'failed' || status === 'cancelled';
}
