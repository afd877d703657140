import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntervalIndex } from '../../../../shared/grounding/intervalIndex.js';

const interval = fc.tuple(fc.nat(500), fc.nat(60)).map(([start, length]) => ({ start, end: start + length }));

describe('interval index', () => {
  it('finds exactly the intervals a naive scan finds, in start order', () => {
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 300 }), fc.nat(560), fc.nat(80), (spans, qStart, qLength) => {
        const items = spans.map((s, i) => ({ ...s, value: i }));
        const index = new IntervalIndex(items);
        const qEnd = qStart + qLength;
        const expected = items
          .filter((s) => (qLength === 0 ? s.start <= qStart && qStart < s.end : s.start < qEnd && s.end > qStart))
          .map((s) => s.value)
          .sort((a, b) => a - b);
        expect(index.overlapping(qStart, qEnd).sort((a, b) => a - b)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('answers point queries (which nodes contain this offset)', () => {
    const names = ['page', 'text-0', 'text-1'];
    const index = new IntervalIndex([
      { start: 0, end: 100, value: 0 },
      { start: 10, end: 20, value: 1 },
      { start: 20, end: 30, value: 2 },
    ]);
    expect(
      index
        .containing(20)
        .map((i) => names[i])
        .sort(),
    ).toEqual(['page', 'text-1']);
    expect(
      index
        .containing(19)
        .map((i) => names[i])
        .sort(),
    ).toEqual(['page', 'text-0']);
    expect(index.containing(100)).toEqual([]);
  });

  it('handles empty and single-element indexes', () => {
    expect(new IntervalIndex([]).overlapping(0, 10)).toEqual([]);
    // An empty interval (an empty table cell, say) is found by a range around it, not beside it.
    expect(new IntervalIndex([{ start: 5, end: 5, value: 1 }]).overlapping(0, 10)).toEqual([1]);
    expect(new IntervalIndex([{ start: 5, end: 5, value: 1 }]).overlapping(6, 10)).toEqual([]);
    expect(new IntervalIndex([{ start: 5, end: 6, value: 1 }]).overlapping(0, 10)).toEqual([1]);
  });
});
