import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { ParseModel } from '../../shared/grounding/parseModel.js';
import { blockOf } from '../../shared/grounding/selection.js';
import { useReviewStore } from '../review/reviewStore.js';
import { typeClass } from '../viewer/PageOverlay.js';
import { clearExactHighlight, highlightExactText } from './exactHighlight.js';
import { renderMarkdown } from './renderMarkdown.js';

/** The document's Markdown, one clickable block per top-level element, page by page; or the raw text. */
export function MarkdownPanel({ model }: { model: ParseModel }) {
  const [raw, setRaw] = useState(false);
  return (
    <div className="md-panel">
      <div className="panel-toolbar">
        <label className="toggle">
          <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} data-testid="md-raw-toggle" /> Raw Markdown
        </label>
      </div>
      {raw ? <RawMarkdown model={model} /> : <RenderedMarkdown model={model} />}
    </div>
  );
}

function RenderedMarkdown({ model }: { model: ParseModel }) {
  const selection = useReviewStore((s) => s.selection);
  const container = useRef<HTMLDivElement>(null);
  const selectedBlocks = useMemo(() => {
    const blocks = new Set<string>();
    for (const id of selection?.nodeIds ?? []) {
      const block = blockOf(model, id);
      if (block) blocks.add(block);
    }
    return blocks;
  }, [model, selection]);

  useEffect(() => {
    const first = [...selectedBlocks][0];
    if (!first) return;
    container.current?.querySelector(`[data-testid="md-node"][data-node-id="${CSS.escape(first)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedBlocks]);

  // A field's value is usually part of a block: mark its exact characters inside the block.
  useEffect(() => {
    const root = container.current;
    if (!root || selection?.kind !== 'field') return clearExactHighlight();
    const blocks = [...selectedBlocks]
      .map((id) => root.querySelector<HTMLElement>(`[data-testid="md-node"][data-node-id="${CSS.escape(id)}"]`))
      .filter((el): el is HTMLElement => el !== null);
    highlightExactText(blocks, selection.ranges.map((r) => model.markdown.slice(r.start, r.end)));
    return clearExactHighlight;
  }, [model, selection, selectedBlocks]);

  return (
    <div className="md-rendered" ref={container}>
      {model.pages.map((page) => (
        <section key={page.nodeId} className="md-page">
          <div className={`md-page-break${page.failed ? ' failed' : ''}`}>
            Page {page.page}
            {page.status !== 'ok' ? ` · ${page.status}` : ''}
            {page.reason ? ` — ${page.reason}` : ''}
          </div>
          {(model.nodes.get(page.nodeId)?.childIds ?? []).map((id) => (
            <MarkdownBlock key={id} model={model} id={id} selected={selectedBlocks.has(id)} />
          ))}
        </section>
      ))}
    </div>
  );
}

const MarkdownBlock = memo(function MarkdownBlock({ model, id, selected }: { model: ParseModel; id: string; selected: boolean }) {
  const selectNode = useReviewStore((s) => s.selectNode);
  const node = model.nodes.get(id);
  const html = useMemo(() => (node?.range ? renderMarkdown(model.markdown.slice(node.range.start, node.range.end)) : ''), [model, node]);
  if (!node) return null;
  return (
    <div
      role="button"
      tabIndex={0}
      data-testid="md-node"
      data-node-id={id}
      data-type={node.type}
      data-selected={selected ? 'true' : undefined}
      data-flagged={node.flags.length > 0 ? 'true' : undefined}
      title={node.flags.length > 0 ? node.flags.join(', ') : undefined}
      className={`md-node md-${typeClass(node.type)}`}
      onClick={() => selectNode(id)}
      onKeyDown={(e) => e.key === 'Enter' && selectNode(id)}
      // Sanitized by renderMarkdown (DOMPurify) before it gets here.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});

/** The Markdown exactly as the service sent it, the selected ranges marked character for character. */
function RawMarkdown({ model }: { model: ParseModel }) {
  const selection = useReviewStore((s) => s.selection);
  const markRef = useRef<HTMLElement>(null);
  const ranges = [...(selection?.ranges ?? [])].sort((a, b) => a.start - b.start);
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const range of ranges) {
    if (range.start < at) continue;
    parts.push({ text: model.markdown.slice(at, range.start), marked: false });
    parts.push({ text: model.markdown.slice(range.start, range.end), marked: true });
    at = range.end;
  }
  parts.push({ text: model.markdown.slice(at), marked: false });

  useEffect(() => markRef.current?.scrollIntoView({ block: 'center' }), [selection]);

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
