import { useRef, useState } from 'react';
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
 *
 * One action at a time: a press while one runs does nothing. The busy flag disables the form's
 * buttons, but only from the next render: presses landing before it (a double click's second
 * press in the same task) would each have sent, and made, a project of the same name apiece.
 */
export function useFormAction(options: FormActionOptions = {}) {
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  /** True when the action finished; false when it failed (its error is shown) or another was running. */
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
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
      running.current = false;
      setBusy(false);
    }
  };
  return { error, busy, run, setError };
}
