/**
 * The review-mode key map. Keys act on the selected field; with none selected, a deciding
 * key first selects the next unreviewed field (so nothing is decided unseen).
 */
import { decideSelectedField, selectedFieldPath, selectFirstUnreviewed, stepFieldAndFocus, undoLastDecision } from './reviewActions.js';
import { useReviewMode } from './reviewModeStore.js';
import { acceptBlockedBy, useRules } from './rulesStore.js';
import { queueTakesEnter, useQueueStore } from '../queue/queueStore.js';

export const REVIEW_KEY_LEGEND: Array<{ keys: string[]; action: string }> = [
  { keys: ['a', 'Enter'], action: 'accept' },
  { keys: ['c'], action: 'correct' },
  { keys: ['r'], action: 'reject' },
  { keys: ['u'], action: 'undo' },
  { keys: ['n', 'j', '↓'], action: 'next' },
  { keys: ['p', 'k', '↑'], action: 'previous' },
];

/** Enter on a button, link, tab or the resize handle is that control's own. */
function enterBelongsToControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], summary, [role="separator"], [role="tab"]') !== null;
}

/** Handles one key in review mode; false when the key is not a review key (the caller's map applies). */
export function reviewModeKey(event: KeyboardEvent): boolean {
  const key = event.key;
  const enter = key === 'Enter' && !enterBelongsToControl(event.target);
  // A queue moving to its next document: a decision now could land on the document being left,
  // so it is not applied, and the queue bar says so (a reviewer typing ahead would think it was).
  const queue = useQueueStore.getState();
  const deciding = enter || key === 'a' || key === 'c' || key === 'r' || key === 'u';
  if (queue.moving && deciding) {
    queue.noteKeyNotApplied(enter ? 'Enter' : key);
    return true;
  }
  if (queue.keyNotApplied !== null) queue.noteKeyNotApplied(null);
  // In a queue, Enter on a document whose every field is decided moves on to the next one.
  if (enter && queueTakesEnter()) {
    if (!event.repeat) void useQueueStore.getState().step(1);
    return true;
  }
  if (key === 'Escape' && useReviewMode.getState().editingPath !== null)
    useReviewMode.getState().setEditing(null); // focus had left the editor
  else if (key === 'n' || key === 'j' || key === 'ArrowDown') stepFieldAndFocus(1);
  else if (key === 'p' || key === 'k' || key === 'ArrowUp') stepFieldAndFocus(-1);
  else if (key === 'u') {
    if (!event.repeat) void undoLastDecision();
  } else if (key === 'a' || key === 'c' || key === 'r' || enter) {
    if (!event.repeat) decideSelected(key);
  } else return false;
  return true;
}

function decideSelected(key: string): void {
  if (key === 'c') {
    const path = selectedFieldPath();
    return path === null ? selectFirstUnreviewed() : useReviewMode.getState().setEditing(path);
  }
  void decideSelectedField((path, decision) => {
    const note = decision?.note ? { note: decision.note } : {};
    if (key === 'r') return { status: 'rejected', ...note };
    if (decision?.status !== 'accepted' && acceptBlockedBy(useRules.getState(), path) !== null) return undefined;
    return { status: 'accepted', ...note };
  });
}
