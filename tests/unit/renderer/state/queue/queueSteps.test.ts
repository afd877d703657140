import { describe, expect, it } from 'vitest';
import type { QueueItemState, QueueView } from '../../../../../shared/ipc/queues.js';
import type { Review } from '../../../../../shared/review.js';
import {
  decidedOnScreen,
  everyFieldDecided,
  goneText,
  itemOnScreen,
  presentFrom,
  progressText,
  queueProgress,
  startNoteOf,
} from '../../../../../renderer/state/queue/queueSteps.js';

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

  it('says as a queue starts how many documents it holds for unreadable scores and how many it left out', () => {
    const view = (extra: Partial<QueueView>) => ({ position: 0, items, ...extra }) as unknown as QueueView;
    expect(startNoteOf(view({ unscored: 2, leftOut: 1 }))).toBe(
      '2 documents included because their confidence scores could not be read; 1 document left out: no extraction with fields.',
    );
    expect(startNoteOf(view({ unscored: 1 }))).toBe('1 document included because its confidence scores could not be read.');
    expect(startNoteOf(view({}))).toBeNull();
  });

  it('"every field decided" needs a field, and a decision on each', () => {
    const review = (paths: string[]) =>
      ({
        extractionId: 'x',
        updatedAt: '',
        fields: Object.fromEntries(paths.map((p) => [p, { status: 'accepted', decidedAt: '' }])),
      }) as Review;
    expect(everyFieldDecided([{ path: 'a' }, { path: 'b' }], review(['a', 'b', 'stray']))).toBe(true);
    expect(everyFieldDecided([{ path: 'a' }, { path: 'b' }], review(['a', 'stray']))).toBe(false);
    expect(everyFieldDecided([], review([]))).toBe(false);
    expect(decidedOnScreen([{ path: 'a' }, { path: 'b' }], review(['a', 'stray']))).toBe(1);
  });
});
