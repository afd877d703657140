import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import type { Batch, BatchEstimate, BatchItem, JobRequest, JobSettings } from '../../shared/jobs.js';
import type { DocumentInfo } from '../../shared/document.js';
import type { RetryClock } from '../api/retry.js';
import type { Logger } from '../core/log.js';
import type { SettingsStore } from '../settings/settings.js';
import type { Workspace } from '../workspace/workspace.js';
import { BatchQueue, type BatchRecovery } from './batchQueue.js';
import { batchesNewestFirst, queuedItem, type BatchRecords } from './batchRecords.js';
import type { CreateIntents } from './createIntents.js';
import type { JobRecords } from './jobRecords.js';
import type { JobCreator } from './jobCreator.js';
import type { JobPoller } from './jobPoller.js';
import { readJobSettings } from '../runs/parsePlan.js';

export interface BatchServiceDeps {
  workspace: Workspace;
  settings: SettingsStore;
  creator: Pick<JobCreator, 'submit'>;
  poller: Pick<JobPoller, 'whenSettled' | 'onRecord'>;
  records: JobRecords;
  intents: CreateIntents;
  store: BatchRecords;
  logger: Logger;
  emit: (event: AppEvent) => void;
  clock?: RetryClock;
}

export type BatchOptions = Batch['request'];

/** Batches of parse jobs: created from workspace documents, persisted, resumed at start-up. */
export class BatchService {
  private readonly queues = new Map<string, BatchQueue>();
  private readonly emitTimers = new Map<string, NodeJS.Timeout>();
  /** Settles when the batches on disk have been picked up; a batch is not opened before (it would be opened twice). */
  private resumed: Promise<void> = Promise.resolve();

  constructor(private readonly deps: BatchServiceDeps) {
    // A running document shows its job's status and whether the service answers its polls.
    deps.poller.onRecord((record) => {
      if (record.batch) this.queues.get(record.batch.batchId)?.jobChanged(record);
    });
  }

  async estimate(documentIds: string[]): Promise<BatchEstimate> {
    return (await this.describe(documentIds)).estimate;
  }

  /** The documents' stored facts (page counts from the import: no document is read again) and the page estimate. */
  private async describe(documentIds: string[]): Promise<{ estimate: BatchEstimate; infos: DocumentInfo[]; settings: JobSettings }> {
    const settings = await readJobSettings(this.deps.settings);
    const infos = await Promise.all(documentIds.map((id) => this.deps.workspace.documentInfo(id)));
    const pages = infos.reduce<number>((sum, info) => sum + (info.pageCount ?? 1), 0);
    const { pageWarningLimit } = settings;
    const estimate = {
      documents: documentIds.length,
      pages,
      unknownPages: infos.filter((i) => i.pageCount === null).length,
      pageWarningLimit,
      overLimit: pages > pageWarningLimit,
    };
    return { estimate, infos, settings };
  }

  /** Starts a batch; over the page-warning limit it needs `confirmPages` equal to the estimate the user saw. */
  async create(documentIds: string[], options: BatchOptions, confirmPages?: number): Promise<Batch> {
    const unique = [...new Set(documentIds)];
    const { estimate, infos, settings } = await this.describe(unique);
    if (estimate.overLimit && confirmPages !== estimate.pages) {
      throw new AppError({
        code: 'page_warning',
        message: `This batch would send ${estimate.pages} pages, more than your limit of ${estimate.pageWarningLimit}.`,
        hint: 'Confirm to send it anyway, or raise the limit in the job settings.',
      });
    }
    const now = new Date().toISOString();
    const items = unique.map((documentId, index) => queuedItem(documentId, infos[index]!.name, infos[index]!.pageCount));
    const batch: Batch = {
      batchId: randomUUID(),
      createdAt: now,
      name: `${items.length} document${items.length === 1 ? '' : 's'}, ${now.slice(0, 16).replace('T', ' ')}`,
      request: options,
      concurrency: settings.batchConcurrency,
      paused: false,
      items,
      updatedAt: now,
    };
    // Opening writes the batch before its first create is sent; a new batch has nothing on disk to recover.
    await this.open(batch, true);
    this.deps.logger.info('batch created', { batchId: batch.batchId, documents: items.length });
    return batch;
  }

