import { memo, useCallback, useMemo, useState } from 'react';
import { flagLabels, type ModelNode, type ParseModel } from '../../shared/grounding/parseModel.js';
import { VirtualList, type ScrollRequest } from '../components/VirtualList.js';
import { useReviewStore } from '../review/reviewStore.js';

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
  const selected = useMemo(() => new Set(selection?.nodeIds ?? []), [selection]);
  const scrollTo = useMemo<ScrollRequest | null>(() => {
    const index = selection?.nodeIds.map((id) => rowOf.get(id)).find((i) => i !== undefined);
    return index === undefined ? null : { index };
  }, [selection, rowOf]);
  const estimate = useCallback(() => ROW_HEIGHT, []);

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
      </div>
      <VirtualList
        count={rows.length}
        estimate={estimate}
        render={(i) => <TreeRow node={rows[i]!} selected={selected.has(rows[i]!.id)} />}
        scrollTo={scrollTo}
        className="tree"
        testId="tree"
      />
    </div>
  );
}

const TreeRow = memo(function TreeRow({ node, selected }: { node: ModelNode; selected: boolean }) {
  const selectNode = useReviewStore((s) => s.selectNode);
  const isPage = node.type === 'page';
  return (
    <div
      role="treeitem"
      aria-selected={selected}
      data-testid="tree-node"
      data-node-id={node.id}
      data-selected={selected ? 'true' : undefined}
      className={`tree-row${isPage ? ' tree-page' : ''}${node.flags.length ? ' flagged' : ''}`}
      style={{ paddingLeft: `${(node.depth - 1) * 14 + 6}px` }}
      onClick={() => selectNode(node.id)}
    >
      <span className="tree-type">{node.type}</span> <span className="tree-id">{isPage ? `page ${node.page ?? ''}` : node.id}</span>
      {isPage && node.status !== 'ok' ? <span className="tree-status"> · {node.status}{node.reason ? ` — ${node.reason}` : ''}</span> : null}
      {node.cell ? <span className="tree-cell"> r{node.cell.row} c{node.cell.col}{node.cell.rowspan > 1 || node.cell.colspan > 1 ? ` (${node.cell.rowspan}×${node.cell.colspan})` : ''}</span> : null}
      {node.flags.length ? (
        <span className="tree-flags" data-testid="node-flags" data-flags={node.flags.join(' ')}>
          {' '}⚠ {flagLabels(node.flags)}
        </span>
      ) : null}
    </div>
  );
});
