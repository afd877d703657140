import { AppError } from '../../shared/errors.js';
import { httpRequest, type HttpRequest, type HttpResponse } from './http.js';

/**
 * The one retry policy of the clients: 429 and 503 answers, and connections dropped
 * before an answer, are retried with exponential backoff and jitter, honouring
 * `Retry-After`; everything else (other 4xx, other 5xx) is returned at once. Retries are
 * bounded both in attempts and in total time, and an abort ends a backoff wait at once.
 */
export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** No wait starts that would end later than this after the first attempt began. */
  maxTotalMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * Whether a connection dropped before the answer is retried. A job create turns this
   * off: the service may have created the job before the drop, and only its job list can
   * tell (see jobs/reconcileCreate.ts), so resending blindly could pay for it twice.
   */
  retryDroppedConnections: boolean;
  /** The statuses answered by waiting and sending again; default 429 and 503. */
  retryStatuses?: ReadonlySet<number>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  maxTotalMs: 120_000,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  retryDroppedConnections: true,
};

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Time, sleep and randomness, injectable so tests run in milliseconds. */
export interface RetryClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
}

export const systemClock: RetryClock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(cancelled());
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(cancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export interface RetryOptions {
  policy?: Partial<RetryPolicy>;
  clock?: RetryClock;
  /** Awaited before each attempt is sent (a batch takes a slot of the service's capacity here); may throw to stop. */
  beforeAttempt?: () => Promise<void>;
  /** Called when an attempt got no answer (a dropped connection, a network error): a batch gives its slot back. */
  onNoAnswer?: () => void;
  /** Called before each wait; for logs and progress. */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

/** The final answer plus how many attempts it took. */
export interface RetriedResponse extends HttpResponse {
  attempts: number;
  /** True when the answer is still 429/503 because the attempt or time budget ran out. */
  exhausted: boolean;
}

/** `Retry-After` in delta-seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** Exponential backoff with "equal jitter": half the step fixed, half random, so waits still grow. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + (step / 2) * random);
}

export async function requestWithRetry(
  request: HttpRequest,
  options: RetryOptions = {},
  send: (request: HttpRequest) => Promise<HttpResponse> = httpRequest,
): Promise<RetriedResponse> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const clock = options.clock ?? systemClock;
  let started = 0;

  for (let attempt = 1; ; attempt++) {
    await options.beforeAttempt?.();
    if (attempt === 1) started = clock.now(); // the time budget starts with the first send, not with a wait for a turn
    let response: HttpResponse | null = null;
    let failure: AppError | null = null;
    try {
      response = await send(request);
    } catch (error) {
      options.onNoAnswer?.();
      // Only a dropped connection is sent again; anything else is final, an answer over the size cap (response_too_large) included: it would be read, and paid for, again.
      if (!(error instanceof AppError) || error.code !== 'connection_reset' || !policy.retryDroppedConnections) throw error;
      failure = error;
    }
    if (response && !(policy.retryStatuses ?? RETRYABLE_STATUSES).has(response.status))
      return { ...response, attempts: attempt, exhausted: false };

    const fromHeader = response ? retryAfterMs(response.headers.get('retry-after'), clock.now()) : null;
    const delayMs = fromHeader ?? backoffMs(attempt, policy, clock.random());
    const outOfAttempts = attempt >= policy.maxAttempts;
    const outOfTime = clock.now() + delayMs - started > policy.maxTotalMs;
    if (outOfAttempts || outOfTime) {
      if (response) return { ...response, attempts: attempt, exhausted: true };
      throw new AppError({
        code: failure!.code,
        message: failure!.message,
        hint: `Gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}. Check the service status and try again later.`,
      });
    }
    options.onRetry?.({ attempt, delayMs, reason: response ? `HTTP ${response.status}` : failure!.code });
    await clock.sleep(delayMs, request.signal);
  }
}

function cancelled(): AppError {
  return new AppError({ code: 'cancelled', message: 'The request was cancelled.' });
}
