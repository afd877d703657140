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

/**
 * Whether the review keys apply: review mode with fields listed, or a queue moving to another
 * document (its fields not listed yet), where a deciding key must still be caught.
 */
export function reviewKeysApply(fieldCount: number): boolean {
  return useReviewMode.getState().on && (fieldCount > 0 || useQueueStore.getState().moving);
}

/** Handles one key in review mode; false when the key is not a review key (the caller's map applies). */
export function reviewModeKey(event: KeyboardEvent): boolean {
  const queue = useQueueStore.getState();
  const handled = applyReviewKey(event);
  // The reviewer has pressed another key since: the queue's note of one not applied has had its say.
  if (handled && !event.repeat && !queue.moving && queue.keyNotApplied !== null) queue.noteKeyNotApplied(null);
  return handled;
}

function applyReviewKey(event: KeyboardEvent): boolean {
  const key = event.key;
  const enter = key === 'Enter' && !enterBelongsToControl(event.target);
  // A queue moving to another document: a decision now could land on the document being left,
  // so none is applied. The queue bar says so for a, c and r (a reviewer typing ahead would
  // take it for a decision); Enter and u pressed again on the document shown would accept its
  // first field unseen or undo another decision, so they are dropped without a word.
  const queue = useQueueStore.getState();
  if (queue.moving && (enter || key === 'a' || key === 'c' || key === 'r' || key === 'u')) {
    if (!event.repeat && (key === 'a' || key === 'c' || key === 'r')) queue.noteKeyNotApplied(key);
    return true;
  }
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
