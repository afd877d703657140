import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { selectionMembership, useSelectionMember } from '../state/review/selectionMembership.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import type { PageSummary, ParseModel } from '../../shared/grounding/parseModel.js';
import { OcrNote } from './OcrNote.js';
import { OverlayLayer, PageOverlay } from './PageOverlay.js';
import { drawingAbandoned, type PdfHandle } from './pdfjs.js';

interface PdfPageProps {
  pdf: PdfHandle;
  page: number;
  /** Size on screen in CSS pixels (the page as displayed, rotation applied). */
  width: number;
  height: number;
  model: ParseModel | null;
  failed: boolean;
  status: string | null;
  /** The page's summary in the result (OCR, reason). */
  info: PageSummary | undefined;
  /** Reports the page's own size (at 100%) when it differs from what the list assumed. */
  onSize(page: number, size: { width: number; height: number }): void;
  /** Called as a page in view starts drawing; the function it returns is called once that drawing has ended, however it ended. */
  onInViewDrawing(): () => void;
  /** Near the viewport (the viewer works it out from the scroll position): draw the canvas and the boxes. */
  near: boolean;
  /** In the viewport itself: drawn before pages that are only near it. */
  inView: boolean;
}

const pagesWithSelectedBoxes = selectionMembership(useReviewStore, (selection) => selection.boxes.map((box) => box.page));

/**
 * One page: a placeholder of the right size always; the canvas and the boxes only while
 * the page is near the viewport (released again when it scrolls far away).
 */
export const PdfPage = memo(function PdfPage({
  pdf,
  page,
  width,
  height,
  model,
  failed,
  status,
  info,
  onSize,
  onInViewDrawing,
  near,
  inView,
}: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Read when a drawing starts and ends: a page scrolling into view keeps the drawing it has.
  const inViewRef = useRef(inView);
  inViewRef.current = inView;
  const [drawError, setDrawError] = useState<string | null>(null);
  // The selection has a box here: its boxes are drawn in the same commit as the selection, before
  // the scroll that brings the page into view, not when the page scrolls near (the others are).
  const holdsSelection = useSelectionMember(pagesWithSelectedBoxes, page);

  useLayoutEffect(() => {
    // For the benchmark: the first page's boxes are on it.
    if (page === 1 && model && near) performance.mark('gw:first-page-boxes');
  }, [page, model, near]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!near || !canvas) return undefined;
    const ended = inViewRef.current ? onInViewDrawing() : () => undefined;
    const drawing = pdf.drawPage(page, canvas, width, (size) => onSize(page, size), inViewRef.current);
    drawing.promise
      .then(
        () => {
          canvas.setAttribute('data-rendered', 'true');
          // For the benchmark: the first page is drawn.
          if (page === 1) performance.mark('gw:first-page-drawn');
        },
        (error: unknown) => {
          // Closed, scrolled away or passed by meanwhile: nothing to show. Anything else is this page's own failure.
          if (drawingAbandoned(error)) return;
          setDrawError(error instanceof Error ? error.message : String(error));
        },
      )
      .finally(ended);
    return () => {
      drawing.cancel();
      // Release the bitmap: a far page keeps only its placeholder.
      canvas.width = 0;
      canvas.height = 0;
      canvas.removeAttribute('data-rendered');
    };
  }, [near, pdf, page, width, onSize, onInViewDrawing]);

  return (
    <div className={`page page-pdf${failed ? ' page-failed' : ''}`} data-testid="page" data-page={page} style={{ width, height }}>
      <canvas ref={canvasRef} className="page-canvas" style={{ width, height }} />
      <OverlayLayer>
        {model && (near || holdsSelection) ? <PageOverlay model={model} page={page} selectionOnly={!near} /> : null}
      </OverlayLayer>
      {failed || (status && status !== 'ok') ? (
        <div className="page-flag" data-testid="page-flag">
          {failed ? 'This page failed to parse' : `Page status: ${status}`}
        </div>
      ) : null}
      <OcrNote info={info} />
      {drawError ? (
        <div className="page-flag" data-testid="page-draw-error">
          This page cannot be drawn: {drawError}
        </div>
      ) : null}
    </div>
  );
});