  /**
   * Loads every batch from disk and picks up those with work left, once `before` (the
   * interrupted creates settled) is done; called once at start-up.
   */
  resumeAll(before: Promise<unknown> = Promise.resolve()): Promise<void> {
    this.resumed = before.then(async () => {
      for (const batch of await batchesNewestFirst(this.deps.store)) {
        const unfinished = batch.items.some((i) => ['queued', 'waiting', 'submitting', 'running', 'unsure'].includes(i.state));
        if (unfinished && !this.queues.has(batch.batchId)) await this.open(batch);
      }
    });
    return this.resumed;
  }

  async list(): Promise<Batch[]> {
    const onDisk = await batchesNewestFirst(this.deps.store);
    return onDisk.map((b) => this.queues.get(b.batchId)?.batch ?? b);
  }

  pause(batchId: string): Promise<Batch> {
    return this.act(batchId, (q) => q.pause());
  }

  resume(batchId: string): Promise<Batch> {
    return this.act(batchId, (q) => q.resume());
  }

  cancelPending(batchId: string): Promise<Batch> {
    return this.act(batchId, (q) => q.cancelPending());
  }

  retryFailed(batchId: string, includeUnsure: boolean): Promise<Batch> {
    return this.act(batchId, (q) => q.retryFailed(includeUnsure));
  }

  /** The concurrency setting applies to batches already running, not only to new ones. */
  setConcurrency(limit: number): void {
    for (const queue of this.queues.values()) queue.setConcurrency(limit);
  }

  /** Resolves when the batch has nothing queued or in flight (tests and the benchmark). */
  async whenIdle(batchId: string): Promise<Batch> {
    const queue = await this.queue(batchId);
    await queue.whenIdle();
    return queue.batch;
  }

  private async act(batchId: string, action: (queue: BatchQueue) => Promise<unknown>): Promise<Batch> {
    const queue = await this.queue(batchId);
    await action(queue);
    this.emitNow(queue.batch);
    return structuredClone(queue.batch);
  }

  private async queue(batchId: string): Promise<BatchQueue> {
    await this.resumed.catch(() => undefined);
    const open = this.queues.get(batchId);
    if (open) return open;
    const batch = (await batchesNewestFirst(this.deps.store)).find((b) => b.batchId === batchId);
    if (!batch) throw new AppError({ code: 'batch_not_found', message: 'That batch is not in the workspace.' });
    return this.open(batch);
  }

  private async open(batch: Batch, fresh = false): Promise<BatchQueue> {
    const { creator, poller, records, intents, store } = this.deps;
    const queue = new BatchQueue(batch, {
      submit: (b, item, retry, onAccepted) =>
        creator.submit(jobRequestFor(b, item), { retry, onAccepted, batch: { batchId: b.batchId, itemId: item.itemId } }),
      whenSettled: (jobId, onServiceDone) => poller.whenSettled(jobId, onServiceDone),
      recovery: (batchId) => recoveryOf(records, intents, batchId),
      forgetIntents: async (batchId, itemIds) => {
        for (const intent of await intents.list()) {
          if (intent.batch?.batchId === batchId && itemIds.includes(intent.batch.itemId)) await intents.remove(intent.intentId);
        }
      },
      persist: (b) => store.write(b.batchId, b),
      changed: (b) => this.emitSoon(b),
      ...(this.deps.clock ? { clock: this.deps.clock } : {}),
    });
    this.queues.set(batch.batchId, queue);
    await queue.start(fresh);
    return queue;
  }

  /** Batch events at most every 150 ms per batch: a batch of hundreds must not flood the renderer. */
  private emitSoon(batch: Batch): void {
    if (this.emitTimers.has(batch.batchId)) return;
    const timer = setTimeout(() => {
      this.emitTimers.delete(batch.batchId);
      this.emitNow(batch);
    }, 150);
    timer.unref?.();
    this.emitTimers.set(batch.batchId, timer);
  }

  private emitNow(batch: Batch): void {
    this.deps.emit({ type: 'batch', batch: structuredClone(batch) });
  }
}

function jobRequestFor(batch: Batch, item: BatchItem): JobRequest {
  return { ...batch.request, service: 'parse', documentId: item.documentId };
}

async function recoveryOf(records: JobRecords, intents: CreateIntents, batchId: string): Promise<BatchRecovery> {
  const ours = (await records.list()).filter((r) => r.batch?.batchId === batchId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const openIntents = (await intents.list()).filter((i) => i.batch?.batchId === batchId);
  return {
    recordFor: (itemId, exclude) => ours.find((r) => r.batch?.itemId === itemId && !exclude.includes(r.jobId)) ?? null,
    openIntentFor: (itemId) => openIntents.find((i) => i.batch?.itemId === itemId) ?? null,
  };
}
