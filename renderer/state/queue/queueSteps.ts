/**
 * A review queue's steps and progress as pure functions of its items: where the next
 * document still in the workspace is, and the line the queue bar shows.
 */
import type { QueueItemState, QueueView } from '../../../shared/ipc/queues.js';
import type { FieldEntry } from '../../../shared/grounding/fields.js';
import type { Review } from '../../../shared/review.js';
import { decisionOf } from '../../../shared/reviewFields.js';

/** Whether the queue's current item is what the Review screen shows: its document with its extraction. */
export function itemOnScreen(view: QueueView | null, documentId: string | undefined, extractionId: string | undefined): boolean {
  const item = view?.items[view.position];
  return !!item && item.documentId === documentId && item.extractionId === extractionId;
}

/** The first item from `from` (itself included) going `direction` whose document is still there; null past the end. */
export function presentFrom(items: readonly Pick<QueueItemState, 'gone'>[], from: number, direction: 1 | -1): number | null {
  for (let i = from; i >= 0 && i < items.length; i += direction) if (!items[i]!.gone) return i;
  return null;
}

export interface QueueProgress {
  /** 1-based, counting every item (deleted ones too: the queue's numbers do not shift). */
  document: number;
  documents: number;
  decided: number;
  fields: number;
  gone: number;
}

/**
 * Progress across the queue; the item on screen counts its live decisions (`liveDecided`,
 * from the Fields panel), the others what main reported. Deleted documents count no fields.
 */
export function queueProgress(items: readonly QueueItemState[], position: number, liveDecided: number | null): QueueProgress {
  let decided = 0;
  let fields = 0;
  let gone = 0;
  items.forEach((item, i) => {
    if (item.gone) {
      gone++;
      return;
    }
    fields += item.fields;
    decided += i === position && liveDecided !== null ? Math.min(liveDecided, item.fields) : item.decided;
  });
  return { document: position + 1, documents: items.length, decided, fields, gone };
}

/** "Document 3 of 12 · 41 of 120 fields decided". */
export function progressText(p: QueueProgress): string {
  return `Document ${p.document} of ${p.documents} · ${p.decided} of ${p.fields} field${p.fields === 1 ? '' : 's'} decided`;
}

/** "2 documents in this queue were deleted; skipped" (null when none was). */
export function goneText(gone: number): string | null {
  if (gone === 0) return null;
  return gone === 1 ? '1 document in this queue was deleted; skipped' : `${gone} documents in this queue were deleted; skipped`;
}

/** What making the queue found, in words (null: nothing to say). */
export function startNoteOf(view: QueueView): string | null {
  const parts: string[] = [];
  const doc = (n: number) => `${n} document${n === 1 ? '' : 's'}`;
  if (view.unscored)
    parts.push(`${doc(view.unscored)} included because ${view.unscored === 1 ? 'its' : 'their'} confidence scores could not be read`);
  if (view.leftOut) parts.push(`${doc(view.leftOut)} left out: no extraction with fields`);
  return parts.length > 0 ? `${parts.join('; ')}.` : null;
}

/** How many of the fields on screen have a decision. */
export function decidedOnScreen(fields: readonly Pick<FieldEntry, 'path'>[], review: Review | null): number {
  return fields.filter((f) => decisionOf(review?.fields, f.path) !== undefined).length;
}

/** Every field on screen is decided (and there is one): what lights "Next document" and lets Enter take it. */
export function everyFieldDecided(fields: readonly Pick<FieldEntry, 'path'>[], review: Review | null): boolean {
  return fields.length > 0 && decidedOnScreen(fields, review) === fields.length;
}
