import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { ModelNode, ParseModel } from '../../shared/grounding/parseModel.js';
import { useReviewStore } from '../review/reviewStore.js';

/** Document → pages (status, reason) → elements → table cells; filter by type. A row click selects its node. */
export function StructureTree({ model }: { model: ParseModel }) {
  const [typeFilter, setTypeFilter] = useState('all');
  const types = useMemo(() => {
    const set = new Set<string>();
    for (const node of model.nodes.values()) if (node.type !== 'document' && node.type !== 'page') set.add(node.type);
    return [...set].sort();
  }, [model]);
  const rows = useMemo(
    () => model.order.map((id) => model.nodes.get(id)!).filter((n) => n.type === 'page' || typeFilter === 'all' || n.type === typeFilter),
    [model, typeFilter],
  );
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
      </div>
      <ul className="tree" role="tree">
        {rows.map((node) => (node.type === 'document' ? null : <TreeRow key={node.id} node={node} />))}
      </ul>
    </div>
  );
}

const TreeRow = memo(function TreeRow({ node }: { node: ModelNode }) {
  const selected = useReviewStore((s) => s.selection?.nodeIds.includes(node.id) ?? false);
  const selectNode = useReviewStore((s) => s.selectNode);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const isPage = node.type === 'page';
  return (
    <li
      ref={ref}
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
      {node.flags.length ? <span className="tree-flags" title={node.flags.join(', ')}> ⚠ {node.flags.join(', ')}</span> : null}
    </li>
  );
});
