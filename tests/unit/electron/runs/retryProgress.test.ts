import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../../../shared/events.js';
import { describeRetry, retryAsProgress, USER_CALL_POLICY } from '../../../../electron/runs/retryProgress.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('retries a user waits on', () => {
  it('say why and when, as progress of the run, then the run message returns with the attempt', () => {
    vi.useFakeTimers();
    const events: AppEvent[] = [];
    const options = retryAsProgress((e) => events.push(e), 'run-1', 'Parsing in the cloud');
    options.onRetry!({ attempt: 1, delayMs: 2000, reason: 'HTTP 429' });
    expect(events).toEqual([
      {
        type: 'progress',
        taskId: 'run-1',
        done: 0,
        total: 0,
        message: 'Parsing in the cloud: the service is busy (429); retrying in 2 s (attempt 2)…',
        retry: { attempt: 1, delayMs: 2000, reason: 'HTTP 429' },
      },
    ]);
    vi.advanceTimersByTime(2000);
    expect(events[1]).toEqual({ type: 'progress', taskId: 'run-1', done: 0, total: 0, message: 'Parsing in the cloud (attempt 2)…' });
    expect(options.policy).toBe(USER_CALL_POLICY);
  });

  it('name each reason in words', () => {
    expect(describeRetry({ attempt: 2, delayMs: 750, reason: 'HTTP 503' })).toBe(
      'the service is unavailable (503); retrying in 0.8 s (attempt 3)',
    );
    expect(describeRetry({ attempt: 1, delayMs: 12_400, reason: 'connection_reset' })).toBe(
      'the connection dropped; retrying in 12 s (attempt 2)',
    );
  });

  it('get enough attempts that the worst advertised fault rates lose fewer than one call in a million', () => {
    const refused = 1 - 0.9 * 0.95 * 0.98;
    expect(refused ** USER_CALL_POLICY.maxAttempts!).toBeLessThan(1e-6);
  });
});
