import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { Selection } from '../../../../../shared/grounding/selection.js';
import { selectionMembership } from '../../../../../renderer/state/review/selectionMembership.js';

function onPages(id: string, pages: number[]): Selection {
  return {
    kind: 'node',
    id,
    nodeIds: [id],
    ranges: [],
    boxes: pages.map((page) => ({ page, left: 0, top: 0, right: 0.1, bottom: 0.1, valid: true })),
    pages,
    text: '',
  };
}

function pagesOfSelection() {
  const store = createStore<{ selection: Selection | null }>(() => ({ selection: null }));
  const pages = selectionMembership(store, (selection) => selection.boxes.map((box) => box.page));
  const told: number[] = [];
  const stops = [1, 2, 3, 4, 5].map((page) => pages.subscribe(page, () => told.push(page)));
  return { store, pages, told, stops };
}

describe('selectionMembership', () => {
  it('tells only the keys a change of selection enters or leaves', () => {
    const { store, pages, told } = pagesOfSelection();
    store.setState({ selection: onPages('a', [2, 3]) });
    expect(told.sort()).toEqual([2, 3]);
    expect([1, 2, 3, 4, 5].map((page) => pages.has(page))).toEqual([false, true, true, false, false]);

    told.length = 0;
    store.setState({ selection: onPages('b', [3, 5]) });
    // Page 3 stays selected: nothing to tell it.
    expect(told.sort()).toEqual([2, 5]);
    expect(pages.has(2)).toBe(false);
    expect(pages.has(5)).toBe(true);

    told.length = 0;
    store.setState({ selection: null });
    expect(told.sort()).toEqual([3, 5]);
  });

  it('says nothing when something else in the store changes, or the same pages are selected again', () => {
    const store = createStore<{ selection: Selection | null; other: number }>(() => ({ selection: onPages('a', [1]), other: 0 }));
    const pages = selectionMembership(store, (selection) => selection.boxes.map((box) => box.page));
    let told = 0;
    pages.subscribe(1, () => told++);
    store.setState({ other: 1 });
    store.setState({ selection: onPages('b', [1]) });
    expect(told).toBe(0);
    expect(pages.has(1)).toBe(true);
  });

  it('answers from the selection already there when first asked, and a listener that left is not told', () => {
    const store = createStore<{ selection: Selection | null }>(() => ({ selection: onPages('a', [4]) }));
    const pages = selectionMembership(store, (selection) => selection.boxes.map((box) => box.page));
    expect(pages.has(4)).toBe(true);
    let told = 0;
    const stop = pages.subscribe(4, () => told++);
    stop();
    store.setState({ selection: null });
    expect(told).toBe(0);
    expect(pages.has(4)).toBe(false);
  });
});
