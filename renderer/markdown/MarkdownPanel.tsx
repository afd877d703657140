import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { flagLabels, markdownLength, sliceMarkdown, type ParseModel } from '../../shared/grounding/parseModel.js';
import { neighbourPages, type LogicalTable } from '../../shared/grounding/logicalTables.js';
import { joinedTables } from './joinedTables.js';
import { afterPaint } from '../dom/afterPaint.js';
import { VirtualList, type ScrollRequest } from '../components/VirtualList.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { typeClass } from '../viewer/PageOverlay.js';
import { FollowToggle } from '../viewer/FollowToggle.js';
import { usePageFollow } from '../viewer/usePageFollow.js';
import { markExactText } from './exactHighlight.js';
import { blockHtml, blockHtmlWithinFrame, blockPlaceholder } from './blockHtml.js';
import { LogicalTableView } from './LogicalTableView.js';
import { blocksOf, firstBlockRow, markdownRows, ROWS_ABOVE_SELECTION } from './markdownRows.js';
import { RenderAroundFields } from './RenderAroundFields.js';

/** Models whose Markdown has been on screen. */
const shownModels = new WeakSet<ParseModel>();

/** The document's Markdown, one clickable block per top-level element, page by page; or the raw text. */
export function MarkdownPanel({ model }: { model: ParseModel }) {
  const [raw, setRaw] = useState(false);
  // Blocks are cut from the Markdown by their ranges; ranges in an unknown unit cut nothing, so
  // such a result is shown raw until the user unticks it for this result.
  const [renderedChosenFor, setRenderedChosenFor] = useState<ParseModel | null>(null);
  const showRaw = raw || (model.foreignRangeUnits !== null && renderedChosenFor !== model);
  // A table that crosses pages, opened as one (its first block's id), for this model only.
  const [openTable, setOpenTable] = useState<{ model: ParseModel; id: string } | null>(null);
  const table = openTable?.model === model ? (joinedTables(model).byTableId.get(openTable.id) ?? null) : null;
  const documentName = useReviewStore((s) => s.document?.name ?? 'document');
  // A result that opens shows its Markdown in a render of its own, once the frame that puts its
  // boxes on the page is painted: that frame then carries the page's boxes alone, not the
  // Markdown's rows (tens of ms on a 1,000-page result). A model shown before (the panel
  // switched back to, a rerun merged in) renders at once.
  const [paintedFor, setPaintedFor] = useState<ParseModel | null>(null);
  const opened = paintedFor === model || shownModels.has(model);
  if (opened) shownModels.add(model);
  useEffect(() => {
    if (opened) return undefined;
    const cancel = afterPaint(() => setPaintedFor(model));
    return cancel;
  }, [opened, model]);
  if (table && !showRaw)
    return (
      <div className="md-panel">
        <LogicalTableView table={table} documentName={documentName} onClose={() => setOpenTable(null)} />
      </div>
    );
  return (
    <div className="md-panel">
      {model.foreignRangeUnits !== null ? (
        <p className="small warning md-units-notice" data-testid="range-units-notice" role="status">
          ⚠ This result counts its ranges in “{model.foreignRangeUnits.slice(0, 80)}”, not Unicode code points. Its Markdown is shown whole
          and its boxes on the page, but nothing is linked or highlighted: a range in another unit would mark the wrong text.
        </p>
      ) : null}
      <div className="panel-toolbar">
        <label className="toggle">
          <input
            type="checkbox"
            checked={showRaw}
            onChange={(e) => {
              setRaw(e.target.checked);
              if (!e.target.checked) setRenderedChosenFor(model);
            }}
            data-testid="md-raw-toggle"
          />{' '}
          Raw Markdown
        </label>
        <FollowToggle />
      </div>
      {showRaw ? (
        <RawMarkdown model={model} />
      ) : !opened ? (
        <div className="virtual-list md-rendered" data-testid="md-rendered" aria-busy="true" />
      ) : (
        <RenderedMarkdown model={model} onOpenTable={(id) => setOpenTable({ model, id })} />
      )}
    </div>
  );
}

