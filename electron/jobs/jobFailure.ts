import type { JobPoll } from '../../shared/contracts/v2Jobs.js';
import type { AppErrorData } from '../../shared/errors.js';

/**
 * What a failed job's poll says went wrong, in the app's error shape: `error {code, message}`
 * (either may be null, the SDK's JobError) or the list envelope's `failure_reason` text.
 */
export function jobFailureOf(poll: Pick<JobPoll, 'error' | 'failure_reason'>): AppErrorData {
  const error = poll.error;
  const message = error?.message || poll.failure_reason || 'The service reported the job as failed, without saying why.';
  // The service may add to its error: the record keeps what the app shows.
  const hint = (error as { hint?: unknown } | null | undefined)?.hint;
  return { code: error?.code || 'job_failed', message, ...(typeof hint === 'string' ? { hint } : {}) };
}
