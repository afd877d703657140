import { checkJobId, JOB_LIST_PAGE_SIZE, JOB_STATUSES, type JobService, type JobStatus } from '../../../shared/contracts/v2Jobs.js';
import { preflightError } from './preflightError.js';

export interface JobListQuery {
  /** 0-indexed; default 0. */
  page?: number;
  /** 1 to 100; default 10. */
  pageSize?: number;
  status?: JobStatus;
}

/** `page` ≥ 0, `pageSize` 1–100, both integers; `status` one of the four (v2.jobs.list-query). */
export function checkJobListQuery(query: JobListQuery): void {
  if (query.page !== undefined && (!Number.isInteger(query.page) || query.page < 0)) {
    throw preflightError(
      'validation_error',
      'page',
      `page must be a whole number from 0; got ${query.page}.`,
      'Pages of the job list count from 0.',
    );
  }
  const { min, max } = JOB_LIST_PAGE_SIZE;
  if (query.pageSize !== undefined && (!Number.isInteger(query.pageSize) || query.pageSize < min || query.pageSize > max)) {
    throw preflightError(
      'validation_error',
      'pageSize',
      `pageSize must be a whole number from ${min} to ${max}; got ${query.pageSize}.`,
      `Ask for at most ${max} jobs per page.`,
    );
  }
  if (query.status !== undefined && !JOB_STATUSES.includes(query.status)) {
    throw preflightError(
      'validation_error',
      'status',
      `status must be one of ${JOB_STATUSES.join(', ')}; got "${String(query.status)}".`,
      'Leave it unset to list every status.',
    );
  }
}

/** Current-format ids of this service and older ids pass; see OLDER_JOB_ID for what "older" means. */
export function checkJobIdInput(id: string, service: JobService): void {
  const check = checkJobId(id, service);
  if (!check.ok) throw preflightError('invalid_job_id', 'job_id', check.reason, 'Copy the job id from the job list.');
}
