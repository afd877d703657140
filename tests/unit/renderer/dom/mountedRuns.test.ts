import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mountedRuns, runNear, type Run } from '../../../../renderer/dom/mountedRuns.js';
import { SizeTree } from '../../../../shared/fenwick.js';

const run = fc
  .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 20 }))
  .map(([first, length]): Run => ({ first, last: first + length }));
const items = (runs: Run[]) => runs.flatMap(({ first, last }) => Array.from({ length: last - first + 1 }, (_, k) => first + k));

describe('the runs a virtual list mounts', () => {
  it('mount every item near the view and every kept one, each once, in list order, in at most two runs that do not meet', () => {
    fc.assert(
      fc.property(run, fc.option(run, { nil: null }), (near, kept) => {
        const runs = mountedRuns(near, kept);
        const mounted = items(runs);
        expect(new Set(mounted)).toEqual(new Set([...items([near]), ...(kept ? items([kept]) : [])]));
        expect(mounted).toEqual([...mounted].sort((a, b) => a - b));
        expect(new Set(mounted).size).toBe(mounted.length);
        expect(runs.length).toBeLessThanOrEqual(2);
        // Two runs only with a gap between them: runs that touch are drawn as one.
        if (runs.length === 2) expect(runs[1]!.first).toBeGreaterThan(runs[0]!.last + 1);
      }),
    );
  });

  it('keep the rows of a far jump as a run of their own, below or above, and merge rows that meet', () => {
    expect(mountedRuns({ first: 500, last: 505 }, { first: 0, last: 20 })).toEqual([
      { first: 0, last: 20 },
      { first: 500, last: 505 },
    ]);
    expect(mountedRuns({ first: 3, last: 8 }, { first: 400, last: 420 })).toEqual([
      { first: 3, last: 8 },
      { first: 400, last: 420 },
    ]);
    expect(mountedRuns({ first: 21, last: 30 }, { first: 0, last: 20 })).toEqual([{ first: 0, last: 30 }]);
    expect(mountedRuns({ first: 5, last: 9 }, null)).toEqual([{ first: 5, last: 9 }]);
  });

  it('reach `reach` px beyond the view on either side, and nothing in an empty list', () => {
    const sizes = new SizeTree(Array.from({ length: 100 }, () => 10));
    expect(runNear(sizes, 100, { top: 200, height: 50 }, 0)).toEqual({ first: 20, last: 25 });
    expect(runNear(sizes, 100, { top: 200, height: 50 }, 30)).toEqual({ first: 17, last: 28 });
    expect(runNear(sizes, 100, { top: 0, height: 50 }, 30)).toEqual({ first: 0, last: 8 });
    expect(items([runNear(new SizeTree([]), 0, { top: 0, height: 50 }, 30)])).toEqual([]);
  });
});
