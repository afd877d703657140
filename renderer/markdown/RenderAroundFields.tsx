import { useEffect } from 'react';
import type { ParseModel } from '../../shared/grounding/parseModel.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { renderBlockAhead } from './blockHtml.js';
import { joinedTables } from './joinedTables.js';
import type { MarkdownRows } from './markdownRows.js';
import { blocksAroundFields, renderEach, runWhenIdle } from './renderAhead.js';

/**
 * Renders, while the window is idle, the Markdown a click on any field will show, so a click
 * mounts blocks already rendered instead of parsing and sanitizing them in the frame that
 * shows the highlight: a reviewer visits most fields once, so most clicks are a field's first.
 * Tables across pages are joined then too (a table block's row needs them). Its own
 * component, so a change of the fields re-renders nothing else.
 */
export function RenderAroundFields({ model, rows }: { model: ParseModel; rows: MarkdownRows }): null {
  const fields = useReviewStore((s) => s.fields);
  const fieldRanges = useReviewStore((s) => s.fieldRanges);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function' || fields.length === 0) return undefined;
    const stop = new AbortController();
    const rangesInFieldOrder = fields.map((field) => fieldRanges.get(field.path) ?? []);
    const render = (id: string) => {
      const length = renderBlockAhead(model, id);
      if (model.nodes.typeAt(model.nodes.indexOf(id)) === 'table') joinedTables(model);
      return length;
    };
    runWhenIdle(renderEach(blocksAroundFields(model, rows, rangesInFieldOrder), render), stop.signal);
    return () => stop.abort();
  }, [model, rows, fields, fieldRanges]);
  return null;
}
