import { endedWithoutResult, isTerminalStatus } from '../../shared/contracts/v2Jobs.js';
import { AppError, type AppErrorData } from '../../shared/errors.js';
import { batchWaitingSince, type Batch, type BatchItem, type JobRecord } from '../../shared/jobs.js';
import { systemClock, type RetryClock, type RetryOptions } from '../api/retry.js';
import type { CreateIntent } from './createIntents.js';
import { Slots } from './slots.js';

/** What the disk says about a batch's documents after a restart. */
export interface BatchRecovery {
  /** The newest job record made for this item, ignoring jobs from before a "retry failed". */
  recordFor(itemId: string, exclude: readonly string[]): JobRecord | null;
  /** A create for this item whose outcome is still unknown (see createIntents.ts). */
  openIntentFor(itemId: string): CreateIntent | null;
}

export interface BatchQueueDeps {
  /**
   * Creates the item's job (the JobCreator writes its record on the 202) and answers with it;
   * `onAccepted` hears the 202's status first, before the record is written.
   */
  submit(batch: Batch, item: BatchItem, retry: RetryOptions, onAccepted: (status: string) => void): Promise<JobRecord>;
  /** The record once the job is settled (completed and stored, or failed); `onServiceDone` when the service has finished it. */
  whenSettled(jobId: string, onServiceDone: () => void): Promise<JobRecord>;
  /** Reads the job records and open create intents of the batch (once, at start). */
  recovery(batchId: string): Promise<BatchRecovery>;
  /** Closes the open create intents of items the user chose to send again. */
  forgetIntents(batchId: string, itemIds: string[]): Promise<void>;
  /** Writes the batch; must be durable when it resolves. */
  persist(batch: Batch): Promise<void>;
  /** Tells the renderer. */
  changed(batch: Batch): void;
  clock?: RetryClock;
  /** Attempts of a create request before the item fails (429 / 503 / drops). */
  maxAttempts?: number;
}

const ACTIVE = new Set(['submitting', 'waiting', 'running']);
/**
 * A create held back before it was sent (the batch paused, the document cancelled, or the
 * service not answering polls while it waited for its turn): nothing was created, so it
 * goes back to the queue (or stays cancelled).
 */
const HELD_BACK = 'held_back';
/** How far behind the batch file may fall while documents come and go. */
const LAZY_SAVE_MS = 500;
/** States whose item may have a job the batch file does not know yet (the file is written lazily). */
const MAYBE_SENT = new Set(['queued', 'submitting', 'waiting']);

/**
 * One batch: documents go out as jobs, at most `concurrency` in flight (a job found on the
 * service after its create's answer was lost is counted at once, even if that briefly
 * passes the limit). The JobCreator writes a create intent before each create is sent and
 * the job record the moment the 202 arrives, so the batch file itself can be written
 * lazily: after a crash every document is linked to its job record, or has an open intent
 * (the service's job list could not settle it: "unsure", never sent twice), or was never
 * sent (queued again). A document waiting out a 429 or 503, or whose dropped create is
 * being settled, gives its slot to the next one and gets the next free slot back first.
 * A document is made ready to send (its create intent written, its bytes read and checked)
 * before it takes a slot, up to `concurrency` documents ahead: a freed slot goes to a
 * request that leaves at once, so the service's capacity is not spent waiting on the disk.
 * While the service does not answer its jobs' polls, no new document is sent: the batch
 * waits for the service (its items show since when), and goes on when a poll is answered.
 */
export class BatchQueue {
  private readonly slots: Slots;
  private readonly clock: RetryClock;
  private writing: Promise<void> | null = null;
  private dirty = false;
  private lazySave: NodeJS.Timeout | null = null;
  private idle: Array<() => void> = [];
  /** Items being made ready to send, still without a slot (they stay `queued` until they have one). */
  private readonly preparing = new Set<string>();

