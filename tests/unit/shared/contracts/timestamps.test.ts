import { describe, expect, it } from 'vitest';
import { toIsoTimestamp } from '../../../../shared/contracts/timestamps.js';

describe('timestamps (v2.jobs.timestamps)', () => {
  it.each([
    ['ISO text', '2026-12-07T18:00:00Z', '2026-12-07T18:00:00.000Z'],
    ['epoch seconds', 1_796_666_400, '2026-12-07T18:00:00.000Z'],
    ['epoch milliseconds', 1_796_666_400_000, '2026-12-07T18:00:00.000Z'],
    ['epoch zero, an instant and not "missing"', 0, '1970-01-01T00:00:00.000Z'],
    ['null', null, null],
    ['text naming no instant', 'soon', null],
    ['a number past any date', 1e300, null],
  ])('reads %s', (_, value, iso) => {
    expect(toIsoTimestamp(value)).toBe(iso);
  });
});
