import type { ResultInfo } from '../../shared/result.js';
import { isTerminalStatus } from '../../shared/contracts/v2Jobs.js';
import { AppError, type AppErrorData } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import { isSettled, type JobRecord } from '../../shared/jobs.js';
import { systemClock, type RetryClock, type RetryPolicy } from '../api/retry.js';
import { V2Client, type CheckedPoll } from '../api/v2Client.js';
import type { KeysService } from '../keys/keysService.js';
import type { Logger } from '../core/log.js';
import type { Workspace } from '../workspace/workspace.js';
import { jobFailureOf } from './jobFailure.js';
import { JobAbandoned, JobOutputStore, RESULT_UNREADABLE } from './jobOutputStore.js';
import type { JobRecords } from './jobRecords.js';
import { DEFAULT_POLL_SCHEDULE, pollDelayMs, type PollSchedule } from './pollSchedule.js';
import { isUnreachable, ServiceHealth } from './serviceHealth.js';

export interface JobPollerDeps {
  workspace: Workspace;
  keys: Pick<KeysService, 'credentialFor'>;
  records: JobRecords;
  logger: Logger;
  emit: (event: AppEvent) => void;
  /** Aborted when job tracking stops: every poll and wait ends, and the records stay open to resume. */
  signal: AbortSignal;
  clock?: RetryClock;
  schedule?: PollSchedule;
}

/**
 * One poll waits this long for its answer: a service that accepts connections but does not
 * answer shows as unreachable after this, not after the HTTP layer's minute. Each timeout
 * in a row doubles it (up to a minute): a completed job's large inline result on a slow
 * link still gets through.
 */
const POLL_TIMEOUT_MS = 4_000;
const MAX_POLL_TIMEOUT_MS = 60_000;

/**
 * A poll refused with 429 is sent once more after the service's `Retry-After` (the wait it
 * asked for, not the schedule's next step, which is longer for a job done in its 202); any
 * other failure shows at once: the next poll is its retry.
 */
const POLL_RETRY: Partial<RetryPolicy> = {
  maxAttempts: 2,
  maxTotalMs: 60_000,
  retryStatuses: new Set([429]),
  retryDroppedConnections: false,
};

/**
 * Follows jobs to their end. A job's record is written the moment its 202 arrives (see
 * JobCreator); from then on this polls it, backing off (250 ms ×1.5 up to 4 s), and resumes
 * from the records after a restart; a completed job's output goes to the JobOutputStore. A
 * poll that gets no answer (no connection, a timeout, a 5xx) marks the record
 * `unreachableSince` at once, and the service's origin in `health`; polling goes on from the
 * first step of the schedule, and the next answer clears both. Every record change is written
 * and announced here.
 */
export class JobPoller {
  private readonly clock: RetryClock;
  private readonly schedule: PollSchedule;
  private readonly outputs: JobOutputStore;
  private readonly following = new Map<string, Promise<JobRecord>>();
  /** Last known service status per job, and who wants to hear when the service is done with it. */
  private readonly statuses = new Map<string, string>();
  private readonly serviceDoneListeners = new Map<string, Array<() => void>>();
  /** Who hears every record change (a batch mirrors its jobs' status and reachability). */
  private readonly recordListeners = new Set<(record: JobRecord) => void>();
  /**
   * Jobs the user abandoned: polled no more, their output never stored (see abandon). Each with
   * the write of its abandoned record, which a poll loop ending on it waits for.
   */
  private readonly abandoned = new Map<string, Promise<unknown>>();
  /** Which service origins answer polls now: the status bar's fact. */
  readonly health: ServiceHealth;

  constructor(private readonly deps: JobPollerDeps) {
    this.health = new ServiceHealth(deps.emit);
    this.clock = deps.clock ?? systemClock;
    this.schedule = deps.schedule ?? DEFAULT_POLL_SCHEDULE;
    this.outputs = new JobOutputStore({
      workspace: deps.workspace,
      logger: deps.logger,
      signal: deps.signal,
      isAbandoned: (jobId) => this.abandoned.has(jobId),
    });
  }

  /** Follows every record that is not settled yet; called once at start-up, after the creates a crash left open are settled. */
  async resume(): Promise<number> {
    const open = (await this.deps.records.list()).filter((r) => !isSettled(r));
    for (const record of open) void this.follow(record);
    if (open.length > 0) this.deps.logger.info('jobs resumed', { count: open.length });
    return open.length;
  }