  constructor(
    readonly batch: Batch,
    private readonly deps: BatchQueueDeps,
  ) {
    this.slots = new Slots(batch.concurrency);
    this.clock = deps.clock ?? systemClock;
  }

  /**
   * Picks the batch up and starts what may start, once the batch is on disk. A batch loaded
   * from disk is checked against the job records and open creates first; a `fresh` one, just
   * made, has none (reading every job record would only delay its first create).
   */
  async start(fresh = false): Promise<void> {
    const recovery = !fresh && this.batch.items.some(needsRecovery) ? await this.deps.recovery(this.batch.batchId) : null;
    for (const item of this.batch.items) {
      if (item.state === 'running' && item.jobId) {
        const slot = this.itemSlot();
        slot.hold();
        void this.followJob(item, item.jobId, () => slot.give());
      } else if (recovery && needsRecovery(item)) {
        this.recover(item, recovery);
      }
    }
    await this.flush();
    this.pump();
  }

  async pause(): Promise<void> {
    this.batch.paused = true;
    await this.flush();
  }

  async resume(): Promise<void> {
    this.batch.paused = false;
    await this.flush();
    this.pump();
  }

  /** Cancels only what has not been sent: a submitted job cannot be cancelled (and is paid for). */
  async cancelPending(): Promise<number> {
    const queued = this.batch.items.filter((i) => i.state === 'queued');
    for (const item of queued) item.state = 'cancelled';
    await this.flush();
    this.settleIfIdle();
    return queued.length;
  }

  /** Sends failed documents again as new jobs (their earlier job ids are kept); `unsure` ones only when asked. */
  async retryFailed(includeUnsure: boolean): Promise<number> {
    const again = this.batch.items.filter((i) => i.state === 'failed' || (includeUnsure && i.state === 'unsure'));
    await this.deps.forgetIntents(
      this.batch.batchId,
      again.filter((i) => i.state === 'unsure').map((i) => i.itemId),
    );
    for (const item of again) {
      if (item.jobId) item.previousJobIds.push(item.jobId);
      Object.assign(item, { state: 'queued', jobId: null, jobStatus: null, error: null, attempts: 0, finishedAt: null });
    }
    await this.flush();
    this.pump();
    return again.length;
  }

  /** Resolves when nothing is queued or in flight (or the batch is paused with nothing in flight), with that state on disk. */
  async whenIdle(): Promise<void> {
    if (!this.isIdle()) await new Promise<void>((resolve) => this.idle.push(resolve));
    await this.flush();
  }

  /** One of this batch's job records was written: the item shows its status and whether the service answers. */
  jobChanged(record: JobRecord): void {
    const item = this.batch.items.find((i) => i.jobId === record.jobId && i.state === 'running');
    const unreachableSince = record.unreachableSince ?? null;
    if (!item || (item.jobStatus === record.status && (item.unreachableSince ?? null) === unreachableSince)) return;
    Object.assign(item, { jobStatus: record.status, unreachableSince });
    this.afterChange();
  }

  /** The concurrency setting changed: more documents start now, or fewer once those in flight finish. */
  setConcurrency(limit: number): void {
    this.slots.limit = limit;
    this.batch.concurrency = limit;
    this.afterChange();
  }

  private pump(): void {
    // Sending into an outage would only fail documents that could wait.
    while (this.mayStartNew() && this.preparing.size < this.slots.limit) {
      const next = this.batch.items.find((i) => i.state === 'queued' && !this.preparing.has(i.itemId));
      if (!next) break;
      this.preparing.add(next.itemId);
      void this.runItem(next, this.itemSlot());
    }
    this.settleIfIdle();
  }

  /** New documents go out only while the batch runs and the service answers its jobs' polls. */
  private mayStartNew(): boolean {
    return !this.batch.paused && batchWaitingSince(this.batch) === null;
  }

