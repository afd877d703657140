import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import {
  QUEUE_KINDS,
  type QueueItem,
  type QueueSummary,
  type QueueView,
  type ReviewQueue,
  type RequestOfCreate,
} from '../../shared/ipc/queues.js';
import { ulid } from '../../shared/ulid.js';
import type { LibraryEntry } from '../../shared/library.js';
import type { StoredResult } from '../../shared/result.js';
import { batchRecordsIn } from '../jobs/batchRecords.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import type { Workspace } from '../workspace/workspace.js';
import { Rules } from '../rules/rules.js';
import { buildQueueItems } from './queueBuilder.js';
import { needsAttention } from './needsAttention.js';
import { ENTRY_SUFFIX, folderIn } from '../workspace/layout.js';

const queueSchema = z.object({
  id: z.string(),
  kind: z.enum(QUEUE_KINDS),
  label: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(
    z.object({
      documentId: z.string(),
      extractionId: z.string(),
      name: z.string(),
      fields: z.number().int().min(0),
      decided: z.number().int().min(0).default(0), // absent in queues saved before counts were kept
    }),
  ),
  position: z.number().int().min(0),
  closedAt: z.string().nullable(),
});

/**
 * Review queues: `<workspace>/queues/<id>.json`, one file per queue written atomically with
 * its position, so a queue resumes where it was after a restart. A queue keeps the documents
 * it was made with; one deleted since is reported `gone` (the window skips it and says so).
 * Each item keeps its decided count as of when the reviewer was last on it, so a step reads
 * one review (the item it is at), not every review of the queue.
 */
