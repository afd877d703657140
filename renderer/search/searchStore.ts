import { create } from 'zustand';
import { AppError } from '../../shared/errors.js';
import type { SearchAnswer, SearchHit } from '../../shared/ipc/search.js';
import { requireApi } from '../ipc/client.js';
import { useReviewStore } from '../state/review/reviewStore.js';

/** A hit with the document it is in, as the list shows it (groups flattened, in order). */
export interface ListedHit extends SearchHit {
  documentId: string;
}

interface SearchState {
  open: boolean;
  text: string;
  answer: SearchAnswer | null;
  /** The hits in list order (the answer's groups one after the other). */
  hits: ListedHit[];
  /** The hit arrow keys are on (-1: none). */
  active: number;
  busy: boolean;
  error: AppError | null;
  show(): void;
  hide(): void;
  setText(text: string): void;
  /** Arrow keys: the next or previous hit, stopping at the ends. */
  move(direction: 1 | -1): void;
  setActive(index: number): void;
  /** Opens the hit's document and result and selects its block or field, as a click there would. */
  choose(index: number): Promise<void>;
}

/** Typing waits this long for the next key before asking main. */
const TYPING_PAUSE_MS = 120;
/** While main is still indexing, the open dialog asks again this often. */
const PENDING_RETRY_MS = 700;
let timer: ReturnType<typeof setTimeout> | null = null;
/** Only the answer to the latest query is shown. */
let asked = 0;

export const useSearchStore = create<SearchState>()((set, get) => {
  async function run(text: string): Promise<void> {
    const mine = ++asked;
    if (!text.trim()) {
      set({ answer: null, hits: [], active: -1, busy: false, error: null });
      return;
    }
    set({ busy: true });
    try {
      const answer = await requireApi().search.query({ text });
      if (mine !== asked) return;
      const hits = answer.groups.flatMap((g) => g.hits.map((h) => ({ ...h, documentId: g.documentId })));
      // Keeps the hit the arrow keys were on when the same words are asked again.
      const before = get().hits[get().active];
      const kept = before ? hits.findIndex((h) => h.resultId === before.resultId && h.ref === before.ref) : -1;
      set({ answer, hits, active: kept >= 0 ? kept : hits.length > 0 ? 0 : -1, busy: false, error: null });
      // Results still being indexed: asked again shortly, so their text shows up while the dialog is open.
      if (answer.pending > 0 && get().open) {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void (get().open && run(get().text)), PENDING_RETRY_MS);
      }
    } catch (error) {
      if (mine !== asked) return;
      set({
        answer: null,
        hits: [],
        active: -1,
        busy: false,
        error: error instanceof AppError ? error : new AppError({ code: 'search_failed', message: String(error) }),
      });
    }
  }

  return {
    open: false,
    text: '',
    answer: null,
    hits: [],
    active: -1,
    busy: false,
    error: null,
    show() {
      set({ open: true });
      // The workspace may have changed since the last look: the same words are asked again.
      if (get().text.trim()) void run(get().text);
    },
    hide() {
      set({ open: false });
    },
    setText(text) {
      set({ text });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void run(text), TYPING_PAUSE_MS);
    },
    move(direction) {
      const { hits, active } = get();
      if (hits.length === 0) return;
      set({ active: active < 0 ? 0 : Math.min(hits.length - 1, Math.max(0, active + direction)) });
    },
    setActive(active) {
      set({ active });
    },
    async choose(index) {
      const hit = get().hits[index];
      if (!hit) return;
      set({ open: false, active: index });
      const workspace = useReviewStore.getState();
      await workspace.openDocument(hit.documentId, hit.resultId);
      const now = useReviewStore.getState();
      // Another open started meanwhile, this one failed (its banner says why), or the hit's result is
      // gone and the document opened with another run, whose ids may repeat: nothing is selected.
      const shown = now.result?.id === hit.resultId || now.extraction?.id === hit.resultId;
      if (now.document?.id !== hit.documentId || now.documentStatus !== 'ready' || !shown) return;
      if (hit.target === 'node') now.selectNode(hit.ref);
      else now.selectField(hit.ref);
    },
  };
});
