import { useState } from 'react';
import type { AppError } from '../../shared/errors.js';
import { toAppError } from '../ipc/client.js';

export interface FormActionOptions {
  /** Says a failure in this form's words (e.g. which key a missing job was looked for under). */
  explain?: (error: AppError) => AppError;
}

/**
 * A form's busy flag and error (with field messages, in `error.fields`), around one async action:
 * every form and row action that talks to main goes through `run` rather than its own try/catch.
 * `setError` shows a refusal found before anything was sent, or clears the message.
 */
export function useFormAction(options: FormActionOptions = {}) {
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  /** True when the action finished; false when it failed (its error is shown). */
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      const known = toAppError(caught);
      setError(options.explain ? options.explain(known) : known);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run, setError };
}
