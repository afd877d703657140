import { describe, expect, it } from 'vitest';
import { addPending, batches, pendingByMedia, removePending } from '../../../../shared/datasets/pending.js';

describe('pending changes', () => {
  it('merges drops on the same value and moves media between values of a single-valued metadata', () => {
    let changes = addPending([], 'color', 'red', [3, 1], false);
    changes = addPending(changes, 'color', 'red', [2], false);
    expect(changes).toEqual([{ name: 'color', value: 'red', mediaIds: [1, 2, 3] }]);
    changes = addPending(changes, 'color', 'blue', [2, 3], false);
    expect(changes).toEqual([
      { name: 'color', value: 'red', mediaIds: [1] },
      { name: 'color', value: 'blue', mediaIds: [2, 3] },
    ]);
    changes = addPending(changes, 'size', 'big', [1], false);
    expect(pendingByMedia(changes).get(1)).toEqual([
      { name: 'color', value: 'red' },
      { name: 'size', value: 'big' },
    ]);
    expect(removePending(changes, 'color', 'blue', 2)).toContainEqual({ name: 'color', value: 'blue', mediaIds: [3] });
    expect(removePending(changes, 'color', 'red')).not.toContainEqual(expect.objectContaining({ value: 'red' }));
  });

  it('keeps several values when the metadata allows multiple', () => {
    const changes = addPending(addPending([], 'tags', 'a', [1], true), 'tags', 'b', [1], true);
    expect(changes).toHaveLength(2);
  });

  it('batches', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
