import { useMemo } from 'react';
import { useSelectionAfterPaint } from '../state/review/useSelectionAfterPaint.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { BROWSE_KEYS_NOTE, REVIEW_KEY_LEGEND } from '../state/fields/reviewKeys.js';
import { useReviewMode } from '../state/fields/reviewModeStore.js';
import { progressLine, reviewCounts } from '../state/fields/fieldOrder.js';
import { undoLastDecision } from '../state/fields/reviewActions.js';
import { acceptBlockedBy, useRules } from '../state/fields/rulesStore.js';
import { decisionOf } from '../../shared/reviewFields.js';

/** Progress ("12 of 40 reviewed · 3 corrected · 1 rejected"), undo, and the review keys. */
export function ReviewBar() {
  const fields = useReviewStore((s) => s.fields);
  const review = useReviewStore((s) => s.review);
  const extractionId = useReviewStore((s) => s.extraction?.id);
  const reviewMode = useReviewMode((s) => s.on);
  const canUndo = useReviewMode((s) => s.undo.some((e) => e.extractionId === extractionId));
  // Counted when the fields or decisions change, not at every selection (a click re-renders this bar).
  const counts = useMemo(() => reviewCounts(fields, review?.fields), [fields, review]);
  // The selected field's accept (button and a/Enter) is refused while a rule naming it fails: say so here too.
  const selection = useSelectionAfterPaint();
  const selectedPath = selection?.kind === 'field' && !selection.fieldPaths ? selection.id : null;
  const accepted = useReviewStore((s) => (selectedPath ? decisionOf(s.review?.fields, selectedPath)?.status === 'accepted' : false));
  const blocked = useRules((s) => (selectedPath && !accepted ? acceptBlockedBy(s, selectedPath) : null));
  return (
    <div className="review-bar">
      <div className="review-progress">
        <span data-testid="review-progress">{progressLine(counts)}</span>
        <progress max={counts.total} value={counts.reviewed} aria-label="Fields reviewed" />
        {canUndo ? (
          <button type="button" className="small" onClick={() => void undoLastDecision()} data-testid="review-undo">
            Undo
          </button>
        ) : null}
      </div>
      {blocked ? (
        <p className="warning small" data-testid="review-blocked">
          {blocked}
        </p>
      ) : null}
      {reviewMode ? (
        <p className="review-keys" data-testid="review-keys">
          {REVIEW_KEY_LEGEND.map(({ keys, label }) => (
            <span key={label}>
              {keys.map((k, i) => (
                <span key={k}>
                  {i > 0 ? '/' : ''}
                  <kbd>{k}</kbd>
                </span>
              ))}{' '}
              {label}
            </span>
          ))}
        </p>
      ) : (
        <p className="review-keys muted">{BROWSE_KEYS_NOTE}</p>
      )}
    </div>
  );
}
