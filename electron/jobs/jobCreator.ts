import type { JobCreated } from '../../shared/contracts/v2Jobs.js';
import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import type { JobRecord, JobRequest, UnsureSettled } from '../../shared/jobs.js';
import { backoffMs, DEFAULT_RETRY_POLICY, systemClock, type RetryClock, type RetryOptions } from '../api/retry.js';
import { UnreadableAnswer } from '../api/responses.js';
import { V2Client } from '../api/v2Client.js';
import type { DocumentPasswords } from '../documents/documentPasswords.js';
import type { KeysService } from '../keys/keysService.js';
import type { Logger } from '../core/log.js';
import { USER_CALL_POLICY } from '../runs/retryProgress.js';
import type { Workspace } from '../workspace/workspace.js';
import { CreateGate } from './createGate.js';
import { openIntent, sentNameFor, type CreateIntent, type CreateIntents } from './createIntents.js';
import { sendCreate } from './jobInputs.js';
import type { JobPoller } from './jobPoller.js';
import type { JobRecords } from './jobRecords.js';
import { reconcileCreate, type Reconciliation } from './reconcileCreate.js';

export interface JobCreatorDeps {
  workspace: Workspace;
  keys: Pick<KeysService, 'credentialFor'>;
  records: JobRecords;
  intents: CreateIntents;
  logger: Logger;
  emit: (event: AppEvent) => void;
  /** Follows each job from the moment its record is written. */
  poller: Pick<JobPoller, 'adopt'>;
  /** Aborted when job tracking stops: a create being settled from the service's job list stops asking. */
  signal: AbortSignal;
  /** Passwords of the documents that need one: an encrypted document is sent as a decrypted copy. */
  passwords?: DocumentPasswords;
  clock?: RetryClock;
}

export interface SubmitOptions {
  /** Retry policy of the create request (a batch passes a clock that frees its slot while waiting). */
  retry?: RetryOptions;
  batch?: { batchId: string; itemId: string };
  signal?: AbortSignal;
  /** Hears the 202's status the moment it arrives, before the record is written. */
  onAccepted?: (status: string) => void;
}

/** Resends of one create after dropped connections, each after the service's job list showed no job for it. */
const MAX_CREATE_RESENDS = 4;

/**
 * Creates jobs. Before a create is sent its intent is on disk; the job's record is written the
 * moment its 202 arrives, before the first poll, and the JobPoller follows it from there. A
 * create whose answer was lost (a dropped connection, or the app stopped mid-send) is settled
 * from the service's job list before anything is sent again (see reconcileCreate.ts), and the
 * intents a crash left open are settled the same way at start-up.
 */
export class JobCreator {
  private readonly clock: RetryClock;
  /** Sends and reconciliations of sibling creates, kept apart (see CreateGate). */
  private readonly gate = new CreateGate();
  /** Jobs whose create answered (or was reconciled) but whose record is not written yet. */
  private readonly claimed = new Set<string>();
  /** Intents of creates being sent, or settled by the user, right now: open, but not unsure. */
  private readonly sending = new Set<string>();

  constructor(private readonly deps: JobCreatorDeps) {
    this.clock = deps.clock ?? systemClock;
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
    this.deps.logger.info('job created', { jobId: record.jobId, service: record.service });
    this.deps.poller.adopt(record);
    return record;
  }

  /**
   * Creates a crash left open: an intent whose record exists is done; otherwise the
   * service's job list says whether the job exists (record it), does not (forget it: a
   * batch sends the document again), or cannot be told apart (kept, with its candidates).
   * Called once at start-up, before the open records are followed again.
   */
  async settleOpenIntents(): Promise<void> {
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
      signal: this.deps.signal,
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
