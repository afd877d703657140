import { create } from 'zustand';
import type { AppError } from '../../../shared/errors.js';
import type { QueueSummary, QueueView, RequestOfCreate } from '../../../shared/ipc/queues.js';
import { attemptWith } from '../../ipc/attempt.js';
import { requireApi } from '../../ipc/client.js';
import { decisionsSettled } from '../fields/decisionQueue.js';
import { selectFirstUnreviewed } from '../fields/reviewActions.js';
import { useReviewStore } from '../review/reviewStore.js';
import { everyFieldDecided, itemOnScreen, presentFrom, startNoteOf } from './queueSteps.js';

interface QueueState {
  /** The queue being worked, with each item's state as main last reported it. */
  view: QueueView | null;
  /** Open queues to resume (most recent first), when none is being worked. */
  offered: QueueSummary[];
  /** Between a step's press and its document being on screen: deciding keys are not applied, another step is ignored. */
  moving: boolean;
  /** A deciding key (a, c, r) pressed while the queue was moving, so not applied: said until the next key, step or end. */
  keyNotApplied: string | null;
  /** A step waiting for the decisions asked for on the document being left to be saved. */
  saving: boolean;
  /** What making the queue found, said once as it starts: documents left out, or held because their scores could not be read. */
  startNote: string | null;
  /** True once a step forward found no document left. */
  atEnd: boolean;
  error: AppError | null;
  loadOffers(): Promise<void>;
  /** Makes the queue and opens its first document; a refusal (nothing to review) is thrown, for the form that asked. */
  start(request: RequestOfCreate): Promise<void>;
  resume(queueId: string): Promise<void>;
  /** The next (or previous) document still in the workspace. */
  step(direction: 1 | -1): Promise<void>;
  /** Notes a deciding key not applied while moving (null: the reviewer has pressed another key since). */
  noteKeyNotApplied(key: string | null): void;
  /** Ends the queue: it is no longer offered to resume. */
  end(): Promise<void>;
  clearError(): void;
}

/** Whether the item the queue is at is what the Review screen shows now. */
function queueItemOnScreen(view: QueueView | null): boolean {
  const { document, extraction } = useReviewStore.getState();
  return itemOnScreen(view, document?.id, extraction?.id);
}

/**
 * The review queue being worked: main keeps it (`queues/<id>.json`) with its place, so it
 * resumes after a restart. Each step opens the document through the Review store, whose
 * document scope drops a late answer for a document left meanwhile; no decision is applied
 * while a step is under way, so none lands on the document being left.
 */
export const useQueueStore = create<QueueState>((set, get) => {
  const attempt = attemptWith(set);

  /** Opens the item at `position` (a document still there) and keeps the place in main; then its first unreviewed field. */
  async function openAt(view: QueueView, position: number): Promise<void> {
    set({ moving: true, view: { ...view, position }, atEnd: false });
    try {
      const item = view.items[position]!;
      const [moved] = await Promise.all([
        requireApi().queues.move({ queueId: view.id, position }),
        useReviewStore.getState().openDocument(item.documentId, item.extractionId),
      ]);
      // Another queue (or an end) may have come meanwhile: only this queue's answer is kept.
      if (get().view?.id !== view.id) return;
      set({ view: moved });
      if (queueItemOnScreen(moved)) selectFirstUnreviewed();
    } finally {
      if (get().view?.id === view.id || get().view === null) set({ moving: false });
    }
  }

  /** From `from` in `direction`, the first document still there; at the end, says so and stays. */
  async function goFrom(view: QueueView, from: number, direction: 1 | -1): Promise<void> {
    const target = presentFrom(view.items, from, direction);
    if (target === null) {
      set({ view, atEnd: direction === 1, keyNotApplied: null });
      return;
    }
    await openAt(view, target);
  }

  return {
    view: null,
    offered: [],
    moving: false,
    keyNotApplied: null,
    saving: false,
    startNote: null,
    atEnd: false,
    error: null,
    loadOffers: () =>
      attempt(async () => {
        set({ offered: await requireApi().queues.list({}) });
      }),
    start: async (request) => {
      const view = await requireApi().queues.create(request);
      set({ view, offered: get().offered.filter((q) => q.id !== view.id), error: null, startNote: startNoteOf(view), keyNotApplied: null });
      await goFrom(view, 0, 1);
    },
    resume: (queueId) =>
      attempt(async () => {
        const view = await requireApi().queues.get({ queueId });
        set({ view, offered: get().offered.filter((q) => q.id !== queueId), startNote: null, keyNotApplied: null });
        // The place it was left at, or the next document still there.
        await goFrom(view, view.position, 1);
      }),
    step: (direction) =>
      attempt(async () => {
        const current = get().view;
        if (!current || get().moving) return;
        set({ moving: true, saving: true, keyNotApplied: null });
        try {
          // Decisions asked for on this document are saved first: none may be left to land on the next.
          await decisionsSettled();
          set({ saving: false });
          if (get().view?.id !== current.id) return;
          // Fresh from main: documents deleted since are skipped, and the counts are true.
          const view = await requireApi().queues.get({ queueId: current.id });
          if (get().view?.id !== current.id) return;
          await goFrom(view, view.position + direction, direction);
        } catch (error) {
          // No document opened: "while this document was opening" would be untrue.
          set({ keyNotApplied: null });
          throw error;
        } finally {
          if (get().view?.id === current.id) set({ moving: false, saving: false });
        }
      }),
    end: () =>
      attempt(async () => {
        const view = get().view;
        if (!view) return;
        set({ view: null, atEnd: false, moving: false, saving: false, startNote: null, keyNotApplied: null });
        await requireApi().queues.close({ queueId: view.id });
      }),
    noteKeyNotApplied: (key) => {
      if (get().keyNotApplied !== key) set({ keyNotApplied: key });
    },
    clearError: () => set({ error: null }),
  };
});

/** Enter goes to the queue's next document: the queue's document is on screen and every one of its fields is decided. */
export function queueTakesEnter(): boolean {
  const view = useQueueStore.getState().view;
  if (!view || !queueItemOnScreen(view)) return false;
  const { fields, review } = useReviewStore.getState();
  return everyFieldDecided(fields, review);
}
