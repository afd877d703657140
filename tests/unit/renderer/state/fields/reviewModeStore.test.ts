import { describe, expect, it, vi } from 'vitest';
import type { UndoEntry } from '../../../../../renderer/state/fields/fieldOrder.js';
import { useRememberedStorage } from '../../../../support/rememberedStorage.js';

// The review-mode switch (remembered across sessions) and its undo stack, which holds the
// decisions of one extraction at a time.
useRememberedStorage();

const load = async () => (await import('../../../../../renderer/state/fields/reviewModeStore.js')).useReviewMode;
const entry = (extractionId: string, path: string): UndoEntry => ({ extractionId, path, previous: undefined });

describe('review mode store', () => {
  it('is on unless turned off, and a new window remembers it turned off', async () => {
    expect((await load()).getState().on).toBe(true);
    (await load()).getState().setOn(false);
    vi.resetModules();
    expect((await load()).getState().on).toBe(false);
  });

  it('undo takes back the latest decision of that extraction; another extraction starts a new stack', async () => {
    const mode = await load();
    mode.getState().pushUndo(entry('a', 'total'));
    mode.getState().pushUndo(entry('a', 'date'));
    expect(mode.getState().popUndo('a')?.path).toBe('date');
    mode.getState().pushUndo(entry('b', 'vendor'));
    expect(mode.getState().undo).toEqual([entry('b', 'vendor')]);
    expect(mode.getState().popUndo('b')?.path).toBe('vendor');
    expect(mode.getState().popUndo('a')).toBeUndefined();
  });

  it('keeps the latest 200 decisions', async () => {
    const mode = await load();
    for (let i = 0; i < 205; i++) mode.getState().pushUndo(entry('a', `f${i}`));
    expect(mode.getState().undo).toHaveLength(200);
    expect(mode.getState().undo[0]?.path).toBe('f5');
    expect(mode.getState().popUndo('a')?.path).toBe('f204');
  });

  it('a typed correction belongs to its field of its extraction; opening that corrector again keeps it, another one starts empty', async () => {
    const mode = await load();
    const { draftFor } = await import('../../../../../renderer/state/fields/reviewModeStore.js');
    mode.getState().setEditing('total');
    mode.getState().setDraft({ extractionId: 'a', path: 'total', value: '1,234', note: '' });
    expect(draftFor(mode.getState().draft, 'a', 'total')?.value).toBe('1,234');
    // The same field of another document's extraction (the same schema, in a queue) is not it.
    expect(draftFor(mode.getState().draft, 'b', 'total')).toBeNull();
    expect(draftFor(mode.getState().draft, 'a', 'date')).toBeNull();
    mode.getState().setEditing('total');
    expect(mode.getState().draft?.value).toBe('1,234');
    mode.getState().setEditing('date');
    expect(mode.getState().draft).toBeNull();
  });
});
