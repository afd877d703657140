import type { AppError } from '../../shared/errors.js';
import { toAppError } from './client.js';

/**
 * For zustand stores with an `error` field: runs an action, clearing the error first and
 * putting any failure there, so a screen shows what went wrong instead of a rejected promise.
 */
export function attemptWith(set: (partial: { error: AppError | null }) => void) {
  return async (action: () => Promise<void>): Promise<void> => {
    set({ error: null });
    try {
      await action();
    } catch (error) {
      set({ error: toAppError(error) });
    }
  };
}
