import { toAppError } from '../../ipc/client.js';
import { isStale } from './documentScope.js';
import type { SliceOf } from './slice.js';
import type { ErrorsSlice } from './reviewState.js';

/** The banner key of failures that belong to no document (a file that could not be opened, say). */
export const GENERAL_BANNER = '*';

export const createErrorsSlice: SliceOf<ErrorsSlice> = (set, get) => {
  async function attempt(key: string, action: () => Promise<void>): Promise<void> {
    get().clearError(key);
    try {
      await action();
    } catch (error) {
      if (isStale(error)) return;
      set((state) => ({
        errors: { ...state.errors, [key]: toAppError(error) },
        errorsAt: { ...state.errorsAt, [key]: new Date().toISOString() },
      }));
    }
  }

  function clearError(key: string): void {
    if (!(key in get().errors)) return;
    set((state) => {
      const { [key]: _cleared, ...rest } = state.errors;
      const { [key]: _clearedAt, ...restAt } = state.errorsAt;
      return { errors: rest, errorsAt: restAt };
    });
  }

  return { errors: {}, errorsAt: {}, attempt, clearError };
};
