import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_SCHEDULE, pollDelayMs } from '../../../../electron/jobs/pollSchedule.js';

describe('the poll schedule', () => {
  it('starts at about 250 ms (a half-second job is seen done within about 0.6 s), grows ×1.5 and stops growing at about 4 s (an outage shows within 5 s)', () => {
    const noJitter = { ...DEFAULT_POLL_SCHEDULE, jitter: 0 };
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((n) => pollDelayMs(n, noJitter))).toEqual([250, 375, 563, 844, 1266, 1898, 2848, 4000, 4000]);
  });

  it('spreads each wait by at most the jitter, around the step', () => {
    expect(pollDelayMs(0, DEFAULT_POLL_SCHEDULE, 0)).toBe(238);
    expect(pollDelayMs(0, DEFAULT_POLL_SCHEDULE, 0.999)).toBe(262);
    expect(pollDelayMs(30, DEFAULT_POLL_SCHEDULE, 0.999)).toBeLessThanOrEqual(4_200);
  });
});
