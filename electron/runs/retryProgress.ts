import type { AppEvent, RetryNote } from '../../shared/events.js';
import type { RetryOptions, RetryPolicy } from '../api/retry.js';

/**
 * Calls the user is waiting on get more attempts than the default: at the service's
 * worst advertised fault rates (10% 429, 5% 503, 2% drops) five attempts still lose about
 * one call in 9,000; eight lose one in two million, and the waits stay within two minutes.
 */
export const USER_CALL_POLICY: Partial<RetryPolicy> = { maxAttempts: 8 };

/** What the status line says about a refused attempt. */
export function describeRetry(note: RetryNote): string {
  const why =
    note.reason === 'HTTP 429'
      ? 'the service is busy (429)'
      : note.reason === 'HTTP 503'
        ? 'the service is unavailable (503)'
        : 'the connection dropped';
  const seconds = note.delayMs < 1000 ? (note.delayMs / 1000).toFixed(1) : String(Math.round(note.delayMs / 1000));
  return `${why}; retrying in ${seconds} s (attempt ${note.attempt + 1})`;
}

/**
 * The retry options of a run the user watches: each wait is reported on the run's
 * progress (`retry` set), and once it is over the run's own message comes back with the
 * attempt number, so a long call after a retry does not keep saying "retrying".
 */
export function retryAsProgress(emit: (event: AppEvent) => void, taskId: string, doing: string): RetryOptions {
  return {
    policy: USER_CALL_POLICY,
    onRetry: (note) => {
      emit({ type: 'progress', taskId, done: 0, total: 0, message: `${doing}: ${describeRetry(note)}…`, retry: note });
      setTimeout(
        () => emit({ type: 'progress', taskId, done: 0, total: 0, message: `${doing} (attempt ${note.attempt + 1})…` }),
        note.delayMs,
      ).unref();
    },
  };
}
