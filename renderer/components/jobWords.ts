import { endedWithoutResult, isTerminalStatus } from '../../shared/contracts/v2Jobs.js';
import type { JobRecord } from '../../shared/jobs.js';

/**
 * The words every screen uses for what is known of a job and of the service: one place, so
 * the job line, the Jobs screen, a batch and the status bar say the same thing, and none of
 * them shows the service's last word as if it were current.
 */

/** HH:MM, local time. */
export function clockTime(iso: string): string {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

export function unreachableText(since: string): string {
  return `service unreachable since ${clockTime(since)} — retrying`;
}

export function waitingForServiceText(since: string): string {
  return `waiting for the service since ${clockTime(since)}`;
}

type JobFacts = Pick<JobRecord, 'status' | 'resultId' | 'problem' | 'error' | 'unreachableSince' | 'updatedAt'>;

/** A job polling stopped for before the service finished it: its status is a memory, not news. */
export function notFollowed(job: Pick<JobFacts, 'status' | 'problem'>): boolean {
  return job.problem !== null && !isTerminalStatus(job.status);
}

export function lastSeenText(job: Pick<JobFacts, 'status' | 'updatedAt'>): string {
  return `last seen ${job.status} at ${clockTime(job.updatedAt)} — not followed`;
}

/** The state of one job in words (the Review screen's job line). */
export function jobStateText(job: JobFacts): string {
  if (job.resultId) return 'result stored';
  if (endedWithoutResult(job.status)) return `${job.status}: ${job.error?.message ?? ''}`;
  if (notFollowed(job)) return `${lastSeenText(job)}: ${job.problem!.message}`;
  if (job.problem) return `stopped: ${job.problem.message}`;
  if (job.unreachableSince) return unreachableText(job.unreachableSince);
  return job.status;
}

/** The status badge of a Jobs screen row: the service's status, unless it is stale. */
export function statusBadge(row: { status: string; local: Pick<JobFacts, 'problem' | 'resultId' | 'unreachableSince'> | null }): {
  text: string;
  tone: string;
} {
  const local = row.local;
  if (local && notFollowed({ status: row.status, problem: local.problem })) return { text: `last seen ${row.status}`, tone: 'stale' };
  if (local?.unreachableSince && !local.resultId && !local.problem && !endedWithoutResult(row.status))
    return { text: 'unreachable', tone: 'unreachable' };
  return { text: row.status, tone: row.status };
}
