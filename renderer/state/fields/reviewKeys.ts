/**
 * The Review screen's keys, as one table: the handling (useReviewKeyboard) and the legend
 * (ReviewBar) both read it. In review mode, keys act on the selected field; with none selected,
 * a deciding key first selects the next unreviewed field (so nothing is decided unseen). Keys
 * review mode does not take move through the document and its fields.
 */
import { decideSelectedField, selectedFieldPath, selectFirstUnreviewed, stepFieldAndFocus, undoLastDecision } from './reviewActions.js';
import { fieldsInListOrder } from './fieldConfidence.js';
import { useReviewMode } from './reviewModeStore.js';
import { acceptBlockedBy, useRules } from './rulesStore.js';
import { queueTakesEnter, useQueueStore } from '../queue/queueStore.js';
import { useReviewStore } from '../review/reviewStore.js';
import { keyLegend, runKeyCommand, type KeyCommand } from '../../dom/keyCommands.js';

/** review: taken first while the review keys apply (reviewKeysApply); browse: when they do not, or a key is not theirs. */
export type ReviewScreenKey = KeyCommand & { mode: 'review' | 'browse' };

/** Enter on a button, link, tab or the resize handle is that control's own. */
function enterBelongsToControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], summary, [role="separator"], [role="tab"]') !== null;
}

/** A press that is Enter is the reviewer's only when no control owns it. */
const notControlsEnter = (event: KeyboardEvent) => event.key !== 'Enter' || !enterBelongsToControl(event.target);
/** A held key repeats: a decision is taken once per press. */
const once = (run: (event: KeyboardEvent) => void) => (event: KeyboardEvent) => {
  if (!event.repeat) run(event);
};

export const REVIEW_SCREEN_KEYS: readonly ReviewScreenKey[] = [
  // A queue moving to another document: a decision now could land on the document being left,
  // so none is applied. The queue bar says so for a, c and r (a reviewer typing ahead would
  // take it for a decision); Enter and u pressed again on the document shown would accept its
  // first field unseen or undo another decision, so they are dropped without a word. (Unlisted:
  // these keys are listed for what they do once the queue has moved.)
  {
    mode: 'review',
    keys: ['a', 'c', 'r', 'u', 'Enter'],
    label: null,
    when: (event) => useQueueStore.getState().moving && notControlsEnter(event),
    run: once((event) => {
      if (event.key !== 'u' && event.key !== 'Enter') useQueueStore.getState().noteKeyNotApplied(event.key);
    }),
  },
  // In a queue, Enter on a document whose every field is decided moves on to the next one
  // (unlisted: the queue bar says so when it applies).
  {
    mode: 'review',
    keys: ['Enter'],
    label: null,
    when: (event) => notControlsEnter(event) && queueTakesEnter(),
    run: once(() => void useQueueStore.getState().step(1)),
  },
  // Focus had left the corrector (unlisted: Esc closes what is open, as everywhere).
  {
    mode: 'review',
    keys: ['Escape'],
    label: null,
    when: () => useReviewMode.getState().editingPath !== null,
    run: () => useReviewMode.getState().setEditing(null),
  },
  { mode: 'review', keys: ['a', 'Enter'], label: 'accept', when: notControlsEnter, run: once(() => decideSelected('accepted')) },
  { mode: 'review', keys: ['c'], label: 'correct', run: once(correctSelected) },
  { mode: 'review', keys: ['r'], label: 'reject', run: once(() => decideSelected('rejected')) },
  { mode: 'review', keys: ['u'], label: 'undo', run: once(() => void undoLastDecision()) },
  { mode: 'review', keys: ['n', 'j', 'ArrowDown'], label: 'next', run: () => stepFieldAndFocus(1) },
  { mode: 'review', keys: ['p', 'k', 'ArrowUp'], label: 'previous', run: () => stepFieldAndFocus(-1) },
  // Browsing: listed by BROWSE_KEYS_NOTE while review mode is off (Esc, unlisted, as everywhere).
  { mode: 'browse', keys: ['Escape'], label: null, run: () => useReviewStore.getState().selectNode(null) },
  { mode: 'browse', keys: ['j', 'ArrowDown'], label: null, run: () => useReviewStore.getState().stepSelection(1) },
  { mode: 'browse', keys: ['k', 'ArrowUp'], label: null, run: () => useReviewStore.getState().stepSelection(-1) },
  { mode: 'browse', keys: ['n'], label: null, run: () => useReviewStore.getState().stepField(1, fieldsInListOrder()) },
  { mode: 'browse', keys: ['p'], label: null, run: () => useReviewStore.getState().stepField(-1, fieldsInListOrder()) },
];

const REVIEW = REVIEW_SCREEN_KEYS.filter((c) => c.mode === 'review');
const BROWSE = REVIEW_SCREEN_KEYS.filter((c) => c.mode === 'browse');

/** The review keys, as ReviewBar lists them in review mode. */
export const REVIEW_KEY_LEGEND = keyLegend(REVIEW);

/** What ReviewBar says of the keys while review mode is off. */
export const BROWSE_KEYS_NOTE =
  'Review mode is off: the keys move through the document (j/k) and fields (n/p); turn it on to decide with a, c, r.';

/**
 * Whether the review keys apply: review mode with fields listed, or a queue moving to another
 * document (its fields not listed yet), where a deciding key must still be caught.
 */
export function reviewKeysApply(fieldCount: number): boolean {
  return useReviewMode.getState().on && (fieldCount > 0 || useQueueStore.getState().moving);
}

/** Handles one key in review mode; false when the key is not a review key (the browsing keys apply). */
export function reviewModeKey(event: KeyboardEvent): boolean {
  const queue = useQueueStore.getState();
  const handled = runKeyCommand(REVIEW, event);
  // The reviewer has pressed another key since: the queue's note of one not applied has had its say.
  if (handled && !event.repeat && !queue.moving && queue.keyNotApplied !== null) queue.noteKeyNotApplied(null);
  return handled;
}

/** Handles one key outside review mode (or one review mode does not take); false when it is none of the screen's. */
export function browseKey(event: KeyboardEvent): boolean {
  return runKeyCommand(BROWSE, event);
}

function correctSelected(): void {
  const path = selectedFieldPath();
  return path === null ? selectFirstUnreviewed() : useReviewMode.getState().setEditing(path);
}

function decideSelected(status: 'accepted' | 'rejected'): void {
  void decideSelectedField((path, decision) => {
    const note = decision?.note ? { note: decision.note } : {};
    if (status === 'rejected') return { status: 'rejected', ...note };
    if (decision?.status !== 'accepted' && acceptBlockedBy(useRules.getState(), path) !== null) return undefined;
    return { status: 'accepted', ...note };
  });
}