  /** A job whose record was just written by its create: announced, and followed from its first status. */
  adopt(record: JobRecord): void {
    this.noteStatus(record.jobId, record.status);
    this.announce(record);
    void this.follow(record);
  }

  /**
   * The settled record of a job (follows it first if nobody is). `onServiceDone` is called
   * as soon as the service reports the job completed or failed, before its output is
   * stored: a batch frees its slot then, since storing costs the service nothing.
   */
  async whenSettled(jobId: string, onServiceDone?: () => void): Promise<JobRecord> {
    if (onServiceDone) {
      if (isTerminalStatus(this.statuses.get(jobId) ?? '')) onServiceDone();
      else this.serviceDoneListeners.set(jobId, [...(this.serviceDoneListeners.get(jobId) ?? []), onServiceDone]);
    }
    const running = this.following.get(jobId);
    if (running) return running;
    const record = await this.deps.records.read(jobId);
    if (!record) throw new AppError({ code: 'job_not_found', message: `No local record of job ${jobId}.` });
    return this.follow(record);
  }

  /** Polls a record again after a problem stopped it (e.g. a key added back). */
  async recheck(jobId: string): Promise<JobRecord> {
    const record = await this.deps.records.read(jobId);
    if (!record) throw new AppError({ code: 'job_not_found', message: `No local record of job ${jobId}.` });
    this.abandoned.delete(jobId);
    const keyId = await this.keyToPollWith(record.keyId);
    const cleared = record.problem || keyId !== record.keyId ? await this.save({ ...record, keyId, problem: null }) : record;
    // Answers at once; the job's events tell how polling goes.
    this.whenSettled(jobId).catch((error: unknown) => this.deps.logger.warn('recheck failed', { jobId, error: String(error) }));
    return cleared;
  }

  /** A completed job's kept answer was read again and stored (runs/readKeptAnswer.ts): its record now points at the result. */
  async keptResultRead(jobId: string, result: Pick<ResultInfo, 'id' | 'credits' | 'pageCount'>): Promise<JobRecord | null> {
    const record = await this.deps.records.read(jobId);
    if (!record) return null;
    return this.save({ ...record, resultId: result.id, credits: result.credits, pageCount: result.pageCount, problem: null });
  }

  /**
   * The user gave up on a job (Cancel on the run waiting for it). The v2 contract has no way to
   * cancel a job, so it may still finish at the service; here its record says it was abandoned
   * (a problem: settled, so it leaves the running jobs and is not resumed at start), polling
   * stops and its output is never stored. A job whose result is stored already stays as it is.
   * "Check again" on the Jobs screen follows it again: the user asked for it.
   */
  async abandon(jobId: string, message: string): Promise<JobRecord | null> {
    const written = (async () => {
      const record = await this.deps.records.read(jobId);
      if (!record || isSettled(record)) return record;
      this.deps.logger.info('job abandoned by the user', { jobId });
      return this.save({
        ...record,
        problem: { code: ABANDONED, message, hint: 'Its result will not be stored. Press "Check again" to follow it after all.' },
        unreachableSince: null,
      });
    })();
    // Marked before the record is read, so a poll meanwhile stores nothing; the loop waits for this write before it ends.
    this.abandoned.set(
      jobId,
      written.catch(() => undefined),
    );
    return written;
  }

