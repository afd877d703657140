import { useEffect, useRef } from 'react';
import type { FieldDecision } from '../../shared/review.js';
import { decideField, focusFieldRow } from '../state/fields/reviewActions.js';
import { draftFor, useReviewMode } from '../state/fields/reviewModeStore.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { acceptBlockedBy, useRules } from '../state/fields/rulesStore.js';

/** Accept, correct (with the right value) or reject one field, with an optional note. */
export function FieldReview({ path, modelValue, decision }: { path: string; modelValue: unknown; decision: FieldDecision | undefined }) {
  const editing = useReviewMode((s) => s.editingPath === path);
  const advance = useReviewMode((s) => s.on);
  const setEditing = useReviewMode((s) => s.setEditing);
  // Taking an accept back is never blocked; giving one is, while a rule on the field fails.
  const blocked = useRules((s) => (decision?.status === 'accepted' ? null : acceptBlockedBy(s, path)));
  const withNote = decision?.note ? { note: decision.note } : {};
  // A second click on the pressed button takes the decision back; that never moves on.
  const toggle = (status: 'accepted' | 'rejected') =>
    void decideField(path, decision?.status === status ? null : { status, ...withNote }, {
      advance: advance && decision?.status !== status,
    });

  if (editing)
    return (
      <FieldCorrector
        path={path}
        initial={decision?.correctedValue ?? (modelValue === null || modelValue === undefined ? '' : String(modelValue))}
        note={decision?.note ?? ''}
      />
    );
  return (
    <div className="field-review" onClick={(e) => e.stopPropagation()} data-status={decision?.status ?? 'unreviewed'}>
      <button
        type="button"
        aria-pressed={decision?.status === 'accepted'}
        title={blocked ?? 'Accept (a or Enter in review mode)'}
        aria-label="Accept"
        data-testid="field-accept"
        disabled={blocked !== null}
        onClick={() => toggle('accepted')}
      >
        ✓
      </button>
      <button
        type="button"
        aria-pressed={decision?.status === 'corrected'}
        title="Correct (c in review mode)"
        aria-label="Correct"
        data-testid="field-correct"
        onClick={() => setEditing(path)}
      >
        ✎
      </button>
      <button
        type="button"
        aria-pressed={decision?.status === 'rejected'}
        title="Reject (r in review mode)"
        aria-label="Reject"
        data-testid="field-reject"
        onClick={() => toggle('rejected')}
      >
        ✕
      </button>
    </div>
  );
}

/**
 * The inline editor: Enter saves the value as corrected, Esc cancels; either way focus goes back to
 * the field's row. What is typed lives in the review store, so a row drawn again after the list
 * scrolled away from it shows it as it was.
 */
function FieldCorrector({ path, initial, note: initialNote }: { path: string; initial: string; note: string }) {
  const advance = useReviewMode((s) => s.on);
  const setEditing = useReviewMode((s) => s.setEditing);
  const setDraft = useReviewMode((s) => s.setDraft);
  const extractionId = useReviewStore((s) => s.extraction?.id ?? '');
  const resultWaiting = useReviewMode((s) => s.resultWaiting);
  const draft = useReviewMode((s) => draftFor(s.draft, extractionId, path));
  const value = draft?.value ?? initial;
  const note = draft?.note ?? initialNote;
  const write = (typed: { value: string; note: string }) => setDraft({ extractionId, path, ...typed });
  const valueInput = useRef<HTMLInputElement>(null);
  // Opened (the focus on its row, or nowhere), or drawn again after its row left the list and came
  // back (the focus left with it): the editor takes the focus, without moving the list, its value
  // selected unless typed. Focus the reviewer has put elsewhere since stays there.
  useEffect(() => {
    const input = valueInput.current;
    const focused = document.activeElement;
    if (!input || (focused && focused !== document.body && !input.closest('[data-testid="field"]')?.contains(focused))) return;
    input.focus({ preventScroll: true });
    if (!draftFor(useReviewMode.getState().draft, extractionId, path)) input.select();
  }, [extractionId, path]);
  const close = () => {
    setEditing(null);
    focusFieldRow(path);
  };
  return (
    <form
      className="field-review editing"
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        close();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        setEditing(null);
        void decideField(
          path,
          { status: 'corrected', correctedValue: value, ...(note.trim() ? { note: note.trim() } : {}) },
          { advance },
        ).then(() => {
          if (!advance) focusFieldRow(path);
        });
      }}
    >
      <input
        ref={valueInput}
        value={value}
        onChange={(e) => write({ value: e.target.value, note })}
        aria-label="Corrected value"
        data-testid="field-corrected-value"
      />
      <input
        value={note}
        onChange={(e) => write({ value, note: e.target.value })}
        placeholder="note (optional)"
        aria-label="Note"
        data-testid="field-note"
      />
      <button type="submit" data-testid="field-correct-save">
        Save
      </button>
      <button type="button" className="link" onClick={close}>
        Cancel
      </button>
      <span className="muted small field-editor-hint">Enter saves · Esc cancels</span>
      {resultWaiting ? (
        <span className="small field-editor-hint" role="status" data-testid="corrector-result-waiting">
          A run finished: its result opens once you save or cancel.
        </span>
      ) : null}
    </form>
  );
}
