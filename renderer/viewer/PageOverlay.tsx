import { memo, useMemo, type ReactNode } from 'react';
import { formatConfidence, scoreLabel, scoreSource, weakestWord } from '../../shared/grounding/confidence.js';
import type { Selection } from '../../shared/grounding/selection.js';
import { boxesOnPageLargestFirst, flagLabels, sliceMarkdown, type ParseModel } from '../../shared/grounding/parseModel.js';
import { useConfidenceSettings } from '../state/fields/confidenceSettings.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { boxStyle } from './boxStyle.js';

/**
 * The boxes of one page, drawn as percentages of the page so they sit right at every zoom, into
 * the page's overlay layer (`OverlayLayer`). Bigger boxes are drawn first, so a cell inside its
 * table stays clickable. `selectionOnly`: just the selection's boxes, for a page a selection
 * scrolls to before it is near the view: the frame that shows the highlight builds a handful of
 * boxes, not every box of the page (the rest come with its canvas a frame later, as the page becomes near).
 */
export const PageOverlay = memo(function PageOverlay({
  model,
  page,
  selectionOnly = false,
}: {
  model: ParseModel;
  page: number;
  selectionOnly?: boolean;
}) {
  const selectNode = useReviewStore((s) => s.selectNode);
  // Only a selection on this page (or one leaving it) re-renders its boxes: a click elsewhere
  // leaves every other mounted page alone.
  const selection = useReviewStore((s) => (touches(s.selection, model, page) ? s.selection : null));
  const selected = new Set(selection?.nodeIds ?? []);
  const outlined = new Set(selection?.outlineNodeIds ?? []);
  const weakest = selection ? weakestWord(model, selection) : null;
  // Words less sure than the review threshold are outlined in the warning colour.
  const unsure = useConfidenceSettings((s) => s.threshold);
  const scoreName = scoreLabel(scoreSource(model));
  // Sorted once per page, not at every click; drawn from the model's columns, so a click that
  // re-renders a page builds no node objects for its boxes.
  const boxes = useMemo(() => boxesOnPageLargestFirst(model, page), [model, page]);
  const fieldBoxes = selection?.kind === 'field' ? selection.boxes.filter((b) => b.page === page) : [];
  const shown = selectionOnly
    ? boxes.ids.flatMap((id, k) => (selected.has(id) || outlined.has(id) ? [k] : []))
    : boxes.ids.map((_, k) => k);
  const showLines = useReviewStore((s) => s.showLines);
  const lineBoxes =
    showLines && !selectionOnly
      ? boxes.ids.flatMap((id) => (model.nodes.get(id)?.atomic ?? []).filter((a) => a.page === page).map((a) => ({ ...a, id })))
      : [];

  return (
    <>
      {shown.map((k) => {
        const id = boxes.ids[k]!;
        const index = boxes.indices[k]!;
        const box = model.nodes.boxAt(index);
        if (!box) return null;
        const type = model.nodes.typeAt(index);
        const flags = model.nodes.hasFlagsAt(index) ? flagLabels(model.nodes.flagsAt(index)) : null;
        return (
          <div
            key={id}
            role="button"
            tabIndex={-1}
            aria-label={`${type} ${id}${flags ? ` (${flags})` : ''}`}
            title={flags ? `⚠ ${flags}` : undefined}
            data-testid="box"
            data-node-id={id}
            data-type={type}
            data-selected={selected.has(id) ? 'true' : undefined}
            data-outline={outlined.has(id) ? 'true' : undefined}
            data-flagged={flags ? 'true' : undefined}
            className={`box box-${typeClass(type)}`}
            style={boxStyle(box)}
            onClick={(event) => {
              event.stopPropagation();
              selectNode(id);
            }}
          />
        );
      })}
      {lineBoxes.map(({ box, id, range, confidence }, i) =>
        confidence === undefined ? (
          <div key={`line-${i}`} data-testid="atomic-box" className="box box-line" style={boxStyle(box)} />
        ) : (
          // A scored word: its confidence on hover, the unsure ones marked; a click selects its element.
          <div
            key={`line-${i}`}
            data-testid="atomic-box"
            data-confidence={confidence}
            title={`${range ? `"${sliceMarkdown(model, range)}": ` : ''}${scoreName} ${formatConfidence(confidence)}`}
            className={`box box-line box-word${confidence < unsure ? ' box-word-unsure' : ''}`}
            style={boxStyle(box)}
            onClick={(event) => {
              event.stopPropagation();
              selectNode(id);
            }}
          />
        ),
      )}
      {fieldBoxes.map((box, i) => (
        <div key={`field-${i}`} data-testid="field-box" className="box box-field" style={boxStyle(box)} />
      ))}
      {weakest && weakest.page === page ? (
        <div
          data-testid="weakest-word"
          data-confidence={weakest.confidence}
          title={`Weakest word${weakest.text !== null ? ` "${weakest.text}"` : ''}: ${scoreName} ${formatConfidence(weakest.confidence)}`}
          className="box box-weakest"
          style={boxStyle(weakest.box)}
        />
      ) : null}
    </>
  );
});

/**
 * The layer a page's boxes are drawn into, there from the page's first render whether or not it
 * has boxes: boxes put into a layer already laid out lay out that layer alone, while a new
 * positioned layer put into a page lays out the whole column of pages again (about 1 ms for a
 * thousand, inside the frame of a click that selects something on a far page).
 */
export function OverlayLayer({ children }: { children: ReactNode }) {
  return <div className="overlay">{children}</div>;
}

function touches(selection: Selection | null, model: ParseModel, page: number): boolean {
  if (!selection) return false;
  return (
    selection.pages.includes(page) ||
    selection.boxes.some((b) => b.page === page) ||
    selection.nodeIds.some((id) => {
      const i = model.nodes.indexOf(id);
      return i >= 0 && model.nodes.pageAt(i) === page;
    })
  );
}

const STYLED_TYPES = new Set(['text', 'title', 'heading', 'table', 'table_cell', 'list_item', 'marginalia', 'figure']);
export function typeClass(type: string): string {
  return STYLED_TYPES.has(type) ? type : 'other';
}