  /** Calls `listener` with every record written from now on; returns the unsubscribe. */
  onRecord(listener: (record: JobRecord) => void): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  /**
   * The job's own key while it exists; once deleted (a key added back gets a new id), the
   * default v2 key: if that key cannot see the job either, the poll says so.
   */
  private async keyToPollWith(keyId: string): Promise<string> {
    try {
      return (await this.deps.keys.credentialFor(['v2'], keyId)).id;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'no_key')) throw error;
      const fallback = await this.deps.keys.credentialFor(['v2']);
      this.deps.logger.info('job moved to the default key', { from: keyId, to: fallback.id });
      return fallback.id;
    }
  }

  private follow(record: JobRecord): Promise<JobRecord> {
    const existing = this.following.get(record.jobId);
    if (existing) return existing;
    this.statuses.set(record.jobId, record.status);
    const run = this.pollUntilSettled(record).finally(() => {
      this.following.delete(record.jobId);
      // Whoever waited for the service hears it now at the latest (settled, or tracking stopped).
      const listeners = this.serviceDoneListeners.get(record.jobId) ?? [];
      this.serviceDoneListeners.delete(record.jobId);
      for (const listener of listeners) listener();
    });
    this.following.set(record.jobId, run);
    return run;
  }

  private async pollUntilSettled(start: JobRecord): Promise<JobRecord> {
    let record = start;
    /** Polls failed in a row for want of the service; its retries start again from the first step. */
    let failures = 0;
    let timeouts = 0;
    for (let n = 0; !isSettled(record); n++) {
      const abandoning = this.abandoned.get(record.jobId);
      if (abandoning) {
        // Its waiters hear the abandoned record, not the one before it.
        await abandoning;
        return (await this.deps.records.read(record.jobId)) ?? record;
      }
      // A job already terminal (e.g. completed in its 202) is fetched at once.
      const step = failures > 0 ? failures - 1 : n;
      const wait = n === 0 && isTerminalStatus(record.status) ? 0 : pollDelayMs(step, this.schedule, this.clock.random());
      try {
        if (wait > 0) await this.clock.sleep(wait, this.deps.signal);
      } catch {
        return record; // tracking is stopping; the record stays open and resumes next start
      }
      try {
        record = await this.pollOnce(record, Math.min(MAX_POLL_TIMEOUT_MS, POLL_TIMEOUT_MS * 2 ** timeouts));
        failures = 0;
        timeouts = 0;
      } catch (error) {
        if (error instanceof JobAbandoned) continue; // the loop's first check reads the abandoned record
        const appError =
          error instanceof AppError ? forJob(error, record.jobId) : new AppError({ code: 'unexpected', message: String(error) });
        if (this.deps.signal.aborted) return record;
        // An envelope that cannot be read says nothing of the job's status: a job not known to be done is polled on, more slowly.
        const unreadPoll = appError.code === 'invalid_response' && !isTerminalStatus(this.statuses.get(record.jobId) ?? record.status);
        if (isPermanent(appError) && !unreadPoll) {
          // The service's last word stands even when its output could not be stored (completed, not readable from here).
          record = await this.save({
            ...record,
            status: this.statuses.get(record.jobId) ?? record.status,
            problem: appError.toData(),
            unreachableSince: null,
          });
          this.deps.logger.warn('job polling stopped', { jobId: record.jobId, code: appError.code });
        } else if (error instanceof PollUnanswered) {
          failures++;
          timeouts = error.failure.code === 'timeout' ? timeouts + 1 : 0;
          record = await this.markUnreachable(record, error, failures === 1);
        } else {
          this.deps.logger.warn('job poll failed; will poll again', { jobId: record.jobId, code: appError.code });
        }
      }
    }
    return record;
  }

  /**
   * The first failure of a run is written and announced at once, so the UI shows it within
   * one poll; the time is the origin's, so every job of one outage says the same. Later
   * failures of the run change nothing.
   */
  private async markUnreachable(record: JobRecord, unanswered: PollUnanswered, first: boolean): Promise<JobRecord> {
    const since = this.health.failed(unanswered.address, new Date(this.clock.now()).toISOString());
    if (!first && record.unreachableSince) return record;
    this.deps.logger.warn('job poll got no answer; polling on', { jobId: record.jobId, code: unanswered.failure.code, since });
    return this.save({ ...record, unreachableSince: since });
  }

  private async pollOnce(record: JobRecord, timeoutMs: number): Promise<JobRecord> {
    const credential = await this.deps.keys.credentialFor(['v2'], record.keyId);
    const client = new V2Client({ credential, retry: { policy: POLL_RETRY, clock: this.clock }, timeoutMs });
    const options = { signal: this.deps.signal };
    let poll: CheckedPoll<unknown>;
    try {
      poll =
        record.service === 'parse' ? await client.getParseJob(record.jobId, options) : await client.getExtractJob(record.jobId, options);
    } catch (error) {
      if (isUnreachable(error) && !this.deps.signal.aborted) throw new PollUnanswered(error as AppError, credential.address);
      // Any other failure (401, 404, 422…) is still an answer: the service is there.
      if (error instanceof AppError && error.status !== undefined) this.health.answered(credential.address);
      throw error;
    }
    this.health.answered(credential.address);
    this.noteStatus(record.jobId, poll.status);
    let next: JobRecord = { ...record, status: poll.status, completedAt: poll.completed_at ?? record.completedAt, unreachableSince: null };
    if (poll.status === 'failed') {
      next.error = jobFailureOf(poll);
    } else if (poll.status === 'cancelled') {
      next.error = cancelledError(record.jobId);
    } else if (poll.status === 'completed') {
      next = { ...next, ...(await this.outputs.store(record, poll, credential.address)) };
    }
    const changed =
      next.status !== record.status || next.resultId !== record.resultId || next.error !== record.error || Boolean(record.unreachableSince);
    return changed ? this.save(next) : record;
  }

  private noteStatus(jobId: string, status: string): void {
    this.statuses.set(jobId, status);
    if (!isTerminalStatus(status)) return;
    const listeners = this.serviceDoneListeners.get(jobId) ?? [];
    this.serviceDoneListeners.delete(jobId);
    for (const listener of listeners) listener();
  }

  private async save(record: JobRecord): Promise<JobRecord> {
    // A poll that was under way when the user abandoned the job never writes over that, unless it
    // stored the result already (the cancel came while it was saved): then the record says where it is.
    if (this.abandoned.has(record.jobId) && record.problem?.code !== ABANDONED && !record.resultId)
      return (await this.deps.records.read(record.jobId)) ?? record;
    const next = { ...record, updatedAt: new Date(this.clock.now()).toISOString() };
    await this.deps.records.write(next.jobId, next);
    this.announce(next);
    return next;
  }

  private announce(record: JobRecord): void {
    this.deps.emit({ type: 'job', job: record });
    for (const listener of this.recordListeners) listener(record);
  }
}

