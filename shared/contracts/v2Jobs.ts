/**
 * v2 jobs (v2.jobs.list-row, v2.jobs.create-response, v2.jobs.poll-envelope): list rows, create responses, poll envelopes and
 * the job id rules. Schemas tolerate additions (looseObject) and unknown status values
 * (plain strings), because a real service may add both.
 */
import { z } from 'zod';
import { SERVICE_ID_PATTERN } from '../ipc/ids.js';
import { v2ErrorSchema } from './v2Errors.js';
import { CURRENT_JOB_ID } from './v2Parse.js';

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_SERVICES = ['parse', 'extract'] as const;
export type JobService = (typeof JOB_SERVICES)[number];

export const JOB_LIST_PAGE_SIZE = { min: 1, max: 100, default: 10 } as const;

export { CURRENT_JOB_ID };

/**
 * What the app accepts as an *older* job id (v2.jobs.older-ids: older formats stay accepted
 * indefinitely). The older formats are not shown, so any id that is safe to put in a URL
 * path is taken for one: the service id shape.
 */
export const OLDER_JOB_ID = SERVICE_ID_PATTERN;

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
    reason: `"${shown}" is not a job id: expected ${service}-<26-character ULID> or an older id of letters, digits, "_" and "-".`,
  };
}

const statusSchema = z.string();
const isoOrNull = z.string().nullable();

/** One row of `GET /v2/{parse,extract}/jobs` (v2.jobs.list-row). */
export const jobListRowSchema = z.looseObject({
  job_id: z.string(),
  status: statusSchema,
  created_at: isoOrNull.optional(),
  completed_at: isoOrNull.optional(),
  model_version: z.string().nullable().optional(),
  failure_reason: z.string().nullable().optional(),
});
export type JobListRow = z.infer<typeof jobListRowSchema>;

export const jobListSchema = z.looseObject({
  /** A page holds at most the largest page size; more is a broken answer, not a page to draw. */
  jobs: z.array(jobListRowSchema).max(JOB_LIST_PAGE_SIZE.max),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type JobList = z.infer<typeof jobListSchema>;

/** The 202 of `POST /v2/{parse,extract}/jobs` (v2.jobs.create-response): all three fields required. */
export const jobCreateSchema = z.looseObject({
  // An empty id could be neither polled nor recorded: the answer is refused, not a job silently lost.
  job_id: z.string().min(1),
  status: statusSchema,
  created_at: isoOrNull,
});
export type JobCreated = z.infer<typeof jobCreateSchema>;

/**
 * The poll envelope (v2.jobs.poll-envelope). `result` is the operation's full response; it is checked by
 * the operation's own schema where the client reads it, so here it stays `unknown`.
 */
export const jobPollSchema = z.looseObject({
  job_id: z.string().optional(),
  status: statusSchema,
  created_at: isoOrNull.optional(),
  completed_at: isoOrNull.optional(),
  result: z.unknown().optional(),
  output_url: z.string().nullable().optional(),
  error: v2ErrorSchema.nullable().optional(),
});
export type JobPoll = z.infer<typeof jobPollSchema>;

/** Nothing more will happen to a job in this status (v2.jobs.cancelled-ends-job: `cancelled` included). */
export function isTerminalStatus(status: string): boolean {
  return status === 'completed' || endedWithoutResult(status);
}

/** The job ended and will never have a result: it failed, or the service cancelled it (v2.jobs.cancelled-ends-job). */
export function endedWithoutResult(status: string): boolean {
  return status === 'failed' || status === 'cancelled';
}