export class Queues {
  private readonly store: JsonDirStore<ReviewQueue>;
  /** Moves and closes are read-change-write: one at a time, so none is lost. */
  private serial: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly workspace: Workspace,
    private readonly decidedOf: (extraction: StoredResult) => Promise<number>,
    private readonly rules: Rules = new Rules(workspace),
  ) {
    this.store = new JsonDirStore<ReviewQueue>({
      dir: folderIn(workspace.root, 'queues'),
      schema: queueSchema,
      suffix: ENTRY_SUFFIX,
      label: 'review queue',
      logger: workspace.logger,
      pretty: true,
    });
  }

  async create(request: RequestOfCreate): Promise<QueueView> {
    const library = await this.workspace.library();
    const { entries, label } = await this.selection(request, library);
    const { items, leftOut, unscored } = await buildQueueItems(request.kind, {
      entries,
      result: (id) => this.workspace.result(id),
      decided: this.decidedOf,
      ...(request.kind === 'attention'
        ? {
            needsAttention: async (extraction: StoredResult) => {
              // An unreadable rules file: its rules cannot be checked, which needs a person.
              const read = await this.rules.rulesForExtraction(extraction, request.schema);
              if (read?.unreadable) return 'rules';
              return needsAttention(this.workspace, extraction, request.threshold, read?.rules ?? []);
            },
          }
        : {}),
    });
    if (items.length === 0) {
      throw new AppError({
        code: 'queue_empty',
        message: `Nothing to review in “${label}”${leftOut > 0 ? `: ${leftOut} document${leftOut === 1 ? ' has' : 's have'} no extraction` : ''}.`,
        hint:
          request.kind === 'unreviewed'
            ? 'Every field of every extraction has a decision.'
            : request.kind === 'attention'
              ? 'No field is under the confidence threshold and no rule of the schema fails.'
              : 'Run an extraction on the documents first.',
      });
    }
    const now = new Date().toISOString();
    const queue: ReviewQueue = {
      id: ulid(),
      kind: request.kind,
      label,
      createdAt: now,
      updatedAt: now,
      items,
      position: 0,
      closedAt: null,
    };
    await this.store.write(queue.id, queue);
    return { ...(await this.view(queue)), leftOut, ...(request.kind === 'attention' ? { unscored } : {}) };
  }

  /** The queues not ended, most recently worked first: what "Resume queue" offers. */
  async list(): Promise<QueueSummary[]> {
    return (await this.store.list())
      .filter((q) => q.closedAt === null)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map((q) => ({ id: q.id, label: q.label, position: q.position, count: q.items.length, updatedAt: q.updatedAt }));
  }

  async get(queueId: string): Promise<QueueView> {
    return this.view(await this.read(queueId));
  }

  /**
   * Keeps the reviewer's place (clamped to the queue), with the decided count of the item left
   * (its decisions were made while the reviewer was on it). A closed queue is not moved.
   */
  move(queueId: string, position: number): Promise<QueueView> {
    return this.change(queueId, async (q) => {
      if (q.closedAt !== null) {
        throw new AppError({
          code: 'queue_closed',
          message: 'That review queue has ended.',
          hint: 'Start a new queue from the library to go on reviewing.',
        });
      }
      const items = [...q.items];
      const left = items[q.position];
      if (left) items[q.position] = { ...left, decided: await this.liveDecided(left) };
      return { ...q, items, position: Math.min(position, q.items.length - 1) };
    });
  }

  close(queueId: string): Promise<QueueView> {
    return this.change(queueId, (q) => ({ ...q, closedAt: new Date().toISOString() }));
  }

  private change(queueId: string, edit: (queue: ReviewQueue) => ReviewQueue | Promise<ReviewQueue>): Promise<QueueView> {
    const run = this.serial.then(async () => {
      const next = { ...(await edit(await this.read(queueId))), updatedAt: new Date().toISOString() };
      await this.store.write(queueId, next);
      return this.view(next);
    });
    this.serial = run.catch(() => undefined);
    return run;
  }

  private async read(queueId: string): Promise<ReviewQueue> {
    const queue = await this.store.readOrRefuse(queueId);
    if (!queue) {
      throw new AppError({
        code: 'queue_not_found',
        message: 'That review queue is not in the workspace.',
        hint: 'It may have been made in another workspace; start a new queue from the library.',
      });
    }
    return queue;
  }

  /** An item's decided count read now (0 when its extraction is gone). */
  private async liveDecided(item: QueueItem): Promise<number> {
    const extraction = await this.workspace.result(item.extractionId).catch(() => null);
    return extraction ? Math.min(item.fields, await this.decidedOf(extraction)) : 0;
  }

  /**
   * Each item as it is now: gone when its document or extraction was deleted; the item the
   * queue is at counts its decisions live, the others as recorded when the reviewer left them.
   */
  private async view(queue: ReviewQueue): Promise<QueueView> {
    const library = await this.workspace.library();
    const present = new Set(library.flatMap((e) => e.results.map((r) => `${e.document.id}/${r.id}`)));
    const items = queue.items.map((item) => {
      const gone = !present.has(`${item.documentId}/${item.extractionId}`);
      return { ...item, gone, decided: gone ? 0 : item.decided };
    });
    const current = items[queue.position];
    if (current && !current.gone) items[queue.position] = { ...current, decided: await this.liveDecided(current) };
    return { ...queue, items };
  }

  /** The documents a request names, in order, and the queue's label in words. */
  private async selection(request: RequestOfCreate, library: LibraryEntry[]): Promise<{ entries: LibraryEntry[]; label: string }> {
    if (request.kind === 'unreviewed') return { entries: library, label: 'Not yet reviewed' };
    if (request.kind === 'attention')
      return { entries: library, label: `Low confidence (under ${Math.round(request.threshold * 100)} %) or failing rules` };
    if (request.kind === 'all') return { entries: library, label: 'Every document with an extraction' };
    const byId = new Map(library.map((e) => [e.document.id, e]));
    if (request.kind === 'listed') {
      const entries = [...new Set(request.documentIds)].map((id) => byId.get(id)).filter((e) => e !== undefined);
      const filter = request.filter.trim();
      return { entries, label: filter ? `Listed: name contains “${filter}”` : 'Listed in the library' };
    }
    const batch = await batchRecordsIn(this.workspace.root, this.workspace.logger).read(request.batchId);
    if (!batch) {
      throw new AppError({
        code: 'batch_not_found',
        message: 'That batch is not in the workspace.',
        hint: 'It may have been deleted; choose another batch or queue the library instead.',
      });
    }
    const ids = [...new Set(batch.items.map((i) => i.documentId))];
    return { entries: ids.map((id) => byId.get(id)).filter((e) => e !== undefined), label: `Batch “${batch.name}”` };
  }
}
