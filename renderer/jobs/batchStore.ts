import { create } from 'zustand';
import { AppError } from '../../shared/errors.js';
import type { Batch, BatchEstimate } from '../../shared/jobs.js';
import { attemptWith } from '../ipc/attempt.js';
import { requireApi, subscribeEvents } from '../ipc/client.js';
import { chosenKey, useRunSettings } from '../state/runSettings.js';
import { importAsking } from '../state/library/protectedDocuments.js';

interface BatchState {
  batches: Batch[];
  /** Files being added to the workspace before the batch starts. */
  importing: { done: number; total: number } | null;
  /** A batch over the page-warning limit, waiting for the user's yes. */
  confirm: { documentIds: string[]; estimate: BatchEstimate } | null;
  error: AppError | null;
  load(): Promise<void>;
  startFromFiles(files: File[]): Promise<void>;
  confirmStart(): Promise<void>;
  pause(batchId: string): Promise<void>;
  resume(batchId: string): Promise<void>;
  cancelPending(batchId: string): Promise<void>;
  retryFailed(batchId: string, includeUnsure: boolean): Promise<void>;
  clearError(): void;
}

const SUPPORTED = /\.(pdf|png|jpe?g|gif|webp|bmp|tiff?)$/i;

/** The options a batch uses: the cloud parser's, from the Review screen's engine settings. */
function batchOptions() {
  const s = useRunSettings.getState();
  return { ...chosenKey('v2', s), ...(s.model.trim() ? { model: s.model.trim() } : {}), serviceTier: s.serviceTier };
}

export const useBatchStore = create<BatchState>((set, get) => {
  const attempt = attemptWith(set);
  const replace = (batch: Batch) => {
    const others = get().batches.filter((b) => b.batchId !== batch.batchId);
    set({ batches: [batch, ...others].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) });
  };
  subscribeEvents((event) => {
    if (event.type === 'batch') replace(event.batch);
  });
  const create = async (documentIds: string[], confirmPages?: number) => {
    replace(await requireApi().batch.create({ documentIds, ...batchOptions(), confirmPages }));
  };
  return {
    batches: [],
    importing: null,
    confirm: null,
    error: null,

    load: () =>
      attempt(async () => {
        set({ batches: await requireApi().batch.list({}) });
      }),

    startFromFiles: (files) =>
      attempt(async () => {
        // A dropped folder brings every file in it; only documents go into the batch.
        const documents = files.filter((f) => SUPPORTED.test(f.name));
        if (documents.length === 0) return;
        const ids: string[] = [];
        /** PDFs whose password was asked for and not given: left out of the batch. */
        const leftOut: string[] = [];
        set({ importing: { done: 0, total: documents.length } });
        try {
          for (const file of documents) {
            const info = await importAsking(file.name, new Uint8Array(await file.arrayBuffer()));
            if (info) ids.push(info.id);
            else leftOut.push(file.name);
            set({ importing: { done: ids.length + leftOut.length, total: documents.length } });
          }
        } finally {
          set({ importing: null });
        }
        if (leftOut.length > 0) {
          set({
            error: new AppError({
              code: 'password_not_given',
              message: `${leftOut.map((name) => `"${name}"`).join(', ')} ${leftOut.length === 1 ? 'was' : 'were'} left out of the batch: the password was not given.`,
              hint: 'Add it to a new batch and enter its password when asked.',
            }),
          });
        }
        if (ids.length === 0) return;
        const estimate = await requireApi().batch.estimate({ documentIds: ids });
        if (estimate.overLimit) {
          set({ confirm: { documentIds: ids, estimate } });
          return;
        }
        await create(ids);
      }),

    confirmStart: () =>
      attempt(async () => {
        const pending = get().confirm;
        if (!pending) return;
        set({ confirm: null });
        await create(pending.documentIds, pending.estimate.pages);
      }),

    pause: (batchId) => attempt(async () => replace(await requireApi().batch.pause({ batchId }))),
    resume: (batchId) => attempt(async () => replace(await requireApi().batch.resume({ batchId }))),
    cancelPending: (batchId) => attempt(async () => replace(await requireApi().batch.cancelPending({ batchId }))),
    retryFailed: (batchId, includeUnsure) => attempt(async () => replace(await requireApi().batch.retryFailed({ batchId, includeUnsure }))),
    clearError: () => set({ error: null }),
  };
});
