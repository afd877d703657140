/**
 * When to ask for a training's metrics again. The contract has no training status endpoint
 * (v1.training.metrics-pending): the metrics path is the only thing to ask, and it answers an
 * empty list until the run has results. So the app asks on a backoff — 2 s, then ×1.5 each
 * time, never more than 30 s apart — until a non-empty answer comes, and gives up after
 * `maxChecks` (about half an hour) so a run whose metrics never come is not asked forever.
 */
import type { TrainingRecord } from './registry.js';

export const METRICS_POLL = { firstMs: 2_000, factor: 1.5, maxMs: 30_000, maxChecks: 60 } as const;

/** The wait before check number `attempt` (0 = the first check after the run started or the screen opened). */
export function metricsPollDelay(attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(METRICS_POLL.maxMs, Math.round(METRICS_POLL.firstMs * METRICS_POLL.factor ** n));
}

export type TrainingState = 'waiting' | 'ready';

/** A run is waiting until the service has answered at least one split of metrics. */
export function trainingState(training: Pick<TrainingRecord, 'metrics'>): TrainingState {
  return training.metrics && training.metrics.length > 0 ? 'ready' : 'waiting';
}

/** Failures the service or the network may get over: asked again on the backoff. Anything else (401, 404, 422, a disabled or missing key, an answer of the wrong shape) stops. */
const RETRYABLE_CODES = new Set(['network_error', 'timeout', 'connection_reset']);

export function retryableMetricsError(error: { code: string; status?: number | undefined }): boolean {
  if (error.status !== undefined) return error.status === 429 || error.status >= 500;
  return RETRYABLE_CODES.has(error.code);
}
