import { ErrorMessage } from '../components/ErrorMessage.js';
import { charactersText } from './keptAnswerWords.js';
import { useKeptAnswersStore } from './keptAnswersStore.js';

/** One kept answer as it arrived: read-only, monospace, scrolled in its own box; says when only its start is shown. */
export function KeptAnswerText({ id }: { id: string }) {
  const shown = useKeptAnswersStore((s) => (s.shown?.id === id ? s.shown : null));
  if (!shown) return null;
  if (shown.error) return <ErrorMessage error={shown.error} onDismiss={() => useKeptAnswersStore.getState().hide()} />;
  if (!shown.answer)
    return (
      <p className="small muted kept-answer-view" role="status">
        Loading the answer…
      </p>
    );
  const { text, truncatedFrom } = shown.answer;
  return (
    <div className="kept-answer-view" data-testid="kept-answer-view">
      <div className="small muted" data-testid="kept-answer-extent">
        {truncatedFrom !== null
          ? `Only the first ${charactersText(text.length)} of ${charactersText(truncatedFrom)} are shown; the whole answer is kept.`
          : `The whole answer as received, ${charactersText(text.length)}. Read-only.`}
      </div>
      <pre className="kept-answer-text mono" tabIndex={0} aria-label="The answer as received" data-testid="kept-answer-text">
        {text}
      </pre>
    </div>
  );
}
