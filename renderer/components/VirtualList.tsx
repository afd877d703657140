import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { afterPaint } from '../dom/afterPaint.js';
import { isRendered } from '../dom/isRendered.js';
import { SizeTree } from '../../shared/fenwick.js';
import { mountedRuns, runNear, type Run } from '../dom/mountedRuns.js';

/** Scroll so that this item is visible. Each new request object asks again, even for the same index. */
export interface ScrollRequest {
  index: number;
  /** 'nearest' (default): just into view, left alone if it already is. 'start': at the top of the list. */
  align?: 'nearest' | 'start';
}

/**
 * A row is the first in view once a line of it shows: a sliver of the row above left at the top
 * is not what the reviewer is reading (a panel following the list would go to that row's page).
 */
const IN_VIEW_PX = 16;

interface VirtualListProps {
  count: number;
  /** A first guess of an item's height in px; real heights replace it once measured. */
  estimate: (index: number) => number;
  render: (index: number) => ReactNode;
  scrollTo?: ScrollRequest | null;
  className?: string;
  testId?: string;
  /** Extra px rendered above and below the viewport. */
  overscan?: number;
  /** The reviewer scrolled the list (wheel, keys, scrollbar, touch; not a scroll request): the first item in view (a line of it at least). */
  onUserScroll?: (firstVisible: number) => void;
  /** A stable key for an item (its index when absent): a reordered item keeps its state and focus instead of remounting. */
  keyOf?: (index: number) => string;
  /** The items' container's ARIA role, e.g. 'list' (the items then bring their own listitem semantics). */
  role?: 'list';
  /** The items' container's accessible name. */
  label?: string;
}

/**
 * A list that mounts only the items near the viewport: padding stands in for the rest.
 * Heights start as estimates and are replaced by measurements (a size tree keeps offsets
 * O(log n)), so 60,000 Markdown blocks scroll like 60.
 */
