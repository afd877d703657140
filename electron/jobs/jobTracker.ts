import type { ResultInfo } from '../../shared/workspace.js';
import { KEPT_UNREAD_HINT } from '../runs/keptUnread.js';
import { setMaxListeners } from 'node:events';
import { extractResponseSchema } from '../../shared/contracts/v2Extract.js';
import { completeParseResponse, parseResponseSchema, type WireParseResponse } from '../../shared/contracts/v2Parse.js';
import { isTerminalStatus, type JobCreated } from '../../shared/contracts/v2Jobs.js';
import { AppError, type AppErrorData } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import { isSettled, type JobRecord, type JobRequest, type UnsureSettled } from '../../shared/jobs.js';
import { backoffMs, DEFAULT_RETRY_POLICY, systemClock, type RetryClock, type RetryOptions, type RetryPolicy } from '../api/retry.js';
import { checkJson, UnreadableAnswer } from '../api/responses.js';
import { USER_CALL_POLICY } from '../runs/retryProgress.js';
import { V2Client, type CheckedPoll } from '../api/v2Client.js';
import type { DocumentPasswords } from '../documents/documentPasswords.js';
import type { KeysService } from '../keys/keysService.js';
import type { Logger } from '../core/log.js';
import { mergedRerunResult } from '../runs/rerunMerge.js';
import { summarizeResult } from '../runs/resultSummary.js';
import type { Workspace } from '../workspace/workspace.js';
import { openIntent, sentNameFor, type CreateIntent, type CreateIntents } from './createIntents.js';
import { sendCreate } from './jobInputs.js';
import { jobFailureOf } from './jobFailure.js';
import { resultIdForJob, type JobRecords } from './jobRecords.js';
import { DEFAULT_POLL_SCHEDULE, pollDelayMs, type PollSchedule } from './pollSchedule.js';
import { CreateGate } from './createGate.js';
import { fetchOutput } from './outputUrl.js';
import { reconcileCreate, type Reconciliation } from './reconcileCreate.js';
import { isUnreachable, ServiceHealth } from './serviceHealth.js';
import { schemaKey } from '../rules/rules.js';

export interface JobTrackerDeps {
  workspace: Workspace;
  keys: Pick<KeysService, 'credentialFor'>;
  records: JobRecords;
  intents: CreateIntents;
  logger: Logger;
  emit: (event: AppEvent) => void;
  /** Passwords of the documents that need one: an encrypted document is sent as a decrypted copy. */
  passwords?: DocumentPasswords;
  clock?: RetryClock;
  schedule?: PollSchedule;
}

export interface SubmitOptions {
  /** Retry policy of the create request (a batch passes a clock that frees its slot while waiting). */
  retry?: RetryOptions;
  batch?: { batchId: string; itemId: string };
  signal?: AbortSignal;
  /** Hears the 202's status the moment it arrives, before the record is written. */
  onAccepted?: (status: string) => void;
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

/** Resends of one create after dropped connections, each after the service's job list showed no job for it. */
const MAX_CREATE_RESENDS = 4;

/**
 * The job tracker. Before a create is sent its intent is on disk; the job's record is
 * written the moment its 202 arrives, before the first poll; polling backs off (250 ms ×1.5
 * up to 4 s) and resumes from the records after a restart; a completed job's output is
 * stored in the workspace under an id derived from the job id, so it lands exactly once
 * even if the app dies between saving the result and updating the record. A create whose
 * answer was lost (a dropped connection, or the app stopped mid-send) is settled from the
 * service's job list before anything is sent again (see reconcileCreate.ts). A poll that
 * gets no answer (no connection, a timeout, a 5xx) marks the record `unreachableSince` at
 * once, and the service's origin in `health`; polling goes on from the first step of the
 * schedule, and the next answer clears both.
 */
export class JobTracker {
  private readonly clock: RetryClock;
  private readonly schedule: PollSchedule;
  private readonly following = new Map<string, Promise<JobRecord>>();
  /** Last known service status per job, and who wants to hear when the service is done with it. */
  private readonly statuses = new Map<string, string>();
  private readonly serviceDoneListeners = new Map<string, Array<() => void>>();
  private readonly stopper = new AbortController();
  /** Sends and reconciliations of sibling creates, kept apart (see CreateGate). */
  private readonly gate = new CreateGate();
  /** Jobs whose create answered (or was reconciled) but whose record is not written yet. */
  private readonly claimed = new Set<string>();
  /** Intents of creates being sent, or settled by the user, right now: open, but not unsure. */
  private readonly sending = new Set<string>();
  /** Who hears every record change (a batch mirrors its jobs' status and reachability). */
  private readonly recordListeners = new Set<(record: JobRecord) => void>();
  /**
   * Jobs the user abandoned: polled no more, their output never stored (see abandon). Each with
   * the write of its abandoned record, which a poll loop ending on it waits for.
   */
  private readonly abandoned = new Map<string, Promise<unknown>>();
  /** Which service origins answer polls now: the status bar's fact. */
  readonly health: ServiceHealth;

