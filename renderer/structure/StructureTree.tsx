import { memo, useCallback, useMemo, useState } from 'react';
import { languageNames } from '../../shared/contracts/pageOcr.js';
import { formatConfidence, nodeConfidences, scoreLabel, scoreSource } from '../../shared/grounding/confidence.js';
import { flagLabels, sliceMarkdown, type ModelNode, type ParseModel } from '../../shared/grounding/parseModel.js';
import { VirtualList, type ScrollRequest } from '../components/VirtualList.js';
import { useConfidenceSettings } from '../state/fields/confidenceSettings.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { FollowToggle } from '../viewer/FollowToggle.js';
import { usePageFollow } from '../viewer/usePageFollow.js';
import { nodeSnippet } from '../../shared/grounding/nodeSnippet.js';

const ROW_HEIGHT = 24;

/** Document → pages (status, reason) → elements → table cells; filter by type. A row click selects its node. */
export function StructureTree({ model }: { model: ParseModel }) {
  const [typeFilter, setTypeFilter] = useState('all');
  const selection = useReviewStore((s) => s.selection);
  const types = useMemo(() => model.columns.typeNames.filter((t) => t !== 'document' && t !== 'page').sort(), [model]);
  // Rows are node indices: the tree's 60,000 nodes are materialised only as rows come into view.
  const rows = useMemo(() => {
    const nodes = model.nodes;
    const out: number[] = [];
    for (let i = 0; i < nodes.size; i++) {
      const type = nodes.typeAt(i);
      if (type !== 'document' && (type === 'page' || typeFilter === 'all' || type === typeFilter)) out.push(i);
    }
    return Int32Array.from(out);
  }, [model, typeFilter]);
  const rowOfNode = useMemo(() => {
    const map = new Int32Array(model.nodes.size).fill(-1);
    rows.forEach((node, row) => (map[node] = row));
    return map;
  }, [model, rows]);
  const rowOfPage = useMemo(() => {
    const map = new Map<number, number>();
    rows.forEach((node, i) => {
      const page = model.nodes.pageAt(node);
      if (model.nodes.typeAt(node) === 'page' && page !== null && !map.has(page)) map.set(page, i);
    });
    return map;
  }, [model, rows]);
  const selected = useMemo(() => new Set(selection?.nodeIds ?? []), [selection]);
  const selectionTo = useMemo<ScrollRequest | null>(() => {
    const index = selection?.nodeIds.map((id) => rowOfNode[model.nodes.indexOf(id)] ?? -1).find((i) => i >= 0);
    return index === undefined ? null : { index };
  }, [selection, rowOfNode, model]);
  const { scrollTo, onUserScroll } = usePageFollow(
    'tree',
    selectionTo,
    useCallback((page: number) => rowOfPage.get(page), [rowOfPage]),
    useCallback((row: number) => (row >= 0 && row < rows.length ? model.nodes.pageAt(rows[row]!) : null), [rows, model]),
  );
  const estimate = useCallback(() => ROW_HEIGHT, []);
  const scores = useMemo(() => nodeConfidences(model), [model]);
  const scoreName = useMemo(() => scoreLabel(scoreSource(model)), [model]);
  const threshold = useConfidenceSettings((s) => s.threshold);

  return (
    <div className="tree-panel">
      <div className="panel-toolbar">
        <label>
          Type{' '}
          <select value={typeFilter} onChange={(e) => setTypeFilter(e.target.value)} data-testid="tree-filter">
            <option value="all">all</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <span className="muted">{rows.length.toLocaleString()} rows</span>
        <FollowToggle />
      </div>
      <VirtualList
        count={rows.length}
        estimate={estimate}
        render={(i) => {
          const node = model.nodes.at(rows[i]!);
          return (
            <TreeRow
              node={node}
              model={model}
              selected={selected.has(node.id)}
              score={scores.get(node.id)}
              scoreName={scoreName}
              low={(scores.get(node.id) ?? 1) < threshold}
            />
          );
        }}
        keyOf={(i) => String(rows[i])}
        scrollTo={scrollTo}
        onUserScroll={onUserScroll}
        className="tree"
        testId="tree"
      />
    </div>
  );
}

const TreeRow = memo(function TreeRow({
  node,
  model,
  selected,
  score,
  scoreName,
  low,
}: {
  node: ModelNode;
  model: ParseModel;
  selected: boolean;
  /** The lowest word score below the node (a page's, a table's over its cells); undefined when unscored. */
  score: number | undefined;
  scoreName: string;
  low: boolean;
}) {
  const selectNode = useReviewStore((s) => s.selectNode);
  const isPage = node.type === 'page';
  // Only the rows in view are rendered, so only their snippets are ever computed.
  const snippet = useMemo(() => (isPage ? '' : nodeSnippet((range) => sliceMarkdown(model, range), node.range)), [isPage, model, node]);
  return (
    <div
      role="treeitem"
      aria-selected={selected}
      aria-label={`${node.type} ${node.id}${snippet ? `: ${snippet}` : ''}`}
      title={node.id}
      data-testid="tree-node"
      data-node-id={node.id}
      data-type={node.type}
      data-page={node.page ?? undefined}
      data-selected={selected ? 'true' : undefined}
      className={`tree-row${isPage ? ' tree-page' : ''}${node.flags.length ? ' flagged' : ''}`}
      style={{ paddingLeft: `${(node.depth - 1) * 14 + 6}px` }}
      onClick={() => selectNode(node.id)}
    >
      <span className="tree-type">{node.type}</span>
      {isPage ? <span className="tree-id"> page {node.page ?? ''}</span> : null}
      {isPage && node.status !== 'ok' ? (
        <span className="tree-status">
          {' '}
          · {node.status}
          {node.reason ? ` — ${node.reason}` : ''}
        </span>
      ) : null}
      {isPage && node.ocr ? (
        <span className="tree-ocr" data-testid="tree-ocr">
          {' '}
          · read by OCR ({languageNames(node.ocr.languages)}){node.status === 'ok' && node.reason ? ` — ${node.reason}` : ''}
        </span>
      ) : null}
      {node.cell ? (
        <span className="tree-cell">
          {' '}
          r{node.cell.row} c{node.cell.col}
          {node.cell.rowspan > 1 || node.cell.colspan > 1 ? ` (${node.cell.rowspan}×${node.cell.colspan})` : ''}
        </span>
      ) : null}
      {score !== undefined ? (
        <span
          className={`tree-confidence${low ? ' warning' : ''}`}
          data-testid="tree-confidence"
          data-confidence={score}
          title={`Lowest ${scoreName} of the words below`}
        >
          {' '}
          · {low ? '⚠ ' : ''}
          {formatConfidence(score)}
        </span>
      ) : null}
      {node.flags.length ? (
        <span className="tree-flags" data-testid="node-flags" data-flags={node.flags.join(' ')}>
          {' '}
          ⚠ {flagLabels(node.flags)}
        </span>
      ) : null}
      {snippet ? (
        <>
          <span className="tree-sep"> · </span>
          <span className="tree-snippet">&quot;{snippet}&quot;</span>
        </>
      ) : null}
    </div>
  );
});
