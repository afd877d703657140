import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SizeTree } from '../../../shared/fenwick.js';

describe('size tree (virtual list heights)', () => {
  it('agrees with naive prefix sums through any sequence of updates', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 80 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 200 })), { maxLength: 30 }),
        (initial, updates) => {
          const sizes = [...initial];
          const tree = new SizeTree(sizes);
          for (const [i, size] of updates) {
            tree.set(i % sizes.length, size);
            sizes[i % sizes.length] = size;
          }
          let sum = 0;
          for (let i = 0; i <= sizes.length; i++) {
            expect(tree.offsetOf(i)).toBe(sum);
            if (i < sizes.length) sum += sizes[i]!;
          }
          // indexAt: the item whose [offset, offset + size) holds the point (skipping empty items).
          for (let point = 0; point < sum; point += 7) {
            const index = tree.indexAt(point);
            expect(tree.offsetOf(index)).toBeLessThanOrEqual(point);
            expect(tree.offsetOf(index) + sizes[index]!).toBeGreaterThan(point);
          }
        },
      ),
    );
  });
});
