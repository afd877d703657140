import type { AppError } from '../../shared/errors.js';

/** A user-facing error: what went wrong (with its code), what to do next, and a `note` on where it comes from. */
export function ErrorMessage({ error, onDismiss, note }: { error: AppError | null; onDismiss?: () => void; note?: string | undefined }) {
  if (!error) return null;
  return (
    // A run the reviewer cancelled ended as asked: told, not raised as an alarm.
    <div className={error.code === 'cancelled' ? 'error error-neutral' : 'error'} role="alert" data-testid="error" data-code={error.code}>
      <div className="error-text">
        <strong>{error.message}</strong> <code className="error-code">{error.code}</code>
        {error.hint ? <div className="error-hint">{error.hint}</div> : null}
        {note ? (
          <div className="error-note" data-testid="error-note">
            {note}
          </div>
        ) : null}
      </div>
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss} aria-label="Dismiss error">
          ✕
        </button>
      ) : null}
    </div>
  );
}
