/**
 * When to ask for a training's metrics again. The contract has no training status endpoint
 * (v1.training.metrics-pending): the metrics path is the only thing to ask, and it answers an
 * empty list until the run has results. So the app asks on a backoff — 2 s, then ×1.5 each
 * time, never more than 30 s apart — until a non-empty answer comes.
 */
import type { TrainingRecord } from './registry.js';

export const METRICS_POLL = { firstMs: 2_000, factor: 1.5, maxMs: 30_000 } as const;

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
