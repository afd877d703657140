import { create } from 'zustand';
import { AppError } from '../../shared/errors.js';
import type { KeptAnswerText, QuarantinedAnswer } from '../../shared/quarantine.js';
import { attemptWith } from '../ipc/attempt.js';
import { requireApi, subscribeEvents, toAppError } from '../ipc/client.js';
import { useAppStore } from '../state/appStore.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** The code of a direct call whose answer was kept unread (electron/runs/keptUnread.ts). */
const ANSWER_UNREADABLE = 'answer_unreadable';

interface KeptAnswersState {
  /** Every kept answer: the ones waiting first, then the ones read; newest first within each. */
  entries: QuarantinedAnswer[];
  /** Why the list could not be read, or a result could not be opened. */
  error: AppError | null;
  /** The answer open under its row (one at a time); `answer` is null while it loads. */
  shown: { id: string; answer: KeptAnswerText | null; error: AppError | null } | null;
  /** Answers being read again. */
  reading: Record<string, true>;
  /** Why the last "Read again" of an answer was refused, until dismissed or read. */
  readErrors: Record<string, AppError>;
  /** The row a job's "Show the kept answer" pointed at; `turn` moves on each press, so a second press scrolls again. */
  pointed: { id: string; turn: number } | null;
  load(): Promise<void>;
  show(id: string): Promise<void>;
  hide(): void;
  readAgain(id: string): Promise<void>;
  dismissReadError(id: string): void;
  /** A job's kept answer (its row found, scrolled to and its text shown). */
  pointAtJob(jobId: string): Promise<void>;
  /** Opens the result a kept answer became in the Review tab, as a job's Open does. */
  openResult(entry: QuarantinedAnswer): Promise<void>;
  clearError(): void;
}

function inOrder(entries: QuarantinedAnswer[]): QuarantinedAnswer[] {
  const waiting = (e: QuarantinedAnswer) => (e.resultId === null ? 0 : 1);
  return [...entries].sort((a, b) => waiting(a) - waiting(b) || (a.receivedAt < b.receivedAt ? 1 : a.receivedAt > b.receivedAt ? -1 : 0));
}

const without = <T>(record: Record<string, T>, id: string): Record<string, T> => {
  const { [id]: _gone, ...rest } = record;
  return rest;
};

/**
 * The Jobs screen's "Answers kept unread" (workspace/quarantine/): answers the service sent,
 * maybe billed, that this version could not read. Listed when the screen opens, and again on
 * the workspace and job events main sends while it is shown, and when a run fails because its
 * answer was kept (main sends no event of its own for that).
 */
export const useKeptAnswersStore = create<KeptAnswersState>((set, get) => {
  const attempt = attemptWith(set);
  const onJobsScreen = () => useAppStore.getState().screen === 'jobs';
  let refresh: ReturnType<typeof setTimeout> | null = null;
  const reloadSoon = () => {
    if (refresh || !onJobsScreen()) return;
    refresh = setTimeout(() => {
      refresh = null;
      void get().load();
    }, 500);
  };
  subscribeEvents((event) => {
    if (event.type === 'workspace' || event.type === 'job') reloadSoon();
  });
  useReviewStore.subscribe((state, previous) => {
    if (state.errors === previous.errors) return;
    const fresh = Object.entries(state.errors).some(([key, error]) => error.code === ANSWER_UNREADABLE && previous.errors[key] !== error);
    if (fresh) reloadSoon();
  });
  // A listing answered after a newer one was asked for is dropped.
  let listTurn = 0;
  let showTurn = 0;
  let pointTurn = 0;

  return {
    entries: [],
    error: null,
    shown: null,
    reading: {},
    readErrors: {},
    pointed: null,

    load: () =>
      attempt(async () => {
        const turn = ++listTurn;
        const entries = await requireApi().quarantine.list({});
        if (turn === listTurn) set({ entries: inOrder(entries) });
      }),

    show: async (id) => {
      const turn = ++showTurn;
      set({ shown: { id, answer: null, error: null } });
      try {
        const answer = await requireApi().quarantine.show({ id });
        if (turn === showTurn) set({ shown: { id, answer, error: null } });
      } catch (error) {
        if (turn === showTurn) set({ shown: { id, answer: null, error: toAppError(error) } });
      }
    },

    hide: () => {
      showTurn++;
      set({ shown: null });
    },

    readAgain: async (id) => {
      if (get().reading[id]) return;
      set({ reading: { ...get().reading, [id]: true }, readErrors: without(get().readErrors, id) });
      try {
        const entry = await requireApi().quarantine.readAgain({ id });
        set({ entries: inOrder(get().entries.map((e) => (e.id === id ? entry : e))) });
      } catch (error) {
        set({ readErrors: { ...get().readErrors, [id]: toAppError(error) } });
      } finally {
        set({ reading: without(get().reading, id) });
      }
    },

    dismissReadError: (id) => set({ readErrors: without(get().readErrors, id) }),

    pointAtJob: (jobId) =>
      attempt(async () => {
        const find = () => get().entries.find((e) => e.jobId === jobId);
        if (!find()) await get().load();
        const entry = find();
        if (!entry)
          throw new AppError({
            code: 'not_found',
            message: `No kept answer of job ${jobId} is in the workspace.`,
            hint: 'Press "Check again" on the job to fetch its result from the service once more.',
          });
        set({ pointed: { id: entry.id, turn: ++pointTurn } });
        if (get().shown?.id !== entry.id) await get().show(entry.id);
      }),

    openResult: (entry) =>
      attempt(async () => {
        if (!entry.resultId) return;
        await useReviewStore.getState().openDocument(entry.documentId, entry.resultId);
        useAppStore.getState().setScreen('workspace');
      }),

    clearError: () => set({ error: null }),
  };
});
