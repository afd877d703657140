import { beforeEach, describe, expect, it } from 'vitest';
import { useBoardStore } from '../../../../renderer/datasets/boardStore.js';
import { AppError } from '../../../../shared/errors.js';

// The media board's selection and pending changes: what a click selects, what an assignment
// queues, and what showing another project resets.
const board = () => useBoardStore.getState();
const selected = () => [...board().selected].sort((a, b) => a - b);
const order = [10, 11, 12, 13, 14];
const plain = { shift: false, toggle: false };

beforeEach(() => {
  useBoardStore.setState(useBoardStore.getInitialState(), true);
  board().forProject(1);
});

describe('board store', () => {
  it('a click selects one media; shift-click the range from the last plain click, in either direction', () => {
    board().click(12, order, plain);
    expect(selected()).toEqual([12]);
    board().click(14, order, { shift: true, toggle: false });
    expect(selected()).toEqual([12, 13, 14]);
    board().click(10, order, { shift: true, toggle: false });
    expect(selected()).toEqual([10, 11, 12]);
    expect(board().anchor).toBe(12);
  });

  it('ctrl/cmd-click toggles one media and moves the anchor; ctrl-shift adds the range to the selection', () => {
    board().click(10, order, plain);
    board().click(13, order, { shift: false, toggle: true });
    expect(selected()).toEqual([10, 13]);
    expect(board().anchor).toBe(13);
    board().click(10, order, { shift: false, toggle: true });
    expect(selected()).toEqual([13]);
    board().click(10, order, { shift: false, toggle: true });
    board().click(12, order, { shift: true, toggle: true });
    expect(selected()).toEqual([10, 11, 12, 13]);
    board().setSelection([10], null);
    board().click(14, order, { shift: true, toggle: false });
    expect(selected()).toEqual([14]);
  });

  it('assigning queues the selected media under that value, or nothing without a selection or value', () => {
    expect(board().assign('colour', 'red', false)).toBe(0);
    board().setSelection([11, 10]);
    expect(board().assign('colour', '  ', false)).toBe(0);
    expect(board().pending).toEqual([]);
    expect(board().assign('colour', 'red', false)).toBe(2);
    expect(board().assign('colour', 'blue', false, [11])).toBe(1);
    expect(board().pending).toEqual([
      { name: 'colour', value: 'red', mediaIds: [10] },
      { name: 'colour', value: 'blue', mediaIds: [11] },
    ]);
    board().unassign('colour', 'red', 10);
    expect(board().pending).toEqual([{ name: 'colour', value: 'blue', mediaIds: [11] }]);
  });

  it('showing another project clears selection, pending changes and the error; the same project keeps them', () => {
    board().setSelection([10, 11], 10);
    board().assign('colour', 'red', false);
    board().set({ error: new AppError({ code: 'x', message: 'failed' }) });
    board().forProject(1);
    expect(selected()).toEqual([10, 11]);
    expect(board().pending).toHaveLength(1);
    expect(board().error?.message).toBe('failed');
    board().forProject(2);
    expect(selected()).toEqual([]);
    expect(board().anchor).toBeNull();
    expect(board().pending).toEqual([]);
    expect(board().error).toBeNull();
  });

  it('an apply that answers removes only what it sent: values given while it ran stay pending', () => {
    board().setSelection([10, 11]);
    board().assign('color', 'red', false);
    const sent = board().pending;
    // While the apply runs: one more media gets red, another gets a new value.
    board().assign('color', 'red', false, [12]);
    board().assign('light', 'day', false, [10]);
    board().applied(1, sent, []);
    expect(board().pending).toEqual([
      { name: 'color', value: 'red', mediaIds: [12] },
      { name: 'light', value: 'day', mediaIds: [10] },
    ]);
  });

  it("an apply that answers after the board moved to another project leaves that project's pending alone and keeps its failures with its own project", () => {
    board().assign('color', 'red', false, [10]);
    const sent = board().pending;
    board().forProject(2);
    board().assign('color', 'red', false, [10]);
    const part = { metadataAppend: { color: 'red' }, mediaIds: [10], error: { code: 'internal_error', message: 'no' } };
    board().applied(1, sent, [part]);
    expect(board().pending).toEqual([{ name: 'color', value: 'red', mediaIds: [10] }]);
    expect(board().failed[2]).toBeUndefined();
    expect(board().failed[1]).toEqual([part]);
    board().forProject(1);
    expect(board().failed[1]).toEqual([part]);
  });
});
