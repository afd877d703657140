import { create } from 'zustand';
import type { AppError } from '../../../shared/errors.js';
import type { LibraryEntry, TrashEntry } from '../../../shared/library.js';
import { attemptWith } from '../../ipc/attempt.js';
import { requireApi, subscribeEvents } from '../../ipc/client.js';
import { mergeEntries, withJobNews, withNews, type DocumentNews } from './libraryModel.js';

/** How many entries the first listing brings ahead of the rest: more than a window shows. */
const FIRST_ENTRIES = 60;
/** The most document ids one `library:list` takes (shared/ipc/documents.ts): more changed at once list everything. */
const MAX_LISTED_IDS = 1000;

interface LibraryState {
  library: LibraryEntry[];
  /** False until the whole library has been listed once: until then `library` may be its first entries only. */
  complete: boolean;
  /** The listing that would complete the library failed: nothing is listing it now (the next change or a retry will). */
  listingFailed: boolean;
  trash: TrashEntry[];
  /** What the filter box holds; the list shown is filterLibrary(library, filter). */
  filter: string;
  /** Jobs that finished on documents other than the open one; cleared when that document is seen. */
  news: DocumentNews;
  /** The document on screen: its own jobs are not news. Set by markSeen. */
  openDocumentId: string | null;
  error: AppError | null;

  /** Loads the library and the trash, and from then on reloads them whenever main says the workspace changed. */
  load(): Promise<void>;
  /**
   * The first load, started once (later calls answer the same promise): the window starts it
   * before its first render, so the listing is on its way while the app's code draws the window.
   */
  loadOnce(): Promise<void>;
  deleteDocument(documentId: string): Promise<void>;
  /** A parse result goes with the extractions made from it. */
  deleteResult(resultId: string): Promise<void>;
  restore(trashId: string): Promise<void>;
  setFilter(filter: string): void;
  /** The document is open: its news is read, and its jobs are not news while it stays open. */
  markSeen(documentId: string): void;
  /** A run outside the Jobs flow finished on a document that is not open: news for its entry. */
  noteNews(documentId: string, key: string, outcome: 'result' | 'failed'): void;
  /** A document's entry, listed again first if it (or the result wanted) is not known yet. */
  entry(documentId: string, resultId?: string): Promise<LibraryEntry | undefined>;
  clearError(): void;
}

/**
 * The library and the trash as main lists them. The one place that pulls `library:list`:
 * main announces every workspace change as an event, and this store reloads on it, so
 * actions never reload by hand.
 */
export const useLibraryStore = create<LibraryState>((set, get) => {
  const attempt = attemptWith(set);
  let listening = false;
  let loading: Promise<void> | null = null;
  let firstLoad: Promise<void> | null = null;
  /** What to list again: everything, and/or the documents a change named. */
  let staleAll = false;
  const staleDocuments = new Set<string>();
  let trashStale = false;

  /** Only the entries of the documents a change touched come again, and are merged in place. */
  const relistSome = async (documentIds: ReadonlySet<string>, listTrash: boolean) => {
    const api = requireApi();
    const [fresh, trash] = await Promise.all([
      api.library.list({ documentIds: [...documentIds] }),
      listTrash ? api.library.trash({}) : get().trash,
    ]);
    const listed = new Set(fresh.map((e) => e.document.id));
    const news = Object.fromEntries(Object.entries(get().news).filter(([id]) => !documentIds.has(id) || listed.has(id)));
    set({ library: mergeEntries(get().library, documentIds, fresh), trash, news });
  };

  /**
   * One listing at a time; changes announced during one lead to exactly one more. A change
   * that names its document lists that document's entry only; the trash is listed again
   * only when it changed (a delete, a restore, a purge).
   */
  const reload = (withTrash: boolean, documentId?: string): Promise<void> => {
    if (documentId) staleDocuments.add(documentId);
    else staleAll = true;
    trashStale ||= withTrash;
    loading ??= (async () => {
      try {
        while (staleAll || staleDocuments.size > 0) {
          const all = staleAll || !get().complete || staleDocuments.size > MAX_LISTED_IDS;
          const documentIds = new Set(staleDocuments);
          staleAll = false;
          staleDocuments.clear();
          const api = requireApi();
          const listTrash = trashStale;
          trashStale = false;
          if (!all) {
            await relistSome(documentIds, listTrash).catch((error: unknown) => {
              // Not merged after all: the next reload lists everything, the trash too.
              staleAll = true;
              trashStale ||= listTrash;
              throw error;
            });
            continue;
          }
          if (get().listingFailed) set({ listingFailed: false });
          // The first listing: the entries a window shows first are asked for (so answered) ahead of the thousands after them.
          const head = get().complete ? null : api.library.list({ first: FIRST_ENTRIES }).catch(() => null);
          const everything = Promise.all([api.library.list({}), listTrash ? api.library.trash({}) : get().trash]).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          if (head) {
            const entries = await head;
            if (entries && !get().complete) set({ library: entries });
          }
          const listed = await everything;
          if ('error' in listed) {
            // Not listed after all: the next reload lists the trash too.
            trashStale ||= listTrash;
            if (!get().complete) set({ listingFailed: true });
            throw listed.error;
          }
          const [library, trash] = listed.value;
          const known = new Set(library.map((e) => e.document.id));
          const news = Object.fromEntries(Object.entries(get().news).filter(([id]) => known.has(id)));
          set({ library, trash, news, complete: true });
        }
      } finally {
        loading = null;
      }
    })();
    return loading;
  };

  const listen = () => {
    if (listening) return;
    listening = true;
    subscribeEvents((event) => {
      if (event.type === 'workspace') void attempt(() => reload(event.change === 'trash', event.documentId));
      else if (event.type === 'job') {
        const news = withJobNews(get().news, event.job, get().openDocumentId);
        if (news !== get().news) set({ news });
      }
    });
  };

  return {
    library: [],
    complete: false,
    listingFailed: false,
    trash: [],
    filter: '',
    news: {},
    openDocumentId: null,
    error: null,

    load: () =>
      attempt(async () => {
        listen();
        await reload(true);
      }),
    loadOnce: () => (firstLoad ??= get().load()),
    deleteDocument: (documentId) => attempt(async () => void (await requireApi().library.delete({ documentId }))),
    deleteResult: (resultId) => attempt(async () => void (await requireApi().library.delete({ resultId }))),
    restore: (trashId) => attempt(async () => void (await requireApi().library.restore({ trashId }))),
    setFilter: (filter) => set({ filter }),
    markSeen: (documentId) => {
      const { [documentId]: _seen, ...news } = get().news;
      set({ openDocumentId: documentId, news });
    },
    noteNews: (documentId, key, outcome) => {
      const news = withNews(get().news, documentId, key, outcome, get().openDocumentId);
      if (news !== get().news) set({ news });
    },
    entry: async (documentId, resultId) => {
      const find = () => get().library.find((e) => e.document.id === documentId);
      const has = (entry: LibraryEntry | undefined) => !!entry && (!resultId || entry.results.some((r) => r.id === resultId));
      if (has(find())) return find();
      // Main announces a change before it answers the call that made it: the listing it set off is usually on its way.
      if (loading) await loading;
      if (has(find())) return find();
      listen();
      await reload(false, documentId);
      return find();
    },
    clearError: () => set({ error: null }),
  };
});
