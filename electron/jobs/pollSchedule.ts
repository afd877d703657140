/**
 * How often a job is polled: about 250 ms at first, ×1.5 each time, at most about 4 s. A
 * batch holds a slot of the service's capacity until a poll sees its job done, so a job of
 * half a second is seen after about 0.6 s (a first poll at 1 s would leave its slot idle
 * half the time); an outage must show within 5 s, and a poll is the only way to notice one. At most `batchConcurrency` jobs run at once, so this stays cheap.
 * While polls get no answer the schedule starts again from its first step. A small jitter
 * keeps many jobs of a batch from polling in lock-step.
 */
export interface PollSchedule {
  firstMs: number;
  factor: number;
  maxMs: number;
  /** Fraction of each wait that is random, 0–1. */
  jitter: number;
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = { firstMs: 250, factor: 1.5, maxMs: 4_000, jitter: 0.1 };

/** The wait before poll number `n` (0-based), given a random number in [0, 1). */
export function pollDelayMs(n: number, schedule: PollSchedule = DEFAULT_POLL_SCHEDULE, random = 0.5): number {
  const step = Math.min(schedule.maxMs, schedule.firstMs * schedule.factor ** Math.max(0, n));
  const spread = step * schedule.jitter;
  return Math.round(step - spread / 2 + spread * random);
}
