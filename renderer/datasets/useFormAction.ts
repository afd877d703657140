import { useState } from 'react';
import type { AppError } from '../../shared/errors.js';
import { toAppError } from '../ipc/client.js';

/** A form's busy flag and error (with field messages), around one async action. */
export function useFormAction() {
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(toAppError(caught));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run, setError };
}
