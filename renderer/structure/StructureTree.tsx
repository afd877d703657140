import { memo, useCallback, useMemo, useState } from 'react';
import { languageNames } from '../../shared/contracts/pageOcr.js';
import { formatConfidence, nodeConfidences, scoreLabel, scoreSource } from '../../shared/grounding/confidence.js';
import { flagLabels, sliceMarkdown, type ModelNode, type ParseModel } from '../../shared/grounding/parseModel.js';
import { VirtualList, type ScrollRequest } from '../components/VirtualList.js';
import { useConfidenceSettings } from '../fields/confidenceSettings.js';
import { useReviewStore } from '../review/reviewStore.js';
import { FollowToggle } from '../viewer/FollowToggle.js';
import { usePageFollow } from '../viewer/usePageFollow.js';
import { nodeSnippet } from './nodeSnippet.js';

const ROW_HEIGHT = 24;

/** Document → pages (status, reason) → elements → table cells; filter by type. A row click selects its node. */
export function StructureTree({ model }: { model: ParseModel }) {
  const [typeFilter, setTypeFilter] = useState('all');
  const selection = useReviewStore((s) => s.selection);
  const types = useMemo(() => {
    const set = new Set<string>();
    for (const node of model.nodes.values()) if (node.type !== 'document' && node.type !== 'page') set.add(node.type);
    return [...set].sort();
  }, [model]);
  const rows = useMemo(
    () =>
      model.order
        .map((id) => model.nodes.get(id)!)
        .filter((n) => n.type !== 'document' && (n.type === 'page' || typeFilter === 'all' || n.type === typeFilter)),
    [model, typeFilter],
  );
  const rowOf = useMemo(() => new Map(rows.map((node, i) => [node.id, i])), [rows]);
  const rowOfPage = useMemo(() => {
    const map = new Map<number, number>();
    rows.forEach((node, i) => {
      if (node.type === 'page' && node.page !== null && !map.has(node.page)) map.set(node.page, i);
    });
    return map;
  }, [rows]);
  const selected = useMemo(() => new Set(selection?.nodeIds ?? []), [selection]);
  const selectionTo = useMemo<ScrollRequest | null>(() => {
    const index = selection?.nodeIds.map((id) => rowOf.get(id)).find((i) => i !== undefined);
    return index === undefined ? null : { index };
  }, [selection, rowOf]);
  const { scrollTo, onUserScroll } = usePageFollow(
    'tree',
    selectionTo,
    useCallback((page: number) => rowOfPage.get(page), [rowOfPage]),
    useCallback((row: number) => rows[row]?.page ?? null, [rows]),
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
        render={(i) => (
          <TreeRow
            node={rows[i]!}
            model={model}
            selected={selected.has(rows[i]!.id)}
            score={scores.get(rows[i]!.id)}
            scoreName={scoreName}
            low={(scores.get(rows[i]!.id) ?? 1) < threshold}
          />
        )}
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
      {isPage && node.status !== 'ok' ? <span className="tree-status"> · {node.status}{node.reason ? ` — ${node.reason}` : ''}</span> : null}
      {isPage && node.ocr ? (
        <span className="tree-ocr" data-testid="tree-ocr">
          {' '}· read by OCR ({languageNames(node.ocr.languages)}){node.status === 'ok' && node.reason ? ` — ${node.reason}` : ''}
        </span>
      ) : null}
      {node.cell ? <span className="tree-cell"> r{node.cell.row} c{node.cell.col}{node.cell.rowspan > 1 || node.cell.colspan > 1 ? ` (${node.cell.rowspan}×${node.cell.colspan})` : ''}</span> : null}
      {score !== undefined ? (
        <span className={`tree-confidence${low ? ' warning' : ''}`} data-testid="tree-confidence" data-confidence={score} title={`Lowest ${scoreName} of the words below`}>
          {' '}· {low ? '⚠ ' : ''}{formatConfidence(score)}
        </span>
      ) : null}
      {node.flags.length ? (
        <span className="tree-flags" data-testid="node-flags" data-flags={node.flags.join(' ')}>
          {' '}⚠ {flagLabels(node.flags)}
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