  constructor(private readonly deps: JobTrackerDeps) {
    this.health = new ServiceHealth(deps.emit);
    this.clock = deps.clock ?? systemClock;
    this.schedule = deps.schedule ?? DEFAULT_POLL_SCHEDULE;
    // Every followed job waits on this one signal; a batch follows more than Node's default of 10.
    setMaxListeners(0, this.stopper.signal);
  }

  /** Creates a job, records it, starts following it; answers with the record as written. */
  async submit(request: JobRequest, options: SubmitOptions = {}): Promise<JobRecord> {
    const credential = await this.deps.keys.credentialFor(['v2'], request.keyId);
    const document = await this.deps.workspace.documentInfo(request.documentId);
    const retry: RetryOptions = { ...options.retry, policy: { ...options.retry?.policy, retryDroppedConnections: false } };
    const createClient = new V2Client({ credential, retry });
    // Its reads settle a dropped create: they wait out refusals as long as a call the user waits on.
    const readClient = new V2Client({ credential, retry: { policy: USER_CALL_POLICY } });
    const intent = await openIntent(
      this.deps.intents,
      {
        request: { ...request, keyId: credential.id },
        keyId: credential.id,
        documentName: document.name,
        sentName: sentNameFor(request, document),
        ...(options.batch ? { batch: options.batch } : {}),
      },
      this.clock.now(),
    );
    let job: JobCreated;
    let warnings: string[];
    this.sending.add(intent.intentId);
    try {
      ({ job, warnings } = await this.createOnce({ create: createClient, read: readClient }, intent, retry, options.signal));
    } catch (error) {
      // An unsure create keeps its intent (with its candidate jobs) for the user; any other failure created nothing.
      if (!(error instanceof AppError && error.code === 'create_unsure')) await this.deps.intents.remove(intent.intentId);
      throw error;
    } finally {
      this.sending.delete(intent.intentId);
    }
    options.onAccepted?.(job.status);
    return this.recordCreated(intent, job, warnings);
  }

  /** Creates whose outcome is unknown (not the ones being sent right now). */
  async unsureCreates(): Promise<CreateIntent[]> {
    return (await this.deps.intents.list()).filter((intent) => !this.sending.has(intent.intentId));
  }

