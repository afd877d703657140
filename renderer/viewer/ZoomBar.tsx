import { useReviewStore } from '../state/review/reviewStore.js';
import { useViewStore } from './viewStore.js';

export type Zoom = 'fit-width' | 'fit-page' | number;

const PERCENTS = [50, 75, 100, 125, 150, 200, 300];
const MARGIN = 32;

/** A 20,000-pixel scan still fits a narrow viewer; the floor only keeps a scale above zero. */
const MIN_FIT_SCALE = 0.001;

/** The scale at which a page of `size` (CSS px at 100%) is drawn for a zoom setting. */
export function scaleFor(zoom: Zoom, size: { width: number; height: number }, viewport: { width: number; height: number }): number {
  if (zoom === 'fit-width') return Math.max(MIN_FIT_SCALE, (viewport.width - MARGIN) / size.width);
  if (zoom === 'fit-page')
    return Math.max(MIN_FIT_SCALE, Math.min((viewport.width - MARGIN) / size.width, (viewport.height - MARGIN) / size.height));
  return zoom / 100;
}

interface ZoomBarProps {
  zoom: Zoom;
  onZoom(zoom: Zoom): void;
  pageCount: number;
  /** pdf.js is still counting the document's pages. */
  counting: boolean;
  onPage(page: number): void;
}

/** The zoom and the page counter. It reads the current page itself: a page move re-renders this bar, not the viewer's pages. */
export function ZoomBar({ zoom, onZoom, pageCount, counting, onPage }: ZoomBarProps) {
  const page = useViewStore((s) => s.page);
  const showLines = useReviewStore((s) => s.showLines);
  const setShowLines = useReviewStore((s) => s.setShowLines);
  // Until pdf.js has counted the pages (or when it could not read them) no page can be chosen:
  // the box says why rather than drop what is typed.
  const pagesOff =
    pageCount > 0
      ? undefined
      : counting
        ? 'The document is still opening: a page can be chosen once its pages are counted.'
        : 'This PDF cannot be displayed, so it has no page to choose.';
  return (
    <div className="zoombar">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        ‹
      </button>
      <label className="page-counter">
        <input
          type="number"
          min={1}
          max={pageCount}
          value={page}
          data-testid="page-input"
          onChange={(e) => onPage(Number(e.target.value))}
          aria-label="Page number"
          disabled={pagesOff !== undefined}
          title={pagesOff}
        />
        <span data-testid="page-count">of {counting ? '…' : pageCount}</span>
      </label>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pageCount} aria-label="Next page">
        ›
      </button>
      <select
        data-testid="zoom"
        value={String(zoom)}
        onChange={(e) => onZoom(e.target.value === 'fit-width' || e.target.value === 'fit-page' ? e.target.value : Number(e.target.value))}
        aria-label="Zoom"
      >
        <option value="fit-width">Fit width</option>
        <option value="fit-page">Fit page</option>
        {PERCENTS.map((p) => (
          <option key={p} value={p}>
            {p}%
          </option>
        ))}
      </select>
      <label
        className="toggle small"
        title="Draw the atomic grounding boxes: per line, or per word with its confidence where the text was read by OCR"
      >
        <input type="checkbox" checked={showLines} onChange={(e) => setShowLines(e.target.checked)} data-testid="toggle-atomic" /> Lines
      </label>
    </div>
  );
}