  private async runItem(item: BatchItem, slot: ItemSlot): Promise<void> {
    item.attempts = 0;
    let record: JobRecord;
    try {
      // A job finished in its 202 frees the service's slot at once, while its record is still being written.
      record = await this.deps.submit(this.batch, item, this.retryFor(item, slot), (status) => isTerminalStatus(status) && slot.give());
    } catch (error) {
      const data = errorData(error);
      this.preparing.delete(item.itemId);
      if (data.code === HELD_BACK) {
        // Nothing was created: it waits its turn again, unless it was cancelled meanwhile.
        if (item.state !== 'cancelled') Object.assign(item, { state: 'queued', attempts: 0 });
      } else {
        this.finish(item, { state: data.code === 'create_unsure' ? 'unsure' : 'failed', error: data });
      }
      slot.give();
      this.afterChange();
      return;
    }
    // A job found on the service after a dropped create holds a slot again while the service works on it.
    if (!isTerminalStatus(record.status)) slot.hold();
    item.jobId = record.jobId;
    item.jobStatus = record.status;
    item.state = 'running';
    this.afterChange();
    await this.followJob(item, record.jobId, () => slot.give());
  }

  /**
   * One item's hold on a slot of the service's capacity: taken for each attempt at a create,
   * given up while a refused create waits, and for good once the service has finished the
   * job (while its output is still being stored). Giving twice gives once.
   */
  private itemSlot(held = false): ItemSlot {
    return {
      take: async (urgent) => {
        if (held) return;
        await this.slots.acquire(urgent);
        held = true;
      },
      hold: () => {
        if (held) return;
        this.slots.force();
        held = true;
      },
      give: () => {
        if (!held) return;
        held = false;
        this.slots.release();
        this.pump();
      },
    };
  }

  private async followJob(item: BatchItem, jobId: string, release: () => void): Promise<void> {
    try {
      const settled = await this.deps.whenSettled(jobId, release);
      if (settled.status === 'completed' && settled.resultId) {
        this.finish(item, {
          state: 'done',
          resultId: settled.resultId,
          credits: settled.credits,
          pages: settled.pageCount ?? item.pages,
          jobStatus: settled.status,
        });
      } else if (endedWithoutResult(settled.status)) {
        this.finish(item, { state: 'failed', error: settled.error, jobStatus: settled.status });
      } else {
        this.finish(item, {
          state: 'failed',
          error: settled.problem ?? { code: 'job_unfinished', message: 'Following the job stopped before it finished.' },
        });
      }
    } catch (error) {
      this.finish(item, { state: 'failed', error: errorData(error) });
    } finally {
      release();
      this.afterChange();
    }
  }

  /**
   * The retry policy of one create. The first attempt, made ready beforehand, takes a slot
   * behind refused documents; a refused attempt gives its slot away while it waits, and the
   * next attempt takes one back before documents not sent yet. If the batch was paused
   * meanwhile (or, before the first send, the document cancelled or the service stopped
   * answering polls) it is held back instead: Pause means no new paid work.
   */
  private retryFor(item: BatchItem, slot: ItemSlot): RetryOptions {
    const clock = this.clock;
    const holdBack = (first: boolean) => {
      const why = this.batch.paused
        ? 'The batch was paused before this document was sent.'
        : first && item.state === 'cancelled'
          ? 'The document was cancelled before it was sent.'
          : first && !this.mayStartNew()
            ? 'The service stopped answering before this document was sent.'
            : null;
      if (why === null) return;
      slot.give();
      throw new AppError({ code: HELD_BACK, message: why });
    };
    return {
      policy: { maxAttempts: this.deps.maxAttempts ?? 8, maxTotalMs: 15 * 60_000 },
      beforeAttempt: async () => {
        const first = item.attempts === 0;
        holdBack(first);
        await slot.take(!first);
        holdBack(first);
        if (first) {
          this.preparing.delete(item.itemId);
          item.startedAt ??= new Date(clock.now()).toISOString();
        }
        item.state = 'submitting';
        item.attempts++;
        this.afterChange(); // a first send makes room for the next document to be made ready
      },
      // A dropped create is settled from the job list, which may wait for a sibling that needs this slot to be sent.
      onNoAnswer: () => slot.give(),
      clock: {
        now: () => clock.now(),
        random: () => clock.random(),
        sleep: async (ms, signal) => {
          item.state = 'waiting';
          slot.give();
          this.afterChange();
          await clock.sleep(ms, signal);
        },
      },
    };
  }

