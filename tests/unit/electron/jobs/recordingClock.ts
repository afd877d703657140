import type { RetryClock } from '../../../../electron/api/retry.js';

/**
 * A clock for the job tracker: it records every wait asked for, lets the test act at each
 * one (`index` counts them from 0), and then waits only a few real milliseconds.
 */
export function recordingClock(onSleep: (ms: number, index: number) => Promise<void> | void): RetryClock & { waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    now: () => Date.now(),
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
      await onSleep(ms, waits.length - 1);
      await new Promise((r) => setTimeout(r, 15));
    },
  };
}
