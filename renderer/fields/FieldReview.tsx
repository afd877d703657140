import { useState } from 'react';
import type { FieldDecision } from '../../shared/workspace.js';
import { useReviewStore } from '../review/reviewStore.js';

/** Accept, correct (with the right value) or reject one field, with an optional note. */
export function FieldReview({ path, modelValue, decision }: { path: string; modelValue: unknown; decision: FieldDecision | undefined }) {
  const decide = useReviewStore((s) => s.decide);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(decision?.correctedValue ?? (modelValue === null || modelValue === undefined ? '' : String(modelValue)));
  const [note, setNote] = useState(decision?.note ?? '');
  const withNote = note.trim() ? { note: note.trim() } : {};

  if (editing) {
    return (
      <form
        className="field-review editing"
        onClick={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          void decide(path, { status: 'corrected', correctedValue: value, ...withNote });
          setEditing(false);
        }}
      >
        <input value={value} onChange={(e) => setValue(e.target.value)} aria-label="Corrected value" data-testid="field-corrected-value" autoFocus />
        <input value={note} onChange={(e) => setNote(e.target.value)} placeholder="note (optional)" aria-label="Note" data-testid="field-note" />
        <button type="submit" data-testid="field-correct-save">
          Save
        </button>
        <button type="button" className="link" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <div className="field-review" onClick={(e) => e.stopPropagation()} data-status={decision?.status ?? 'unreviewed'}>
      <button type="button" aria-pressed={decision?.status === 'accepted'} title="Accept" data-testid="field-accept" onClick={() => void decide(path, decision?.status === 'accepted' ? null : { status: 'accepted', ...withNote })}>
        ✓
      </button>
      <button type="button" aria-pressed={decision?.status === 'corrected'} title="Correct" data-testid="field-correct" onClick={() => setEditing(true)}>
        ✎
      </button>
      <button type="button" aria-pressed={decision?.status === 'rejected'} title="Reject" data-testid="field-reject" onClick={() => void decide(path, decision?.status === 'rejected' ? null : { status: 'rejected', ...withNote })}>
        ✕
      </button>
      {decision?.status === 'corrected' ? <span className="field-corrected" data-testid="field-corrected">→ {decision.correctedValue}</span> : null}
      {decision?.note ? <span className="muted small"> · {decision.note}</span> : null}
    </div>
  );
}
