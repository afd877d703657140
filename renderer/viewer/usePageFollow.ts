import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ScrollRequest } from '../components/VirtualList.js';
import { FOLLOW_DELAY_MS, useViewStore, type ViewState } from './viewStore.js';

interface PageFollow {
  /** Where the panel should scroll: its selection's row or, when the viewer moved since, the viewer's page. */
  scrollTo: ScrollRequest | null;
  /** For the panel's list: the reviewer scrolled it to this row. */
  onUserScroll: (row: number) => void;
}

/**
 * A panel (the Markdown, the structure tree) and the page view follow each other's page,
 * unless the lock is on. The panel follows only the reviewer's own moves of the page view
 * (not a selection brought into view, not a move this panel asked for) and asks the viewer
 * only after the reviewer's own scroll of the panel (not a scroll request), so no move
 * comes back. Both sides wait until the page has held still for a moment.
 */
export function usePageFollow(
  source: 'markdown' | 'tree',
  selectionTo: ScrollRequest | null,
  rowOfPage: (page: number) => number | undefined,
  pageOfRow: (row: number) => number | null,
): PageFollow {
  const lookups = useRef({ rowOfPage, pageOfRow });
  useLayoutEffect(() => {
    lookups.current = { rowOfPage, pageOfRow };
  }, [rowOfPage, pageOfRow]);

  // The request shown is the last one made: a new selection's, or the viewer's page after it.
  // Opened (say, its tab chosen) with nothing selected and the viewer on a later page: open there.
  const [shown, setShown] = useState<{ selection: ScrollRequest | null; request: ScrollRequest | null }>(() => {
    const { follow, page } = useViewStore.getState();
    const index = follow && page > 1 && !selectionTo ? rowOfPage(page) : undefined;
    return { selection: selectionTo, request: selectionTo ?? (index === undefined ? null : { index, align: 'start' }) };
  });
  if (shown.selection !== selectionTo) setShown({ selection: selectionTo, request: selectionTo });

  // The reviewer moved the page view (or released the lock): come along once the page holds still.
  // Watched outside React: a page move this panel does not follow (a selection brought into view)
  // re-renders nothing, so the frame that shows a click's highlight carries no panel render.
  const following = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The move this panel opened at; one made before its subscription below (a panel mounted a
  // frame after its result, say) is followed like any later one.
  const [openedAtMove] = useState(() => useViewStore.getState().pageMove);
  useEffect(() => {
    const followLater = (state: ViewState) => {
      clearTimeout(following.current);
      following.current = undefined;
      if (!state.follow || (state.pageSource !== 'viewer' && state.pageSource !== 'follow')) return;
      following.current = setTimeout(() => {
        following.current = undefined;
        const index = lookups.current.rowOfPage(useViewStore.getState().page);
        if (index !== undefined) setShown((current) => ({ ...current, request: { index, align: 'start' } }));
      }, FOLLOW_DELAY_MS);
    };
    const unsubscribe = useViewStore.subscribe((state, previous) => {
      if (state.pageMove !== previous.pageMove || state.follow !== previous.follow) followLater(state);
    });
    const now = useViewStore.getState();
    if (now.pageMove !== openedAtMove) followLater(now);
    return () => {
      unsubscribe();
      clearTimeout(following.current);
    };
  }, [openedAtMove]);

  // The reviewer scrolled this panel: the viewer comes to its page once it holds still.
  const pending = useRef<{ page: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
    },
    [],
  );

  // A selection made while either side waited to follow the other wins: the page move it came
  // after is older news, and following it would take the selection out of view.
  useLayoutEffect(() => {
    if (!selectionTo) return;
    clearTimeout(following.current);
    following.current = undefined;
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  }, [selectionTo]);
  const onUserScroll = useCallback(
    (row: number) => {
      const page = lookups.current.pageOfRow(row);
      if (page === null || !useViewStore.getState().follow || pending.current?.page === page) return;
      if (pending.current) clearTimeout(pending.current.timer);
      const timer = setTimeout(() => {
        pending.current = null;
        const state = useViewStore.getState();
        if (state.follow && state.page !== page) state.setPage(page, source);
      }, FOLLOW_DELAY_MS);
      pending.current = { page, timer };
    },
    [source],
  );

  return { scrollTo: shown.selection !== selectionTo ? selectionTo : shown.request, onUserScroll };
}