/** The problem code of a job the user abandoned. */
export const ABANDONED = 'abandoned_by_user';

/** A poll the service did not answer (see isUnreachable), with the address it went to. */
class PollUnanswered extends AppError {
  constructor(
    readonly failure: AppError,
    readonly address: string,
  ) {
    super(failure.toData());
  }
}

/** v2.jobs.cancelled-ends-job: a cancelled job ends like a failed one, with its own error. */
function cancelledError(jobId: string): AppErrorData {
  return {
    code: 'job_cancelled',
    message: `The service cancelled job ${jobId}; it has no result.`,
    hint: 'Run the document again to start a new job.',
  };
}

/** Errors that polling again will not fix; other errors (network, 5xx, 429) are polled through. */
function isPermanent(error: AppError): boolean {
  // invalid_job_id: the service answered a create with an id that cannot be put in a poll path; it never will be.
  // response_too_large: the same answer would be too large on every poll.
  // output_unreadable: the output_url answered 401/403/404/410; "Check again" reads it once the user made it readable.
  // result_not_found: a re-run's original is in the trash; "Check again" merges the answer once it is restored.
  if (
    [
      'no_key',
      'wrong_key_kind',
      'invalid_response',
      'no_output',
      RESULT_UNREADABLE,
      'document_trashed',
      'invalid_output_url',
      'output_unreadable',
      'invalid_job_id',
      'invalid_api_key',
      'response_too_large',
      'rerun_not_merged',
      'result_not_found',
    ].includes(error.code)
  )
    return true;
  // output_unreachable (a network failure or 5xx of the output_url) carries the storage's status, not the service's: polled through.
  if (error.code === 'output_unreachable') return false;
  return error.status === 401 || error.status === 403 || error.status === 404 || error.status === 422;
}

/** An answer over the size cap, said for a job: its result is not lost, and can be fetched once the cap allows it. */
function forJob(error: AppError, jobId: string): AppError {
  if (error.code === 'no_key') {
    return new AppError({
      code: error.code,
      message: 'The key this job was sent with is no longer in the keychain, so the job cannot be followed.',
      hint: 'The service still has the job. Add a v2 key of the same account on the Keys screen, then press "Check again" on the Jobs screen to follow it and store its result.',
    });
  }
  if (error.code !== 'response_too_large') return error;
  return new AppError({
    code: error.code,
    message: error.message,
    hint: `Job ${jobId}'s result stays on the service (and at its output_url, if it had one). To read it, raise "network": {"maxResponseMb": …} in settings.json in the data folder, restart Groundwork and use "Check again" on the Jobs screen.`,
  });
}
