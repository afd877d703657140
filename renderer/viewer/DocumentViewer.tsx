import { startTransition, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Selection } from '../../shared/grounding/selection.js';
import type { DocumentInfo } from '../../shared/document.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { isRendered } from '../dom/isRendered.js';
import { DocumentWarnings } from './DocumentWarnings.js';
import { ImagePage } from './ImagePage.js';
import { isStale } from '../state/review/documentScope.js';
import { inViewDrawing, pdfOpened, viewClosed } from '../state/review/firstPage.js';
import { viewerPassword } from '../state/library/protectedDocuments.js';
import { openPdf, type PageSize, type PdfHandle } from './pdfjs.js';
import { columnItems, PAGE_GAP, pageAt, pagesToMount, pageTops, type PageBox } from './pageColumn.js';
import { PdfPage } from './PdfPage.js';
import { ZoomBar, scaleFor, type Zoom } from './ZoomBar.js';
import { useViewStore, type PageSource } from './viewStore.js';

/** The document (mounted once per document): PDF pages (drawn near the viewport only) or an upright image, with zoom and page navigation. */
export function DocumentViewer({ document, bytes }: { document: DocumentInfo; bytes: Uint8Array }) {
  const model = useReviewStore((s) => s.model);
  const selectNode = useReviewStore((s) => s.selectNode);
  const scroller = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PdfHandle | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [zoom, setZoom] = useState<Zoom>('fit-width');
  const [viewport, setViewport] = useState({ width: 800, height: 600 });
  // The current page lives in the view store (the panels follow it); this viewer reports it. It
  // is read, not subscribed to: a page move must not re-render the viewer's thousand pages.
  const setPage = useViewStore((s) => s.setPage);
  // Who is scrolling the page view: the reviewer (wheel, keys, scrollbar, the page box) or this
  // viewer for a selection or a panel. A scroll is the reviewer's only after their own gesture.
  const scrollCause = useRef<PageSource>('viewer');
  const byReviewer = () => {
    scrollCause.current = 'viewer';
  };
  // Where the view was last scrolled to (see the place kept below).
  const lastScrollTop = useRef(0);
  /**
   * Scrolls the page view for `cause`. The place is kept from now, not from the scroll event a
   * frame later: the pages resized meanwhile (the scroll bar appearing as the pages first show)
   * would put the view back where it was.
   */
  const scrollViewTo = useCallback((top: number, cause: PageSource) => {
    const container = scroller.current;
    if (!container) return;
    scrollCause.current = cause;
    container.scrollTo({ top });
    lastScrollTop.current = container.scrollTop;
  }, []);
  const isPdf = document.mime === 'application/pdf';

  useEffect(() => {
    if (!isPdf) return undefined;
    // The open PDF belongs to this viewer: unmounting (another document) closes it, and every
    // page still drawing from it stops quietly.
    const open = new AbortController();
    openPdf(bytes, open.signal, viewerPassword(document.id)).then(
      (handle) => {
        if (open.signal.aborted) return;
        pdfOpened(document.id);
        setSizes(Array.from({ length: handle.numPages }, () => handle.firstPageSize));
        setPdf(handle);
      },
      (error: unknown) => {
        if (open.signal.aborted || isStale(error)) return;
        setLoadError(error instanceof Error ? error.message : String(error));
        viewClosed(document.id);
      },
    );
    return () => {
      open.abort();
      viewClosed(document.id);
    };
  }, [bytes, isPdf, document.id]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (isRendered(element)) setViewport({ width: element.clientWidth, height: element.clientHeight });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const pageCount = isPdf ? sizes.length : 1;
  const scaled = useMemo(
    () =>
      sizes.map((size) => {
        const scale = scaleFor(zoom, size, viewport);
        return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
      }),
    [sizes, zoom, viewport],
  );

  // A new document opens on its first page.
  useEffect(() => {
    setPage(1, 'open');
  }, [document.id, setPage]);

  // Pages near the viewport (half a viewport above and below) draw their canvas and boxes.
  // Worked out from the page sizes at each scroll: one observer per page cost every frame of
  // every scroll, the Markdown panel's too.
  const tops = useMemo(() => pageTops(scaled), [scaled]);

  const goToPage = (page: number) => {
    // A page is a whole number: one typed as 2.5 goes to the nearest page and shows it.
    const target = Math.min(Math.max(1, Math.round(page)), pageCount);
    if (!Number.isFinite(target) || target < 1 || target > tops.length) return;
    scrollViewTo(tops[target - 1]!, 'viewer');
    setPage(target, 'viewer');
  };

  // A zoom, a resized window or a page drawn at its own size changes the pages' sizes: the page at
  // the top of the view, and how far into it, stays where it was, so the reviewer keeps their place.
  // The place is the one last seen (updateNear reads it at every scroll): by now the scroll may be
  // cut short by a shorter column.
  const laidOut = useRef<{ tops: Float64Array; scaled: Array<{ height: number }> } | null>(null);
  useLayoutEffect(() => {
    const before = laidOut.current;
    laidOut.current = { tops, scaled };
    const container = scroller.current;
    if (!container || !before || before.tops.length !== tops.length || tops.length === 0) return;
    const top = lastScrollTop.current;
    const index = pageAt(before.tops, top) - 1;
    const into = (top - before.tops[index]!) / (before.scaled[index]!.height + PAGE_GAP);
    const next = Math.max(0, tops[index]! + into * (scaled[index]!.height + PAGE_GAP));
    if (Math.abs(next - container.scrollTop) > 0.5) container.scrollTop = next;
    lastScrollTop.current = next;
  }, [tops, scaled]);

  // The pages near the view, and of those the ones in it.
  const [near, setNear] = useState({ first: 1, last: 0, viewFirst: 1, viewLast: 0 });
  const updateNear = useCallback(() => {
    const container = scroller.current;
    if (!container) return;
    const top = container.scrollTop;
    lastScrollTop.current = top;
    const margin = container.clientHeight / 2;
    const next = {
      first: pageAt(tops, top - margin),
      last: pageAt(tops, top + container.clientHeight + margin),
      viewFirst: pageAt(tops, top),
      viewLast: pageAt(tops, top + Math.max(0, container.clientHeight - 1)),
    };
    setNear((current) =>
      current.first === next.first &&
      current.last === next.last &&
      current.viewFirst === next.viewFirst &&
      current.viewLast === next.viewLast
        ? current
        : next,
    );
  }, [tops]);
  // After the place is kept (above): the pages near it draw.
  useLayoutEffect(() => {
    updateNear();
  }, [updateNear, viewport]);

  // The page a third of the way down is the current one.
  const reportPage = () => {
    const container = scroller.current;
    if (!container || scaled.length === 0) return;
    const page = pageAt(tops, container.scrollTop + container.clientHeight / 3);
    // A panel's request set the page it asked for; where the view settles is not news (the
    // page a third of the way down can be the next one, and following that would walk on).
    const cause = scrollCause.current;
    if (cause !== 'markdown' && cause !== 'tree' && useViewStore.getState().page !== page) setPage(page, cause);
  };
  const onScroll = () => {
    if (scroller.current?.clientHeight === 0 && !isRendered(scroller.current)) return;
    if (scrollCause.current === 'viewer') {
      updateNear();
      reportPage();
      return;
    }
    // A scroll this viewer made (to a selection, to a panel's page) already shows what it was
    // for: the pages around it and the page number follow after that frame, not inside it.
    startTransition(updateNear);
    setTimeout(reportPage);
  };

  const pageInfo = useMemo(() => new Map((model?.pages ?? []).map((p) => [p.page, p])), [model]);
  const onPageSize = useCallback((page: number, size: PageSize) => {
    setSizes((current) => {
      const known = current[page - 1];
      if (!known || (Math.abs(known.width - size.width) < 0.5 && Math.abs(known.height - size.height) < 0.5)) return current;
      const next = [...current];
      next[page - 1] = size;
      return next;
    });
  }, []);
  const onInViewDrawing = useCallback(() => inViewDrawing(document.id), [document.id]);

  // The pages holding the selection stay mounted wherever the view is: the click that selects a
  // far field mounts its page in the commit that scrolls to it. Read as a key, so a click whose
  // boxes are on the same pages re-renders nothing here.
  const heldKey = useReviewStore((s) => selectionPagesKey(s.selection));
  const held = useMemo(() => (heldKey ? heldKey.split(' ').map(Number) : []), [heldKey]);
  const items = useMemo(() => columnItems(pagesToMount(near, held, pageCount), tops, scaled), [near, held, pageCount, tops, scaled]);
  // Spacers are as wide as the widest page: the column scrolls as far sideways wherever the view is.
  const widest = useMemo(() => scaled.reduce((width, size) => Math.max(width, size.width), 0), [scaled]);

  return (
    <div className="viewer">
      <ZoomBar zoom={zoom} onZoom={setZoom} pageCount={pageCount} counting={pageCount === 0 && loadError === null} onPage={goToPage} />
      <DocumentWarnings warnings={document.warnings} />
      <div
        ref={scroller}
        className="viewer-scroll"
        onScroll={onScroll}
        onWheel={byReviewer}
        onPointerDown={byReviewer}
        onKeyDown={byReviewer}
        onTouchStart={byReviewer}
        onClick={() => selectNode(null)}
        data-testid="viewer"
      >
        {loadError ? (
          <div className="error" data-testid="error" data-code="pdf_unreadable">
            <strong>This PDF cannot be displayed: {loadError}</strong>
          </div>
        ) : null}
        {isPdf && pdf
          ? items.map((item) =>
              item.kind === 'spacer' ? (
                <div key={`spacer-${item.firstPage}`} className="page-spacer" style={{ width: widest, height: item.height }} />
              ) : (
                <PdfPage
                  key={item.page}
                  pdf={pdf}
                  page={item.page}
                  width={scaled[item.page - 1]!.width}
                  height={scaled[item.page - 1]!.height}
                  model={model}
                  failed={pageInfo.get(item.page)?.failed ?? false}
                  status={pageInfo.get(item.page)?.status ?? null}
                  info={pageInfo.get(item.page)}
                  onSize={onPageSize}
                  onInViewDrawing={onInViewDrawing}
                  near={item.page >= near.first && item.page <= near.last}
                  inView={item.page >= near.viewFirst && item.page <= near.viewLast}
                />
              ),
            )
          : null}
        {/* An image is one page: its selections scroll into view too. */}
        {!isPdf || pdf ? <SelectionScroll scrollerRef={scroller} scrollViewTo={scrollViewTo} tops={tops} pages={scaled} /> : null}
        {!isPdf || pdf ? <PanelPageScroll scrollViewTo={scrollViewTo} tops={tops} /> : null}
        {!isPdf ? (
          <ImagePage bytes={bytes} mime={document.mime} zoom={zoom} viewport={viewport} model={model} onSize={(size) => setSizes([size])} />
        ) : null}
      </div>
    </div>
  );
}

/** The pages the selection has boxes on, ascending, as one key ('' for none). */
function selectionPagesKey(selection: Selection | null): string {
  if (!selection || selection.boxes.length === 0) return '';
  return [...new Set(selection.boxes.map((box) => box.page))].sort((a, b) => a - b).join(' ');
}

/** What the viewer's scroll helpers move, where they say who moved it, and where the pages start. */
interface ViewerScrollProps {
  scrollerRef: RefObject<HTMLDivElement | null>;
  scrollViewTo: (top: number, cause: PageSource) => void;
  tops: Float64Array;
}

/** A panel the reviewer scrolled asks for its page: go there (the panel already shows it). */
function PanelPageScroll({ scrollViewTo, tops }: Omit<ViewerScrollProps, 'scrollerRef'>) {
  const pageMove = useViewStore((s) => s.pageMove);
  const follow = useEffectEvent(() => {
    const { page, pageSource } = useViewStore.getState();
    if (pageSource !== 'markdown' && pageSource !== 'tree') return;
    if (page < 1 || page > tops.length) return;
    scrollViewTo(Math.max(0, tops[page - 1]! - PAGE_GAP / 2), pageSource);
  });
  useLayoutEffect(() => {
    follow();
  }, [pageMove]);
  return null;
}

/**
 * Scrolls the page view so the selection's first box is in view, unless it already is: in the
 * commit that draws the selection, before paint, so the frame that shows the highlight shows it
 * in place. Its own component, so a click does not re-render the viewer's thousand pages.
 */
function SelectionScroll({ scrollerRef, scrollViewTo, tops, pages }: ViewerScrollProps & { pages: readonly PageBox[] }) {
  const selection = useReviewStore((s) => s.selection);
  // Where the box is comes from the page sizes, not from the page's element: reading that forced
  // a layout of the column in the middle of the click.
  const bringIntoView = useEffectEvent((selection: Selection | null) => {
    const box = selection?.boxes[0];
    const container = scrollerRef.current;
    if (!box || !container || box.page < 1 || box.page > tops.length) return;
    const pageTop = tops[box.page - 1]!;
    const pageHeight = pages[box.page - 1]!.height;
    const top = pageTop + box.top * pageHeight;
    const bottom = pageTop + box.bottom * pageHeight;
    if (top < container.scrollTop || bottom > container.scrollTop + container.clientHeight) {
      scrollViewTo(Math.max(0, top - container.clientHeight / 3), 'selection');
    }
  });
  useLayoutEffect(() => {
    bringIntoView(selection);
  }, [selection]);
  return null;
}