  /**
   * The user's word on an unsure create: `check` asks the service's job list again (the job
   * is adopted if it is found, the create forgotten if the service has none), `forget`
   * drops it (the user found its job), `resend` sends the document again as a new job and
   * then drops it. While one of these runs the create is not unsure, so a second click is
   * refused instead of paying twice. A batch's creates are settled by their batch.
   */
  async settleUnsure(intentId: string, action: 'check' | 'forget' | 'resend'): Promise<UnsureSettled> {
    const notUnsure = () =>
      new AppError({
        code: 'create_not_unsure',
        message: 'That create is settled already, or being settled.',
        hint: 'Refresh the Jobs screen.',
      });
    if (this.sending.has(intentId)) throw notUnsure();
    this.sending.add(intentId); // before any await: a second click finds it taken
    try {
      const intent = (await this.deps.intents.list()).find((i) => i.intentId === intentId);
      if (!intent) throw notUnsure();
      if (intent.batch)
        throw new AppError({
          code: 'create_in_batch',
          message: 'That create belongs to a batch.',
          hint: 'Use the batch\'s "Retry failed and unsure" on the Jobs screen.',
        });
      if (action === 'forget') {
        await this.deps.intents.remove(intentId);
        return { outcome: 'forgotten', job: null };
      }
      if (action === 'resend') {
        try {
          const job = await this.submit(intent.request);
          await this.deps.intents.remove(intentId);
          return { outcome: 'sent', job };
        } catch (error) {
          // Unsure again: the new create's intent stands for the document now. Refused: this one stays, to try again.
          if (error instanceof AppError && error.code === 'create_unsure') await this.deps.intents.remove(intentId);
          throw error;
        }
      }
      return await this.gate.exclusive(gateKey(intent), async () => {
        const known = await this.knownJobIds();
        return this.settleIntent(intent, known);
      });
    } finally {
      this.sending.delete(intentId);
    }
  }