  /** After a restart: an item that may have been sent is linked to its job, kept unsure, or queued again. */
  private recover(item: BatchItem, recovery: BatchRecovery): void {
    const record = recovery.recordFor(item.itemId, item.previousJobIds);
    const intent = recovery.openIntentFor(item.itemId);
    if (record) {
      Object.assign(item, { jobId: record.jobId, jobStatus: record.status, state: 'running', error: null });
      const slot = this.itemSlot();
      slot.hold();
      void this.followJob(item, record.jobId, () => slot.give());
    } else if (intent) {
      const candidates = intent.candidates?.length ? ` (it may be ${intent.candidates.join(', ')})` : '';
      item.state = 'unsure';
      item.error = {
        code: 'create_unsure',
        message: `The app stopped while this document was being sent, and the service's job list could not say whether it made a job${candidates}.`,
        hint: 'Look for it on the Jobs screen before sending it again with "Retry failed and unsure".',
      };
    } else {
      // Never sent, or the service's job list showed it made no job: sending it now cannot duplicate anything.
      item.state = 'queued';
      item.error = null;
    }
  }

  private finish(item: BatchItem, patch: Partial<BatchItem>): void {
    Object.assign(item, patch, { unreachableSince: null, finishedAt: new Date(this.clock.now()).toISOString() });
  }

  private afterChange(): void {
    this.saveLazily();
    this.pump();
  }

  /**
   * Tells the renderer now and writes the batch a little later: job records and create
   * intents carry what must be durable, so these writes only keep the file close behind,
   * and a batch of hundreds must not keep the disk busy with copies of itself.
   */
  private saveLazily(): void {
    this.deps.changed(this.batch);
    if (this.lazySave) return;
    this.lazySave = setTimeout(() => {
      this.lazySave = null;
      void this.flush().catch(() => undefined);
    }, LAZY_SAVE_MS);
    this.lazySave.unref?.();
  }

  private isIdle(): boolean {
    const inFlight = this.preparing.size > 0 || this.batch.items.some((i) => ACTIVE.has(i.state));
    const queued = this.batch.items.some((i) => i.state === 'queued');
    return !inFlight && (!queued || this.batch.paused);
  }

  private settleIfIdle(): void {
    if (!this.isIdle()) return;
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }

  /** Writes the batch; writes coalesce, and each caller resolves after a write that includes its change. */
  private async flush(): Promise<void> {
    this.batch.updatedAt = new Date(this.clock.now()).toISOString();
    this.deps.changed(this.batch);
    if (this.writing) {
      this.dirty = true;
      while (this.writing) await this.writing;
      if (!this.dirty) return;
    }
    this.dirty = false;
    this.writing = this.deps.persist(structuredClone(this.batch)).finally(() => (this.writing = null));
    await this.writing;
  }
}

/** Items the batch file may be behind on; an earlier unsure create is looked at again (its intent may be settled now). */
function needsRecovery(item: BatchItem): boolean {
  return (MAYBE_SENT.has(item.state) && !item.jobId) || (item.state === 'unsure' && item.error?.code === 'create_unsure');
}

/** One item's hold on a slot (see BatchQueue.itemSlot). */
interface ItemSlot {
  take(urgent: boolean): Promise<void>;
  hold(): void;
  give(): void;
}

function errorData(error: unknown): AppErrorData {
  return error instanceof AppError
    ? error.toData()
    : { code: 'unexpected', message: error instanceof Error ? error.message : String(error) };
}
