import { describe, expect, it } from 'vitest';
import { nextUnreviewed, progressLine, restoredDecision, reviewCounts, stepPath } from '../../../../../renderer/state/fields/fieldOrder.js';
import type { FieldDecision } from '../../../../../shared/review.js';

const fields = ['a', 'b', 'c', 'd'].map((path) => ({ path }));
const decided = (status: FieldDecision['status'], extra: Partial<FieldDecision> = {}): FieldDecision => ({
  status,
  decidedAt: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('the review queue', () => {
  it('goes to the next field without a decision, wrapping round, the current one last', () => {
    expect(nextUnreviewed(fields, {}, 'b')).toBe('c');
    expect(nextUnreviewed(fields, { c: decided('accepted'), d: decided('rejected') }, 'b')).toBe('a');
    expect(nextUnreviewed(fields, { a: decided('accepted'), c: decided('accepted'), d: decided('accepted') }, 'b')).toBe('b');
    expect(
      nextUnreviewed(fields, { a: decided('accepted'), b: decided('accepted'), c: decided('accepted'), d: decided('accepted') }, 'b'),
    ).toBeNull();
    expect(nextUnreviewed(fields, { a: decided('accepted') }, null)).toBe('b');
    expect(nextUnreviewed(fields, undefined, 'gone')).toBe('a');
    expect(nextUnreviewed([], {}, null)).toBeNull();
  });

  it('a field named like an Object member (constructor, __proto__) is undecided until decided', () => {
    const named = [{ path: 'constructor' }, { path: '__proto__' }, { path: 'toString' }];
    expect(nextUnreviewed(named, {}, null)).toBe('constructor');
    expect(nextUnreviewed(named, { constructor: decided('accepted') }, 'constructor')).toBe('__proto__');
    expect(reviewCounts(named, {})).toMatchObject({ reviewed: 0 });
    const proto = JSON.parse('{"__proto__": {"status": "rejected", "decidedAt": "t"}}') as Record<string, FieldDecision>;
    expect(reviewCounts(named, proto)).toMatchObject({ reviewed: 1, rejected: 1 });
  });

  it('steps one field, stopping at the ends; from nothing, the first or last', () => {
    expect(stepPath(fields, 'b', 1)).toBe('c');
    expect(stepPath(fields, 'd', 1)).toBe('d');
    expect(stepPath(fields, 'a', -1)).toBe('a');
    expect(stepPath(fields, null, 1)).toBe('a');
    expect(stepPath(fields, null, -1)).toBe('d');
    expect(stepPath([], null, 1)).toBeNull();
  });

  it('counts the listed fields only and says so in one line', () => {
    const counts = reviewCounts(fields, {
      a: decided('accepted'),
      b: decided('corrected', { correctedValue: 'x' }),
      c: decided('rejected'),
      gone: decided('accepted'),
    });
    expect(counts).toEqual({ total: 4, reviewed: 3, accepted: 1, corrected: 1, rejected: 1 });
    expect(progressLine(counts)).toBe('3 of 4 reviewed · 1 corrected · 1 rejected');
    expect(progressLine(reviewCounts(fields, undefined))).toBe('0 of 4 reviewed');
  });

  it('undo writes back exactly the previous status, value and note, or takes the decision back', () => {
    expect(restoredDecision({ extractionId: 'x', path: 'a', previous: undefined })).toBeNull();
    expect(restoredDecision({ extractionId: 'x', path: 'a', previous: decided('corrected', { correctedValue: '', note: 'n' }) })).toEqual({
      status: 'corrected',
      correctedValue: '',
      note: 'n',
    });
    expect(restoredDecision({ extractionId: 'x', path: 'a', previous: decided('accepted') })).toEqual({ status: 'accepted' });
  });
});
