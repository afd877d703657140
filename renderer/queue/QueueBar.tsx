import { ErrorMessage } from '../components/ErrorMessage.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { useQueueStore } from '../state/queue/queueStore.js';
import {
  decidedOnScreen,
  everyFieldDecided,
  goneText,
  itemOnScreen,
  presentFrom,
  progressText,
  queueProgress,
} from '../state/queue/queueSteps.js';

/** The queue being worked, above the side panels: where the reviewer is across it, and the steps. */
export function QueueBar() {
  const view = useQueueStore((s) => s.view);
  const moving = useQueueStore((s) => s.moving);
  const saving = useQueueStore((s) => s.saving);
  const startNote = useQueueStore((s) => s.startNote);
  const atEnd = useQueueStore((s) => s.atEnd);
  const error = useQueueStore((s) => s.error);
  const keyNotApplied = useQueueStore((s) => s.keyNotApplied);
  // Re-rendered on every decision: the item on screen counts its decisions live.
  const review = useReviewStore((s) => s.review);
  const fields = useReviewStore((s) => s.fields);
  const documentId = useReviewStore((s) => s.document?.id);
  const extractionId = useReviewStore((s) => s.extraction?.id);
  if (!view) return null;
  const onScreen = itemOnScreen(view, documentId, extractionId);
  const live = onScreen ? decidedOnScreen(fields, review) : null;
  const progress = queueProgress(view.items, view.position, live);
  const allDecided = onScreen && everyFieldDecided(fields, review);
  const hasNext = presentFrom(view.items, view.position + 1, 1) !== null;
  const hasPrevious = presentFrom(view.items, view.position - 1, -1) !== null;
  const { step, end, clearError } = useQueueStore.getState();
  const gone = goneText(progress.gone);
  return (
    <section className="queue-bar" aria-label="Review queue" data-testid="queue-bar">
      <div className="queue-line">
        <strong className="queue-label" title={view.label}>
          Queue · {view.label}
        </strong>
        <button type="button" className="link small" onClick={() => void end()} data-testid="queue-end">
          End queue
        </button>
      </div>
      <div className="queue-line">
        <span data-testid="queue-progress">{progressText(progress)}</span>
        <progress max={Math.max(1, progress.fields)} value={progress.decided} aria-label="Fields decided across the queue" />
      </div>
      <div className="queue-line">
        <button
          type="button"
          className="small"
          onClick={() => void step(-1)}
          disabled={moving || !hasPrevious}
          title={
            saving
              ? 'Saving the decisions on this document first'
              : moving
                ? 'Opening the next document'
                : !hasPrevious
                  ? 'This is the first document'
                  : 'The previous document'
          }
          data-testid="queue-previous"
        >
          ‹ Previous
        </button>
        <button
          type="button"
          className={`small${allDecided && hasNext ? ' primary' : ''}`}
          onClick={() => void step(1)}
          disabled={moving || !hasNext}
          title={
            saving
              ? 'Saving the decisions on this document first'
              : moving
                ? 'Opening the next document'
                : !hasNext
                  ? 'This is the last document of the queue'
                  : 'The next document (Enter once all fields are decided)'
          }
          data-testid="queue-next"
        >
          Next document ›
        </button>
        {/* One live region, mounted with the bar, so a screen reader announces each change. */}
        <span
          className={`small ${keyNotApplied ? 'warning' : 'muted'}`}
          role="status"
          data-testid="queue-status"
          data-key-not-applied={keyNotApplied ?? undefined}
        >
          {keyNotApplied
            ? moving
              ? `“${keyNotApplied}” not applied: the queue is opening another document.`
              : `“${keyNotApplied}” was not applied: it came while this document was opening. Nothing was decided.`
            : saving
              ? 'Saving decisions…'
              : moving
                ? 'Opening…'
                : atEnd || (allDecided && !hasNext)
                  ? 'End of the queue: every document has been through.'
                  : allDecided
                    ? 'All fields decided — Enter for the next document.'
                    : ''}
        </span>
      </div>
      {startNote ? (
        <p className="small muted" data-testid="queue-start-note">
          {startNote}
        </p>
      ) : null}
      {gone ? (
        <p className="small warning" data-testid="queue-gone">
          {gone}
        </p>
      ) : null}
      <ErrorMessage error={error} onDismiss={clearError} />
    </section>
  );
}
