import { useEffect, useRef } from 'react';
import type { QuarantinedAnswer } from '../../shared/quarantine.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useLibraryStore } from '../state/library/libraryStore.js';
import { charactersText, kindText } from './keptAnswerWords.js';
import { useKeptAnswersStore } from './keptAnswersStore.js';
import { KeptAnswerText } from './KeptAnswerText.js';

/** Said under a refused "Read again": the refusal is main's import error, which does not say that nothing was lost. */
const STILL_UNREAD = 'This version still cannot read it. It stays kept as it arrived; nothing was sent to the service.';

/** The document's name as the library (or the trash) knows it, else its id. */
function useDocumentName(documentId: string): { name: string; where: 'library' | 'trash' | 'unknown' } {
  const inLibrary = useLibraryStore((s) => s.library.find((e) => e.document.id === documentId)?.document.name);
  const inTrash = useLibraryStore((s) => s.trash.find((e) => e.document.id === documentId)?.document.name);
  if (inLibrary) return { name: inLibrary, where: 'library' };
  if (inTrash) return { name: inTrash, where: 'trash' };
  return { name: documentId, where: 'unknown' };
}

/** One kept answer: what it was, why it was not read, and Show / Read again (or, once read, the result it became). */
export function KeptAnswerRow({ entry }: { entry: QuarantinedAnswer }) {
  const document = useDocumentName(entry.documentId);
  const open = useKeptAnswersStore((s) => s.shown?.id === entry.id);
  const reading = useKeptAnswersStore((s) => s.reading[entry.id] === true);
  const readError = useKeptAnswersStore((s) => s.readErrors[entry.id] ?? null);
  const pointedTurn = useKeptAnswersStore((s) => (s.pointed?.id === entry.id ? s.pointed.turn : null));
  const { show, hide, readAgain, dismissReadError, openResult } = useKeptAnswersStore.getState();
  const row = useRef<HTMLLIElement>(null);
  const read = entry.resultId !== null;

  // A job's "Show the kept answer" brings its row into view, each time it is pressed.
  useEffect(() => {
    if (pointedTurn !== null) row.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [pointedTurn]);

  return (
    <li
      ref={row}
      className={`kept-answer${read ? ' kept-answer-read' : ''}${pointedTurn !== null ? ' kept-answer-pointed' : ''}`}
      data-testid="kept-answer"
      data-kept-id={entry.id}
      data-job-id={entry.jobId ?? undefined}
      data-read={read}
      data-result-id={entry.resultId ?? undefined}
    >
      <div className="kept-answer-facts">
        <div>
          <strong className="kept-answer-doc" title={entry.documentId} data-testid="kept-answer-document">
            {document.name}
          </strong>
          {document.where === 'trash' ? <span className="tag">in the trash</span> : null}
          {document.where === 'unknown' ? <span className="tag">not in the library</span> : null}
          <span className="tag" data-testid="kept-answer-kind">
            {kindText(entry)}
          </span>
          {read ? (
            <span className="status status-completed kept-answer-state">read</span>
          ) : (
            <span className="status status-pending kept-answer-state">not read</span>
          )}
        </div>
        <div className="small muted">
          {entry.jobId ? (
            <>
              job <code className="job-id">{entry.jobId}</code>
            </>
          ) : (
            'a direct call'
          )}{' '}
          · received {new Date(entry.receivedAt).toLocaleString()} ·{' '}
          <span data-testid="kept-answer-size">{charactersText(entry.size)}</span>
        </div>
        <div className="small kept-answer-reason" data-testid="kept-answer-reason">
          {read ? 'Could not be read then: ' : 'Not read: '}
          {entry.reason}
        </div>
        {read ? (
          <div className="small ok" data-testid="kept-answer-became">
            <span title={`Result ${entry.resultId}`}>Read again: it is now a {entry.kind} result of this document.</span>{' '}
            <button type="button" className="link" onClick={() => void openResult(entry)} data-testid="kept-answer-open">
              Open in Review
            </button>
          </div>
        ) : null}
      </div>
      <div className="row-actions">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => void (open ? hide() : show(entry.id))}
          data-testid="kept-answer-show"
          title="The answer exactly as the service sent it"
        >
          {open ? 'Hide' : 'Show'}
        </button>
        {read ? null : (
          <button
            type="button"
            disabled={reading}
            onClick={() => void readAgain(entry.id)}
            data-testid="kept-answer-read-again"
            title="Try to read it with this version of Groundwork; nothing is sent to the service"
          >
            {reading ? 'Reading…' : 'Read again'}
          </button>
        )}
      </div>
      <div className="kept-answer-more">
        <ErrorMessage
          error={readError}
          onDismiss={() => dismissReadError(entry.id)}
          note={readError && readError.code !== 'not_found' ? STILL_UNREAD : undefined}
        />
        <KeptAnswerText id={entry.id} />
      </div>
    </li>
  );
}