function RenderedMarkdown({ model, onOpenTable }: { model: ParseModel; onOpenTable: (tableId: string) => void }) {
  const selection = useReviewStore((s) => s.selection);
  const rows = useMemo(() => markdownRows(model), [model]);
  const selectedBlocks = useMemo(() => blocksOf(model, selection?.nodeIds ?? []), [model, selection]);
  const exactTexts = useMemo(
    () => (selection?.kind === 'field' ? selection.ranges.map((r) => sliceMarkdown(model, r)) : []),
    [model, selection],
  );
  const selectionTo = useMemo<ScrollRequest | null>(() => {
    const index = firstBlockRow(model, rows, selectedBlocks);
    return index < 0 ? null : { index };
  }, [selectedBlocks, rows, model]);
  const { scrollTo, onUserScroll } = usePageFollow(
    'markdown',
    selectionTo,
    useCallback((page: number) => rows.rowOfPage.get(page), [rows]),
    useCallback((row: number) => (row >= 0 && row < rows.count ? rows.pageNumber[row]! : null), [rows]),
  );

  useEffect(() => {
    // For the benchmark: the Markdown panel has drawn its first blocks for this model.
    requestAnimationFrame(() => performance.mark('gw:markdown-rendered'));
  }, [model]);

  const estimate = useCallback(
    (index: number) => {
      const node = rows.node[index] ?? -1;
      if (node < 0) return 34;
      const range = model.nodes.rangeAt(node);
      const length = range ? range.end - range.start : 0;
      return Math.max(30, Math.ceil(length / 55) * 21 + 10);
    },
    [rows, model],
  );
  const render = (index: number) => {
    const node = rows.node[index]!;
    if (node < 0) {
      const page = model.pages[-1 - node]!;
      return (
        <div className={`md-page-break${page.failed ? ' failed' : ''}`} data-testid="md-page" data-page={page.page}>
          Page {page.page}
          {page.status !== 'ok' ? ` · ${page.status}` : ''}
          {page.reason ? ` — ${page.reason}` : ''}
          {pageFlags(model, page.nodeId)}
        </div>
      );
    }
    const id = model.nodes.idAt(node);
    const selected = selectedBlocks.has(id);
    // A row drawn later above the selected block changes its height when its HTML comes; the list
    // scrolls to make up for it in the same frame, except near its top, where it cannot scroll far
    // enough: there the rows above are drawn at once too (elsewhere they would only lengthen the click's frame).
    const aboveSelection =
      selectionTo !== null &&
      selectionTo.index < 2 * ROWS_ABOVE_SELECTION &&
      index < selectionTo.index &&
      index >= selectionTo.index - ROWS_ABOVE_SELECTION;
    return (
      <MarkdownBlock
        model={model}
        id={id}
        page={rows.pageNumber[index]!}
        selected={selected}
        drawAtOnce={selected || aboveSelection}
        exactTexts={selected ? exactTexts : NO_TEXTS}
        onOpenTable={onOpenTable}
      />
    );
  };

  return (
    <>
      <RenderAroundFields model={model} rows={rows} />
      <VirtualList
        count={rows.count}
        estimate={estimate}
        render={render}
        scrollTo={scrollTo}
        onUserScroll={onUserScroll}
        className="md-rendered"
        testId="md-rendered"
      />
    </>
  );
}

const NO_TEXTS: string[] = [];

function pageFlags(model: ParseModel, nodeId: string) {
  const flags = model.nodes.get(nodeId)?.flags ?? [];
  return flags.length > 0 ? (
    <span className="md-flags" data-testid="node-flags" data-node-id={nodeId}>
      {' '}
      ⚠ {flagLabels(flags)}
    </span>
  ) : null;
}

