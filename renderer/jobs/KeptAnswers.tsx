import { useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { KeptAnswerRow } from './KeptAnswerRow.js';
import { useKeptAnswersStore } from './keptAnswersStore.js';

const SHOWN_AT_FIRST = 20;

/**
 * "Answers kept unread": service answers (maybe billed) this version could not read, kept as
 * they arrived. Shown only when there is one; the ones read since stay listed, quieter, as the
 * paid answer's trail.
 */
export function KeptAnswers() {
  const entries = useKeptAnswersStore((s) => s.entries);
  const error = useKeptAnswersStore((s) => s.error);
  const pointedId = useKeptAnswersStore((s) => s.pointed?.id);
  const [more, setShown] = useState(SHOWN_AT_FIRST);
  if (entries.length === 0 && !error) return null;
  // The row a job pointed at is shown however far down it is.
  const shown = Math.max(more, entries.findIndex((e) => e.id === pointedId) + 1);
  const waiting = entries.filter((e) => e.resultId === null).length;
  const read = entries.length - waiting;

  return (
    <section className={waiting > 0 ? 'card warning-card kept-answers' : 'card kept-answers'} data-testid="kept-answers">
      <h2>
        Answers kept unread{' '}
        <span className="small muted" data-testid="kept-answers-count">
          {[waiting > 0 ? `${waiting} waiting` : '', read > 0 ? `${read} read since` : ''].filter(Boolean).join(' · ')}
        </span>
      </h2>
      <p className="small muted">
        The service answered these, and may have charged for them, but this version of Groundwork could not read the answer. Each is kept
        exactly as it arrived and never deleted: "Show" opens it, "Read again" tries once more (after an update of Groundwork, say) without
        sending anything.
      </p>
      <ErrorMessage error={error} onDismiss={() => useKeptAnswersStore.getState().clearError()} />
      <ul className="kept-list">
        {entries.slice(0, shown).map((entry) => (
          <KeptAnswerRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {entries.length > shown ? (
        <button type="button" className="link" onClick={() => setShown(shown + SHOWN_AT_FIRST)} data-testid="kept-answers-more">
          Show {Math.min(SHOWN_AT_FIRST, entries.length - shown)} more of {entries.length - shown}
        </button>
      ) : null}
    </section>
  );
}
