import { useEffect, useMemo, useRef, useState } from 'react';
import type { Selection } from '../../shared/grounding/selection.js';
import { sliceMarkdown, markdownLength, type ParseModel } from '../../shared/grounding/parseModel.js';
import { describeResult } from '../components/resultWords.js';
import { isStale } from '../state/review/documentScope.js';
import { viewerPassword } from '../state/library/protectedDocuments.js';
import { openPdf, type PdfHandle } from '../viewer/pdfjs.js';
import { ComparePage } from './ComparePage.js';
import { changedBoxes, rowPage, rowsOf, sideSelection, STATUS_WORDS, type CompareRow } from './compareRows.js';
import { useCompareStore, type Comparison } from '../state/compareStore.js';
import { isTyping } from '../dom/isTyping.js';

/** Rows listed at once; the rest are counted (a comparison of huge results is still summarised whole). */
const MAX_LISTED_ROWS = 2_000;
const CONTEXT = 60;

/**
 * Two runs of one document side by side: the summary on top, the differing rows first (both
 * values), and each side's page with its changed blocks marked and the selected row's boxes
 * and exact text. ↓/j and ↑/k move through the rows, Home/End go to the ends, ←/→ turn the
 * page, Esc closes.
 */
export function CompareView({ comparison }: { comparison: Comparison }) {
  const selected = useCompareStore((s) => s.selected);
  const page = useCompareStore((s) => s.page);
  const { select, setPage, close } = useCompareStore.getState();
  const [showSame, setShowSame] = useState(false);
  const rows = useMemo(() => rowsOf(comparison), [comparison]);
  const sameCount = rows.filter((r) => r.status === 'same').length;
  const listed = useMemo(
    () =>
      rows
        .map((row, index) => ({ row, index }))
        .filter(({ row, index }) => showSame || row.status !== 'same' || index === selected)
        .slice(0, MAX_LISTED_ROWS),
    [rows, showSame, selected],
  );
  const [pdf, setPdf] = useState<PdfHandle | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const isPdf = comparison.document.mime === 'application/pdf';
  const imageUrl = useMemo(
    () => (isPdf ? null : URL.createObjectURL(new Blob([comparison.bytes.slice()], { type: comparison.document.mime }))),
    [isPdf, comparison],
  );
  useEffect(() => () => (imageUrl ? URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);
  const pageCount = isPdf ? (pdf?.numPages ?? 1) : 1;

  useEffect(() => {
    if (!isPdf) return undefined;
    const open = new AbortController();
    openPdf(comparison.bytes, open.signal, viewerPassword(comparison.document.id)).then(
      (handle) => {
        if (!open.signal.aborted) setPdf(handle);
      },
      (error: unknown) => {
        if (!open.signal.aborted && !isStale(error)) setPdfError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => open.abort();
  }, [comparison, isPdf]);

  const choose = (index: number) => {
    select(index);
    const at = rowPage(comparison, index);
    if (at !== null) setPage(at);
  };

  // The keys work wherever the focus is (but in a text box): the capture phase keeps them from the review keys behind.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const at = listed.findIndex((l) => l.index === selected);
      const go = (k: number) => {
        const target = listed[Math.max(0, Math.min(listed.length - 1, k))];
        if (target) choose(target.index);
      };
      if (event.key === 'ArrowDown' || event.key === 'j') go(at < 0 ? 0 : at + 1);
      else if (event.key === 'ArrowUp' || event.key === 'k') go(at < 0 ? 0 : at - 1);
      else if (event.key === 'Home') go(0);
      else if (event.key === 'End') go(listed.length - 1);
      else if (event.key === 'ArrowRight' && page < pageCount) setPage(page + 1);
      else if (event.key === 'ArrowLeft' && page > 1) setPage(page - 1);
      else if (event.key === 'Escape') close();
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const selA = sideSelection(comparison, selected, 'a');
  const selB = sideSelection(comparison, selected, 'b');
  const summary = comparison.fields?.summary.text ?? comparison.blocks?.summary.text ?? '';
  const unpaired = comparison.blocks?.pagesNotPaired ?? [];

  return (
    <section className="compare" data-testid="compare-view" aria-label="Compare two runs">
      <header className="compare-header">
        <strong data-testid="compare-summary" role="status">
          {summary}
        </strong>
        <span className="muted small">
          {comparison.document.name} ·{' '}
          {comparison.kind === 'extract' ? 'fields matched by path, list items by content' : 'blocks matched by page, type, text and box'}
        </span>
        <button type="button" onClick={close} data-testid="compare-close">
          Close comparison
        </button>
      </header>
      {unpaired.length > 0 ? (
        <p className="notice small" data-testid="compare-unpaired">
          Page{unpaired.length === 1 ? '' : 's'} {unpaired.join(', ')} had too many blocks left over to pair by likeness: their unmatched
          blocks are counted as only in A or only in B.
        </p>
      ) : null}
      <div className="compare-body">
        <div className="compare-list" ref={listRef} role="listbox" aria-label="Differences" data-testid="compare-list">
          {listed.length === 0 ? <p className="muted small">No differences.</p> : null}
          {listed.map(({ row, index }) => (
            <RowButton key={row.key + index} row={row} selected={index === selected} onClick={() => choose(index)} />
          ))}
          {rows.length > MAX_LISTED_ROWS && listed.length === MAX_LISTED_ROWS ? (
            <p className="muted small">The first {MAX_LISTED_ROWS} rows are listed; the summary counts them all.</p>
          ) : null}
          {sameCount > 0 ? (
            <button type="button" className="link small" onClick={() => setShowSame(!showSame)} data-testid="compare-show-same">
              {showSame ? `Hide the ${sameCount} unchanged` : `Show the ${sameCount} unchanged`}
            </button>
          ) : null}
        </div>
        <div className="compare-sides">
          <div className="compare-pages-nav">
            <button
              type="button"
              disabled={page <= 1}
              title={page <= 1 ? 'This is the first page' : 'Previous page (←)'}
              onClick={() => setPage(page - 1)}
            >
              ◀
            </button>
            <span data-testid="compare-page-number">
              Page {page} of {pageCount}
            </span>
            <button
              type="button"
              disabled={page >= pageCount}
              title={page >= pageCount ? 'This is the last page' : 'Next page (→)'}
              onClick={() => setPage(page + 1)}
            >
              ▶
            </button>
            {pdfError ? <span className="error-text small">The document could not be drawn: {pdfError}</span> : null}
            <span className="compare-keys muted small">↓/j ↑/k rows · Home/End · ←/→ pages · Esc closes</span>
          </div>
          <div className="compare-columns">
            {(['a', 'b'] as const).map((side) => (
              <SideColumn
                key={side}
                side={side}
                comparison={comparison}
                selection={side === 'a' ? selA : selB}
                hasRow={selected >= 0}
                pdf={pdf}
                imageUrl={imageUrl}
                page={page}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

function RowButton({ row, selected, onClick }: { row: CompareRow; selected: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      className={`compare-row compare-row-${row.status}${selected ? ' selected' : ''}`}
      data-testid="compare-row"
      data-key={row.key}
      data-status={row.status}
      onClick={onClick}
    >
      <span className="compare-row-head">
        <span className="compare-row-label">{row.label}</span>
        <span className={`compare-status compare-status-${row.status}`}>{STATUS_WORDS[row.status]}</span>
      </span>
      <span className="compare-value" data-testid="compare-value-a">
        <b>A</b> {row.a ?? <i className="muted">absent</i>}
      </span>
      <span className="compare-value" data-testid="compare-value-b">
        <b>B</b> {row.b ?? <i className="muted">absent</i>}
      </span>
      {row.note ? <span className="muted small">{row.note}</span> : null}
    </button>
  );
}

function SideColumn(props: {
  side: 'a' | 'b';
  comparison: Comparison;
  selection: Selection | null;
  hasRow: boolean;
  pdf: PdfHandle | null;
  imageUrl: string | null;
  page: number;
}) {
  const { side, comparison, selection, hasRow, pdf, imageUrl, page } = props;
  const info = comparison[side].info;
  const model = comparison[side].model;
  const holder = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(300);
  useEffect(() => {
    const element = holder.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setWidth(Math.max(120, element.clientWidth - 8)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const marks = useMemo(() => changedBoxes(comparison, side, page), [comparison, side, page]);
  const elsewhere = selection && selection.pages.length > 0 && !selection.pages.includes(page) ? selection.pages : null;
  return (
    <div className="compare-column" ref={holder} data-testid={`compare-side-${side}`}>
      <div className="compare-column-head">
        <b>{side.toUpperCase()}</b> <span className="small">{describeResult(info)}</span>
        <span className="muted small"> · {new Date(info.createdAt).toLocaleString()}</span>
      </div>
      <div className="compare-excerpt" data-testid={`compare-excerpt-${side}`}>
        {!hasRow ? (
          <span className="muted small">Pick a row to see it in both runs.</span>
        ) : !model ? (
          <span className="muted small">The parse result this extraction was made from is gone: no place to show.</span>
        ) : !selection ? (
          <span className="muted small">Not in this run.</span>
        ) : selection.ranges.length === 0 ? (
          <span className="muted small">This run gives no place for it.</span>
        ) : (
          <Excerpt model={model} selection={selection} side={side} />
        )}
        {elsewhere ? (
          <span className="muted small" data-testid={`compare-elsewhere-${side}`}>
            {' '}
            (on page {elsewhere.join(', ')})
          </span>
        ) : null}
      </div>
      <div className="compare-page-holder">
        <ComparePage side={side} pdf={pdf} imageUrl={imageUrl} page={page} width={width} selected={selection?.boxes ?? []} marks={marks} />
      </div>
    </div>
  );
}

/** The first range's exact Markdown, marked, with a little of what surrounds it. */
function Excerpt({ model, selection, side }: { model: ParseModel; selection: Selection; side: 'a' | 'b' }) {
  const range = selection.ranges[0]!;
  const length = markdownLength(model);
  const before = sliceMarkdown(model, { start: Math.max(0, range.start - CONTEXT), end: range.start });
  const after = sliceMarkdown(model, { start: range.end, end: Math.min(length, range.end + CONTEXT) });
  return (
    <span className="compare-excerpt-text">
      {range.start > CONTEXT ? '…' : ''}
      {before}
      <mark data-testid={`compare-range-${side}`}>{sliceMarkdown(model, range)}</mark>
      {after}
      {range.end + CONTEXT < length ? '…' : ''}
      {selection.ranges.length > 1 ? <span className="muted small"> (+{selection.ranges.length - 1} more)</span> : null}
    </span>
  );
}
