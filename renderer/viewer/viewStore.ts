import { create } from 'zustand';

/**
 * Who moved the viewer's page last: the reviewer in the page view ('viewer'), a panel the
 * reviewer scrolled ('markdown', 'tree'), the viewer bringing a selection into view
 * ('selection'), a document just opened ('open'), or the lock just released ('follow').
 * The panels follow 'viewer' and 'follow' moves; the viewer follows 'markdown' and 'tree'
 * moves; nobody follows its own, so a move never comes back as another.
 */
export type PageSource = 'viewer' | 'markdown' | 'tree' | 'selection' | 'open' | 'follow';

export interface ViewState {
  /** The page the viewer is on (1-based): the one owner of this fact. */
  page: number;
  pageSource: PageSource;
  /** Counts every move, so asking for the same page again still moves. */
  pageMove: number;
  /** Panels and viewer follow each other's page; off is the lock. Remembered across sessions. */
  follow: boolean;
  setPage(page: number, source: PageSource): void;
  setFollow(follow: boolean): void;
}

const FOLLOW_KEY = 'groundwork.followPages';

function storedFollow(): boolean {
  try {
    return globalThis.localStorage?.getItem(FOLLOW_KEY) !== 'off';
  } catch {
    return true;
  }
}

export const useViewStore = create<ViewState>((set, get) => ({
  page: 1,
  pageSource: 'open',
  pageMove: 0,
  follow: storedFollow(),
  setPage(page, source) {
    const current = get();
    // The viewer reports the page it already shows: not a move.
    if (current.page === page && (source === 'viewer' || source === 'selection')) return;
    set({ page, pageSource: source, pageMove: current.pageMove + 1 });
  },
  setFollow(follow) {
    try {
      globalThis.localStorage?.setItem(FOLLOW_KEY, follow ? 'on' : 'off');
    } catch {
      // No storage (a locked-down profile): the lock lasts for this session.
    }
    // Released: the panels come back to the viewer's page.
    set((s) => (follow ? { follow, pageSource: 'follow', pageMove: s.pageMove + 1 } : { follow }));
  },
}));

/** How long a page has to stay the same before the other side follows it (fast scrolling stays smooth). */
export const FOLLOW_DELAY_MS = 100;