  /** Follows every record that is not settled yet, after settling creates a crash left open; called once at start-up. */
  async resume(): Promise<number> {
    await this.settleOpenIntents();
    const open = (await this.deps.records.list()).filter((r) => !isSettled(r));
    for (const record of open) void this.follow(record);
    if (open.length > 0) this.deps.logger.info('jobs resumed', { count: open.length });
    return open.length;
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

  stop(): void {
    this.stopper.abort();
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

  /** Sends the create; after a dropped connection, resends only when the service has no job for it. */
  private async createOnce(
    clients: { create: V2Client; read: V2Client },
    intent: CreateIntent,
    retry: RetryOptions,
    signal?: AbortSignal,
  ): Promise<{ job: JobCreated; warnings: string[] }> {
    const clock = retry.clock ?? this.clock;
    for (let resends = 0; ; resends++) {
      let dropped: AppError | undefined;
      /** A 2xx the app could not read: the service made a job, so the list is asked and nothing is sent again. */
      let unreadable = false as boolean;
      const outcome = await this.gate.exclusive(gateKey(intent), async () => {
        try {
          const created = await sendCreate(this.deps, clients.create, intent.request, signal ? { signal } : {});
          this.claimed.add(created.job.job_id);
          return { kind: 'created' as const, created };
        } catch (error) {
          unreadable = error instanceof UnreadableAnswer;
          if (!unreadable && !(error instanceof AppError && error.code === 'connection_reset')) throw error;
          this.deps.logger.warn(
            unreadable
              ? 'job create answered unreadably; asking the service for the job'
              : 'job create dropped; asking the service whether it made the job',
            { intentId: intent.intentId },
          );
          dropped = error as AppError;
        }
        return this.reconcileDropped(clients.read, intent, signal);
      });
      if (outcome.kind === 'created') return outcome.created;
      // The job was adopted from the service's list, not from the create's answer: the preflight's
      // output_save_url warnings are not carried over to it (they were shown while the form was typed).
      if (outcome.kind === 'found') return { job: outcome.job, warnings: [] };
      if (outcome.kind === 'ambiguous' || (outcome.kind === 'none' && unreadable)) {
        const candidates = outcome.kind === 'ambiguous' ? outcome.candidates : [];
        await this.deps.intents.write(intent.intentId, { ...intent, candidates });
        throw unsureCreate(candidates, unreadable);
      }
      // Only now, with the service's word that it made no job, may the create fail: nothing was paid for.
      if (resends >= MAX_CREATE_RESENDS) throw dropped!;
      // The same wait, and the same progress, a dropped connection gets from the retry policy (a batch frees its slot meanwhile).
      const delayMs = backoffMs(resends + 1, DEFAULT_RETRY_POLICY, clock.random());
      retry.onRetry?.({ attempt: resends + 1, delayMs, reason: 'connection_reset' });
      await clock.sleep(delayMs, signal);
    }
  }

  /**
   * Jobs this app owns: claimed (answered, record not written yet) or recorded. The claims are
   * read first: a job leaves them only once its record is on disk, so a listing begun after
   * holds it; read after the listing, a record written meanwhile would be in neither.
   */
  private async knownJobIds(): Promise<Set<string>> {
    const claimed = [...this.claimed];
    const recorded = await this.deps.records.list();
    return new Set([...claimed, ...recorded.map((r) => r.jobId)]);
  }

  /** Asks the job list whether a create whose answer was lost made its job; run inside the create's lane. */
  private async reconcileDropped(client: V2Client, intent: CreateIntent, signal?: AbortSignal): Promise<Reconciliation> {
    try {
      const known = await this.knownJobIds();
      const found = await reconcileCreate(client, intent, {
        isKnown: (jobId) => known.has(jobId),
        clock: this.clock,
        ...(signal ? { signal } : {}),
      });
      if (found.kind === 'found') this.claimed.add(found.job.job_id);
      return found;
    } catch (error) {
      // The job list could not be read: the job may exist, so the create stays unsure (its intent kept), never failed.
      this.deps.logger.warn('dropped job create could not be settled', {
        intentId: intent.intentId,
        code: error instanceof AppError ? error.code : 'unexpected',
      });
      return { kind: 'ambiguous', candidates: [] };
    }
  }

  /** Writes the record of a created job (then forgets its intent) and starts following it. */
  private async recordCreated(intent: CreateIntent, job: JobCreated, warnings: string[] = []): Promise<JobRecord> {
    const now = new Date(this.clock.now()).toISOString();
    const record: JobRecord = {
      jobId: job.job_id,
      service: intent.request.service,
      keyId: intent.keyId,
      documentId: intent.request.documentId,
      documentName: intent.documentName,
      request: intent.request,
      createdAt: job.created_at ?? now,
      status: job.status,
      completedAt: null,
      resultId: null,
      error: null,
      credits: null,
      pageCount: null,
      problem: null,
      ...(warnings.length > 0 ? { warnings } : {}),
      ...(intent.batch ? { batch: intent.batch } : {}),
      intentId: intent.intentId,
      updatedAt: now,
    };
    // Written before anything else happens to the job: from here on it cannot be forgotten.
    await this.deps.records.write(record.jobId, record);
    this.claimed.delete(record.jobId);
    await this.deps.intents.remove(intent.intentId);
    this.noteStatus(record.jobId, record.status);
    this.deps.logger.info('job created', { jobId: record.jobId, service: record.service });
    this.announce(record);
    void this.follow(record);
    return record;
  }

  /**
   * Creates a crash left open: an intent whose record exists is done; otherwise the
   * service's job list says whether the job exists (record it), does not (forget it: a
   * batch sends the document again), or cannot be told apart (kept, with its candidates).
   */
  private async settleOpenIntents(): Promise<void> {
    const intents = await this.deps.intents.list();
    if (intents.length === 0) return;
    const records = await this.deps.records.list();
    const recorded = new Set(records.map((r) => r.intentId));
    const known = new Set(records.map((r) => r.jobId));
    for (const intent of intents) {
      if (recorded.has(intent.intentId)) {
        await this.deps.intents.remove(intent.intentId);
        continue;
      }
      try {
        await this.settleIntent(intent, known);
      } catch (error) {
        // Offline, or the key is gone: the intent stays, and is reported as unsure.
        this.deps.logger.warn('interrupted job create could not be settled', {
          intentId: intent.intentId,
          code: error instanceof AppError ? error.code : 'unexpected',
        });
      }
    }
  }

  /** Asks the service's job list about one open create; `known` holds the job ids already recorded. */
  private async settleIntent(older: CreateIntent, known: Set<string>): Promise<UnsureSettled> {
    const intent = older.sentName !== undefined ? older : { ...older, sentName: await this.derivedSentName(older.request) };
    const client = new V2Client({ credential: await this.deps.keys.credentialFor(['v2'], intent.keyId) });
    const outcome = await reconcileCreate(client, intent, {
      isKnown: (jobId) => known.has(jobId),
      clock: this.clock,
      signal: this.stopper.signal,
    });
    this.deps.logger.info('interrupted job create settled', { intentId: intent.intentId, outcome: outcome.kind });
    if (outcome.kind === 'found') {
      known.add(outcome.job.job_id);
      return { outcome: 'found', job: await this.recordCreated(intent, outcome.job) };
    }
    if (outcome.kind === 'none') await this.deps.intents.remove(intent.intentId);
    else await this.deps.intents.write(intent.intentId, { ...intent, candidates: outcome.candidates });
    // The Jobs screen may be showing this create (settling at start-up can take a minute).
    this.deps.emit({ type: 'intent', intentId: intent.intentId });
    return { outcome: outcome.kind === 'none' ? 'no_job' : 'still_unsure', job: null };
  }

  /** An intent written before `sentName` was kept: named as its create was sent; null once its document is gone. */
  private async derivedSentName(request: JobRequest): Promise<string | null> {
    try {
      return sentNameFor(request, await this.deps.workspace.documentInfo(request.documentId));
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  private follow(record: JobRecord): Promise<JobRecord> {
    const existing = this.following.get(record.jobId);
    if (existing) return existing;
    this.statuses.set(record.jobId, record.status);
    const run = this.pollUntilSettled(record).finally(() => {
      this.following.delete(record.jobId);
      // Whoever waited for the service hears it now at the latest (settled, or the tracker stopped).
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
        if (wait > 0) await this.clock.sleep(wait, this.stopper.signal);
      } catch {
        return record; // the tracker is stopping; the record stays open and resumes next start
      }
      try {
        record = await this.pollOnce(record, Math.min(MAX_POLL_TIMEOUT_MS, POLL_TIMEOUT_MS * 2 ** timeouts));
        failures = 0;
        timeouts = 0;
      } catch (error) {
        if (error instanceof JobAbandoned) continue; // the loop's first check reads the abandoned record
        const appError =
          error instanceof AppError ? forJob(error, record.jobId) : new AppError({ code: 'unexpected', message: String(error) });
        if (this.stopper.signal.aborted) return record;
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
    const options = { signal: this.stopper.signal };
    let poll: CheckedPoll<unknown>;
    try {
      poll =
        record.service === 'parse' ? await client.getParseJob(record.jobId, options) : await client.getExtractJob(record.jobId, options);
    } catch (error) {
      if (isUnreachable(error) && !this.stopper.signal.aborted) throw new PollUnanswered(error as AppError, credential.address);
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
      next = { ...next, ...(await this.storeOutput(record, poll, credential.address)) };
    }
    const changed =
      next.status !== record.status || next.resultId !== record.resultId || next.error !== record.error || Boolean(record.unreachableSince);
    return changed ? this.save(next) : record;
  }

  /** Stores a completed job's output once; a second call finds the result already there. */
  private async storeOutput(
    record: JobRecord,
    poll: CheckedPoll<unknown>,
    keyAddress: string,
  ): Promise<Pick<JobRecord, 'resultId' | 'credits' | 'pageCount'>> {
    const resultId = resultIdForJob(record.jobId);
    const existing = await this.deps.workspace.resultInfo(resultId);
    // A re-run's stored merge counts the original's credits too: the job's own are what its record says, if anything.
    if (existing) return { resultId, credits: record.request.rerunOf ? record.credits : existing.credits, pageCount: existing.pageCount };
    if (this.abandoned.has(record.jobId)) throw new JobAbandoned();
    // Checked before the output is fetched: a deleted document would fail every poll's save.
    if (!(await this.deps.workspace.hasDocument(record.documentId))) {
      throw new AppError({
        code: 'document_trashed',
        message: `Job ${record.jobId} completed, but its document was deleted meanwhile, so its result was not stored.`,
        hint: 'Restore the document from the library\'s trash, then press "Check again" on the Jobs screen: the job\'s result is fetched again.',
      });
    }

    const response =
      poll.result ?? (poll.output_url ? await fetchOutput(poll.output_url, { keyAddress, signal: this.stopper.signal }) : null);
    if (response === null || response === undefined) {
      throw new AppError({
        code: 'no_output',
        message: `Job ${record.jobId} completed without a result or output_url.`,
        hint: "The service did not deliver this job's output; retry it as a new job from the Jobs screen.",
      });
    }
    // A result inside the poll was checked as the poll was read (half a second for a 1,000-page result, blocking every job of a batch); one from output_url is checked here.
    const unreadable = poll.result !== null ? poll.unreadable : unreadableResult(record.service, response);
    if (unreadable !== undefined) throw await this.keptUnread(record, response, unreadable);
    const stored =
      record.service === 'parse' ? await this.saveParse(record, resultId, response) : await this.saveExtract(record, resultId, response);
    this.deps.logger.info('job result stored', { jobId: record.jobId, resultId });
    // A re-run's merge adds the original's credits to its own: the job cost only what its answer says.
    const credits = record.request.rerunOf ? summarizeResult('parse', response).credits : stored.credits;
    return { resultId, credits, pageCount: stored.pageCount };
  }

  /** Checked again just before a result is saved: a cancel may come while the output is fetched or merged. */
  private notAbandoned(record: JobRecord): void {
    if (this.abandoned.has(record.jobId)) throw new JobAbandoned();
  }

  /**
   * A completed job's result this version cannot read (v2.answers.kept-unread): the service billed it, so it is kept as
   * it arrived (quarantine/, under the job's result id) and the job stops with a problem saying
   * where; the Jobs screen shows it and reads it again.
   */
  private async keptUnread(record: JobRecord, response: unknown, reason: string): Promise<AppError> {
    this.notAbandoned(record);
    const text = serialisable(response);
    if (text === null) {
      // Nested past what a stack can write back out: it stays on the service (and at its output_url) to be fetched again.
      return new AppError({
        code: RESULT_UNREADABLE,
        message: `Job ${record.jobId} completed, but its result cannot be read (${reason}) nor kept here: it is nested too deeply to write back out.`,
        hint: 'The result stays on the service. Press "Check again" on the Jobs screen after an update of Groundwork that reads it.',
      });
    }
    const kept = await this.deps.workspace.quarantine.keep({
      id: resultIdForJob(record.jobId),
      documentId: record.documentId,
      kind: record.service,
      jobId: record.jobId,
      ...(record.request.sourceResultId ? { sourceResultId: record.request.sourceResultId } : {}),
      reason,
      text,
    });
    this.deps.logger.warn('job result kept unread', { jobId: record.jobId, quarantineId: kept.id });
    return new AppError({
      code: RESULT_UNREADABLE,
      message: `Job ${record.jobId} completed, but this version of Groundwork cannot read its result: ${reason} The answer is kept as it arrived.`,
      hint: KEPT_UNREAD_HINT,
    });
  }

  private async saveParse(record: JobRecord, resultId: string, checked: unknown) {
    const response = completeParseResponse(checked as WireParseResponse);
    // An encrypted document is only ever sent as a decrypted copy (see documentForUpload).
    const document = await this.deps.workspace.documentInfo(record.documentId);
    const rerunOf = record.request.rerunOf;
    if (rerunOf) {
      const merged = await mergedRerunResult(this.deps.workspace, rerunOf, response, {
        jobId: record.jobId,
        decryptedCopy: document.encrypted === true,
      }).catch((error: unknown) => {
        // The original gone (trashed): not permanent, it can be restored and the job's answer fetched again.
        if (error instanceof AppError && error.code === 'result_not_found') {
          throw new AppError({
            code: 'result_not_found',
            message: `Re-run job ${record.jobId} completed, but result ${rerunOf.resultId}, whose pages it re-ran, is not in the workspace any more.`,
            hint: 'Restore that result from the library\'s trash, then press "Check again" on the Jobs screen: the job\'s answer is merged into it then.',
          });
        }
        throw new AppError({
          code: 'rerun_not_merged',
          message: `Re-run job ${record.jobId} completed, but its pages could not be merged into result ${rerunOf.resultId}: ${error instanceof Error ? error.message : String(error)}`,
          hint: 'The original result is unchanged. Re-run its failed pages again from the result.',
        });
      });
      this.notAbandoned(record);
      return this.deps.workspace.saveResult({ ...merged, id: resultId });
    }
    this.notAbandoned(record);
    return this.deps.workspace.saveResult({
      id: resultId,
      documentId: record.documentId,
      kind: 'parse',
      engine: 'parse',
      ...summarizeResult('parse', response),
      ...(document.encrypted ? { decryptedCopy: true } : {}),
      response,
    });
  }

  private async saveExtract(record: JobRecord, resultId: string, response: unknown) {
    const source = record.request.sourceResultId ? await this.deps.workspace.result(record.request.sourceResultId).catch(() => null) : null;
    this.notAbandoned(record);
    return this.deps.workspace.saveResult({
      id: resultId,
      documentId: record.documentId,
      kind: 'extract',
      engine: 'extract',
      ...summarizeResult('extract', response, { pageCount: source?.pageCount ?? null }),
      ...(record.request.sourceResultId ? { sourceResultId: record.request.sourceResultId } : {}),
      ...(record.request.schema ? { schemaKey: schemaKey(record.request.schema) } : {}),
      response,
    });
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

/** Creates whose jobs reconciliation could confuse: a parse names its document; extract results name none. */
function gateKey(intent: CreateIntent): string {
  // By the name the upload goes under, which is what reconciliation compares: "scan" (a PNG) and "scan.png" both go as scan.png.
  return intent.request.service === 'parse' ? `parse:${intent.sentName ?? intent.documentName}` : 'extract';
}

function unsureCreate(candidates: string[], unreadable = false): AppError {
  const cause = unreadable
    ? "The service accepted the job, but its answer could not be read (so the job's id is not known)"
    : 'The connection dropped while the job was being created';
  return new AppError({
    code: 'create_unsure',
    message:
      candidates.length === 0
        ? `${cause}, and the service's job list ${unreadable ? 'does not show which job it is yet' : 'could not be read to see whether it made it'}.`
        : `${cause}, and the service has ${candidates.length === 1 ? 'a job' : 'jobs'} that may be this one (${candidates.join(', ')}).`,
    hint: 'Open the Jobs screen to check; send the document again only if none of them is its job.',
  });
}

/** The problem code of a completed job whose result was kept unread (quarantine/). */
export const RESULT_UNREADABLE = 'result_unreadable';

/** The answer as JSON text, or null when it is nested too deeply for JSON.stringify's stack. */
function serialisable(value: unknown): string | null {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Why a result from an output_url cannot be read, or undefined when it can. */
function unreadableResult(service: JobRecord['service'], response: unknown): string | undefined {
  try {
    if (service === 'parse') checkJson(response, parseResponseSchema, 'parse job result');
    else checkJson(response, extractResponseSchema, 'extract job result');
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** The problem code of a job the user abandoned. */
export const ABANDONED = 'abandoned_by_user';

/** Thrown where a poll would go on with a job the user abandoned meanwhile. */
class JobAbandoned extends Error {}

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
