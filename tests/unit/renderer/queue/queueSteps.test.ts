import { describe, expect, it } from 'vitest';
import type { QueueItemState, QueueView } from '../../../../shared/ipc/queues.js';
import { goneText, itemOnScreen, presentFrom, progressText, queueProgress } from '../../../../renderer/queue/queueSteps.js';

const item = (name: string, fields: number, decided: number, gone = false): QueueItemState => ({
  documentId: `d-${name}`,
  extractionId: `x-${name}`,
  name,
  fields,
  decided,
  gone,
});

describe('queue steps', () => {
  const items = [item('a', 2, 2), item('b', 3, 0, true), item('c', 4, 1), item('d', 1, 0, true)];

  it('skips deleted documents in either direction, and says when there is none left', () => {
    expect(presentFrom(items, 1, 1)).toBe(2);
    expect(presentFrom(items, 3, 1)).toBeNull();
    expect(presentFrom(items, 1, -1)).toBe(0);
    expect(presentFrom(items, -1, -1)).toBeNull();
  });

  it('counts fields across the queue, the item on screen live, deleted documents not at all', () => {
    const progress = queueProgress(items, 2, 3);
    expect(progress).toEqual({ document: 3, documents: 4, decided: 5, fields: 6, gone: 2 });
    expect(progressText(progress)).toBe('Document 3 of 4 · 5 of 6 fields decided');
    // Without a live count (the item not on screen yet), main's count.
    expect(queueProgress(items, 2, null).decided).toBe(3);
    expect(goneText(2)).toBe('2 documents in this queue were deleted; skipped');
    expect(goneText(1)).toBe('1 document in this queue was deleted; skipped');
    expect(goneText(0)).toBeNull();
  });

  it('knows the queue item is on screen only with its own extraction', () => {
    const view = { position: 2, items } as unknown as QueueView;
    expect(itemOnScreen(view, 'd-c', 'x-c')).toBe(true);
    expect(itemOnScreen(view, 'd-c', 'x-other')).toBe(false);
    expect(itemOnScreen(view, 'd-a', 'x-a')).toBe(false);
    expect(itemOnScreen(null, 'd-c', 'x-c')).toBe(false);
  });
});