export function VirtualList({
  count,
  estimate,
  render,
  scrollTo,
  className,
  testId,
  overscan = 800,
  onUserScroll,
  keyOf,
  role,
  label,
}: VirtualListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const sizes = useMemo(() => new SizeTree(Array.from({ length: count }, (_, i) => estimate(i))), [count, estimate]);
  // `skimming`: the last scroll moved farther than the overscan reaches (a scrollbar dragged, a
  // fling), so the rows mounted around the view would be gone before anyone saw them.
  const [viewport, setViewport] = useState<Viewport>({ top: 0, height: 800, skimming: false });
  const [measures, remeasured] = useReducer((n: number) => n + 1, 0);
  // `at`: where the item was put (px from the list's top), kept there while the rows around it
  // settle, however long they take (on a busy machine rows above can draw their HTML seconds
  // later): until someone else scrolls the list, the reviewer touches it or the items change.
  const pendingScroll = useRef<{ request: ScrollRequest; at?: number } | null>(null);
  // Where the list last put its own scroll while holding an item: found elsewhere at the next
  // render, it was someone else's scroll (a script, the keyboard, the reviewer) and the hold gives way.
  const placedTop = useRef<number | null>(null);
  // Whether the scrolling now is the reviewer's (after their gesture) or a scroll request's.
  const byReviewer = useRef(false);
  // While an item is held the list alone keeps it in place: the browser's scroll anchoring would
  // move the scroll under the hold (read as someone else's scroll, the hold would give way).
  const hold = useCallback((held: typeof pendingScroll.current) => {
    pendingScroll.current = held;
    if (scroller.current) scroller.current.style.overflowAnchor = held ? 'none' : '';
  }, []);
  const reviewerGesture = () => {
    byReviewer.current = true;
    hold(null);
  };
  /**
   * Puts the held item back where the hold put it, or first puts it there ('start': at the top;
   * 'nearest': just into view) unless `placedOnly`.
   */
  const keepHeldItem = useCallback(
    (placedOnly = false): void => {
      const pending = pendingScroll.current;
      const element = scroller.current;
      if (!pending || !element || (placedOnly && pending.at === undefined)) return;
      const item = element.querySelector<HTMLElement>(`:scope > div > [data-index="${pending.request.index}"]`);
      const offset = (of: HTMLElement) => of.getBoundingClientRect().top - element.getBoundingClientRect().top;
      // Scrolled by someone else since the list last placed it: the hold gives way, the item
      // moved by exactly that scroll. A row above it that changed height since the hold last put
      // it back (its HTML drawn in the same frame) is made up for this once: the browser's own
      // anchoring was off for that layout.
      const scrolledBy = placedTop.current === null ? 0 : element.scrollTop - placedTop.current;
      if (Math.abs(scrolledBy) > 1) {
        if (item && pending.at !== undefined) {
          const shift = offset(item) - (pending.at - scrolledBy);
          if (Math.abs(shift) > 0.5) element.scrollTop += shift;
        }
        hold(null);
        return;
      }
      if (!item) return;
      byReviewer.current = false;
      if (pending.at === undefined && pending.request.align !== 'start') {
        item.scrollIntoView({ block: 'nearest' });
        pending.at = offset(item);
      } else {
        pending.at ??= 0;
        const shift = offset(item) - pending.at;
        if (Math.abs(shift) > 0.5) element.scrollTop += shift;
      }
      placedTop.current = element.scrollTop;
    },
    [hold],
  );

  // A new scroll request moves the rendered window in this very render (no commit, effect and
  // second render first): the rows it needs are in the commit whose layout effect scrolls to them.
  // `kept`: the rows mounted when it jumped, which stay mounted until the jump settles.
  const [jump, setJump] = useState<{ request: ScrollRequest | null | undefined; sizes: SizeTree; top: number | null; kept: Run | null }>({
    request: undefined,
    sizes,
    top: null,
    kept: null,
  });
  // After a jump only the rows in view are mounted in the commit that shows them; the overscan
  // around them follows once that frame is painted, so a far click builds one viewport of rows.
  // The rows mounted before the jump stay until then too: a near jump (a block a few rows off)
  // would unmount them only to mount them again a frame later, and a far one would pay for
  // unmounting a whole window of rows (lists, tables) in the click's frame.
  // Jumps are counted, so a jump made in the same render that settles the previous one still gets its own settling.
  const [jumps, setJumps] = useState({ made: 0, settled: 0 });
  const justJumped = jumps.made !== jumps.settled;
  // While a jump settles or the list is skimmed, only the rows in view are mounted: the overscan
  // would be work in every frame for rows that are scrolled past unseen.
  const reach = justJumped || viewport.skimming ? 0 : overscan;
  const runs = mountedRuns(runNear(sizes, count, viewport, reach), justJumped ? jump.kept : null);
  if (jump.request !== scrollTo || jump.sizes !== sizes) {
    const top = scrollTo ? targetTop(scrollTo, sizes, count, viewport) : null;
    // (Not the rows an unsettled jump kept in turn: kept rows never pile up over quick jumps. A
    // request already in view moves nothing: an unsettled jump keeps what it kept.)
    const kept = jump.sizes !== sizes ? null : top === null ? jump.kept : runNear(sizes, count, viewport, reach);
    setJump({ request: scrollTo, sizes, top, kept });
    if (top !== null) {
      setViewport({ top, height: viewport.height, skimming: false });
      setJumps((current) => ({ ...current, made: current.made + 1 }));
    }
  }
  useEffect(() => {
    if (jumps.made === jumps.settled) return undefined;
    const cancel = afterPaint(() => setJumps((current) => ({ ...current, settled: jumps.made })));
    return cancel;
  }, [jumps]);
  // The overscan comes back once a frame has been painted with no scroll since the skim's last.
  useEffect(() => {
    if (!viewport.skimming) return undefined;
    const cancel = afterPaint(() => setViewport((current) => (current === viewport ? { ...current, skimming: false } : current)));
    return cancel;
  }, [viewport]);
  // Measure mounted items; a changed height updates the tree and re-renders once per frame.
  const observer = useMemo(() => {
    const scheduled = { frame: 0 };
    // The observer calls back after layout, never during a render (the rule cannot tell).
    // eslint-disable-next-line react-hooks/refs
    return new ResizeObserver((entries) => {
      // A list hidden with its screen (display: none) reports every row 0 px high: not its heights.
      if (!isRendered(scroller.current)) return;
      let changed = false;
      for (const entry of entries) {
        const index = Number((entry.target as HTMLElement).dataset.index);
        const height = entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight;
        if (Number.isInteger(index) && Math.abs(sizes.size(index) - height) > 0.5) {
          sizes.set(index, height);
          changed = true;
        }
      }
      // In the frame the heights changed (a row drawing its HTML by itself, with no render of the
      // list's): the held item does not move for a frame first.
      if (changed) keepHeldItem(true);
      if (changed && !scheduled.frame) {
        scheduled.frame = requestAnimationFrame(() => {
          scheduled.frame = 0;
          remeasured();
        });
      }
    });
  }, [sizes, keepHeldItem]);
  useEffect(() => () => observer.disconnect(), [observer]);
  // One callback for every render: a new one each render would unobserve and observe every
  // mounted item again (and the observer reports each newly observed item once more).
  const measured = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );
  // A scroll to where the list already is (the scroll event after a scroll request) renders nothing.
  const showViewport = useCallback((top: number, height: number, skimming = false) => {
    setViewport((current) =>
      current.top === top && current.height === height && current.skimming === skimming ? current : { top, height, skimming },
    );
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const resize = new ResizeObserver(() => {
      if (isRendered(element)) showViewport(element.scrollTop, element.clientHeight);
    });
    resize.observe(element);
    return () => resize.disconnect();
  }, [showViewport]);

  // A scroll request: jump near the item by its (estimated) offset, then align it once it is mounted.
  useLayoutEffect(() => {
    const element = scroller.current;
    const { request, top } = jump;
    if (!request || !element || request.index < 0 || request.index >= count) return;
    byReviewer.current = false;
    if (top !== null) {
      element.scrollTop = top;
      // Clamped at the end of the list: show where it really is.
      if (Math.abs(element.scrollTop - top) > 1) showViewport(element.scrollTop, element.clientHeight);
    }
    hold({ request });
    placedTop.current = element.scrollTop;
  }, [jump, count, showViewport, hold]);

  // Once mounted, the item is aligned by its real position ('start': at the top; 'nearest': just
  // into view) and held there while the rows around it mount and settle their heights (right
  // after a jump the rows above it are padding at estimated heights).
  useLayoutEffect(() => {
    keepHeldItem();
  });
  // Other items (another result's): a hold on an index of the ones before means nothing now.
  useLayoutEffect(() => () => hold(null), [sizes, hold]);

  // Heights measured after the reviewer's scroll has stopped move the rows under a still scrollTop,
  // with no scroll event: the row now at the top is reported too, or a follower keeps a stale one.
  useEffect(() => {
    const element = scroller.current;
    if (element && byReviewer.current && onUserScroll && count > 0) onUserScroll(sizes.indexAt(element.scrollTop + IN_VIEW_PX));
  }, [measures, onUserScroll, sizes, count]);

  const items: ReactNode[] = [];
  runs.forEach((run, k) => {
    // Between two runs (a jump settling far from where it started): the rows not mounted.
    if (k > 0)
      items.push(
        <div key="gap" aria-hidden="true" style={{ height: sizes.offsetOf(run.first) - sizes.offsetOf(runs[k - 1]!.last + 1) }} />,
      );
    for (let i = run.first; i <= run.last; i++) {
      items.push(
        <div key={`row:${keyOf ? keyOf(i) : i}`} data-index={i} ref={measured}>
          {render(i)}
        </div>,
      );
    }
  });
  const padTop = sizes.offsetOf(runs[0]!.first);
  const padBottom = Math.max(0, sizes.total() - sizes.offsetOf(runs.at(-1)!.last + 1));

  return (
    <div
      ref={scroller}
      className={`virtual-list ${className ?? ''}`}
      data-testid={testId}
      data-count={count}
      data-settling={justJumped ? 'true' : undefined}
      onScroll={(e) => {
        const { scrollTop, clientHeight } = e.currentTarget;
        if (clientHeight === 0 && !isRendered(e.currentTarget)) return;
        showViewport(scrollTop, clientHeight, Math.abs(scrollTop - viewport.top) > overscan);
        if (byReviewer.current && onUserScroll && count > 0) onUserScroll(sizes.indexAt(scrollTop + IN_VIEW_PX));
      }}
      onWheel={reviewerGesture}
      onPointerDown={reviewerGesture}
      onKeyDown={reviewerGesture}
      onTouchStart={reviewerGesture}
    >
      <div role={role} aria-label={label} style={{ paddingTop: padTop, paddingBottom: padBottom }}>
        {items}
      </div>
    </div>
  );
}

interface Viewport {
  top: number;
  height: number;
  skimming: boolean;
}

/** Where a request scrolls the list to (by the sizes known so far), or null when its item is already in view. */
function targetTop(request: ScrollRequest, sizes: SizeTree, count: number, viewport: Viewport): number | null {
  if (request.index < 0 || request.index >= count) return null;
  const top = sizes.offsetOf(request.index);
  if (request.align === 'start') return top;
  const bottom = top + sizes.size(request.index);
  if (top >= viewport.top && bottom <= viewport.top + viewport.height) return null;
  return Math.max(0, top - viewport.height / 3);
}