const MarkdownBlock = memo(function MarkdownBlock({
  model,
  id,
  page,
  selected,
  drawAtOnce,
  exactTexts,
  onOpenTable,
}: {
  model: ParseModel;
  id: string;
  page: number;
  selected: boolean;
  /** Drawn in this frame whatever the frame's budget (the selected block, and the rows above it). */
  drawAtOnce: boolean;
  exactTexts: string[];
  onOpenTable: (tableId: string) => void;
}) {
  const selectNode = useReviewStore((s) => s.selectNode);
  const element = useRef<HTMLDivElement>(null);
  const node = model.nodes.get(id);
  // Others may wait a frame for their HTML (see blockHtml).
  const ready = drawAtOnce ? blockHtml(model, id) : blockHtmlWithinFrame(model, id);
  const html = ready ?? blockPlaceholder(model, id);
  const [, retry] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (ready !== null) return undefined;
    const frame = requestAnimationFrame(retry);
    return () => cancelAnimationFrame(frame);
  });

  // A field's value is usually part of a block: mark its exact characters inside the block, before
  // paint, so they light up in the frame that shows the block selected.
  useLayoutEffect(() => {
    markExactText(id, element.current, exactTexts);
    return () => markExactText(id, null, NO_TEXTS);
  }, [id, exactTexts, html]);

  if (!node) return null;
  const flags = node.flags.length > 0 ? flagLabels(node.flags) : null;
  return (
    <>
      {flags ? (
        <div className="md-flags" data-testid="node-flags" data-node-id={id}>
          ⚠ {flags}
        </div>
      ) : null}
      <div
        ref={element}
        role="button"
        tabIndex={0}
        data-testid="md-node"
        data-node-id={id}
        data-page={page}
        data-type={node.type}
        data-selected={selected ? 'true' : undefined}
        data-pending={ready === null ? 'true' : undefined}
        data-flagged={flags ? 'true' : undefined}
        title={flags ?? undefined}
        className={`md-node md-${typeClass(node.type)}`}
        onClick={() => selectNode(id)}
        onKeyDown={(e) => e.key === 'Enter' && selectNode(id)}
        // Safe HTML only: renderMarkdown's (DOMPurify-sanitized) or blockPlaceholder's (escaped text).
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {node.type === 'table' ? <TableAcrossPages model={model} tableId={id} onOpen={onOpenTable} /> : null}
    </>
  );
});

/** Under a table block that is part of a table crossing pages: where it goes on, and a way to see it whole. */
function TableAcrossPages({ model, tableId, onOpen }: { model: ParseModel; tableId: string; onOpen: (tableId: string) => void }) {
  const table: LogicalTable | undefined = joinedTables(model).byTableId.get(tableId);
  if (!table) return null;
  const { next, previous } = neighbourPages(table, tableId);
  const where = next !== null ? `Table continues on page ${next}` : `Table continued from page ${previous}`;
  return (
    <button
      type="button"
      className="md-table-across link-button"
      data-testid="table-across-pages"
      data-table-id={tableId}
      title={`Pages ${table.parts.map((p) => p.page).join(', ')}: ${table.rows.length} rows under one header`}
      onClick={() => onOpen(table.id)}
    >
      {where} — view as one table
    </button>
  );
}

/** The Markdown exactly as the service sent it, the selected ranges marked character for character. */
function RawMarkdown({ model }: { model: ParseModel }) {
  const selection = useReviewStore((s) => s.selection);
  const markRef = useRef<HTMLElement>(null);
  const ranges = [...(selection?.ranges ?? [])].sort((a, b) => a.start - b.start);
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const range of ranges) {
    if (range.start < at) continue;
    parts.push({ text: sliceMarkdown(model, { start: at, end: range.start }), marked: false });
    parts.push({ text: sliceMarkdown(model, range), marked: true });
    at = range.end;
  }
  parts.push({ text: sliceMarkdown(model, { start: at, end: markdownLength(model) }), marked: false });

  // Braces: an effect may return only a cleanup, and scrollIntoView returns a Promise in current Chromium.
  useEffect(() => {
    markRef.current?.scrollIntoView({ block: 'center' });
  }, [selection]);

  return (
    <pre className="md-raw" data-testid="md-raw">
      {parts.map((part, i) =>
        part.marked ? (
          <mark key={i} ref={i === 1 ? markRef : undefined} data-testid="md-raw-selected">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </pre>
  );
}
