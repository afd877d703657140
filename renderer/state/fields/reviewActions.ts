/**
 * What the review keys and buttons do, on top of the Review store's own actions (decide,
 * selectField): remember each decision for undo, then move on to the next unreviewed field.
 * Actions run one after another, so quick key presses each act on the field the previous
 * one moved to, never twice on the same field. Each action is bound to the extraction open
 * when its key was pressed: if another is open by its turn, it is dropped, so a key pressed
 * on one document never decides a field of the next.
 */
import type { FieldDecision } from '../../../shared/review.js';
import { decisionOf } from '../../../shared/reviewFields.js';
import { useReviewStore } from '../review/reviewStore.js';
import { afterQueued } from './decisionQueue.js';
import { nextUnreviewed, restoredDecision, stepPath } from './fieldOrder.js';
import { fieldsInListOrder } from './fieldConfidence.js';
import { useReviewMode } from './reviewModeStore.js';

type Decision = Omit<FieldDecision, 'decidedAt'> | null;

/** Runs `action` after the actions before it, only if the extraction open now is still open then. */
function serially(action: () => Promise<void>): Promise<void> {
  const pressedOn = useReviewStore.getState().extraction?.id ?? null;
  return afterQueued(() => (useReviewStore.getState().extraction?.id === pressedOn ? action() : Promise.resolve()));
}

/** The selected field's path, when a field (not a node) is selected. */
export function selectedFieldPath(): string | null {
  const selection = useReviewStore.getState().selection;
  return selection?.kind === 'field' ? selection.id : null;
}

/** Focuses a field's row once it is drawn, so keys and screen readers follow the review. */
export function focusFieldRow(path: string): void {
  // (No document where the review stores run without a window, as in their unit tests.)
  const row = () => globalThis.document?.querySelector<HTMLElement>(`[data-testid="field"][data-field="${CSS.escape(path)}"]`) ?? null;
  // At once when the row is drawn: a key pressed before the next frame goes to the field the
  // selection moved to, not to the row it left (Enter there selected that row again, and accepted it again).
  row()?.focus({ preventScroll: true });
  const focused = globalThis.document?.activeElement;
  // A row the list draws only now (scrolled to) is focused once drawn, and brought into view.
  // Focus moved on meanwhile (the corrector opened by a key pressed before this frame) stays.
  requestAnimationFrame(() => {
    const drawn = row();
    if (!drawn) return;
    const now = document.activeElement;
    if (now === focused || now === document.body || now === null) drawn.focus({ preventScroll: true });
    drawn.scrollIntoView({ block: 'nearest' });
  });
}

export function selectAndFocus(path: string | null): void {
  if (path === null) return;
  useReviewStore.getState().selectField(path);
  focusFieldRow(path);
}

/** Decides a field (null takes the decision back), remembers what it had for `u`, and with `advance` moves to the next unreviewed field. */
export function decideField(path: string, decision: Decision, { advance }: { advance: boolean }): Promise<void> {
  return serially(() => decideNow(path, decision, advance));
}

/**
 * Decides the field selected when this action's turn comes, not when its key was pressed, so
 * two quick presses act on two fields of the same extraction (if another extraction is open
 * by then, the action is dropped: see `serially`). `choose` gives the decision (undefined: none, as when
 * a rule blocks accept); with no field selected, the first unreviewed one is selected instead.
 */
export function decideSelectedField(choose: (path: string, current: FieldDecision | undefined) => Decision | undefined): Promise<void> {
  return serially(async () => {
    const path = selectedFieldPath();
    if (path === null) return selectFirstUnreviewed();
    const decision = choose(path, decisionOf(useReviewStore.getState().review?.fields, path));
    if (decision !== undefined) await decideNow(path, decision, true);
  });
}

async function decideNow(path: string, decision: Decision, advance: boolean): Promise<void> {
  const { extraction, review, decide } = useReviewStore.getState();
  if (!extraction) return;
  await decide(path, decision);
  const after = useReviewStore.getState();
  if (after.review === review) return; // the decision failed; the store shows why
  useReviewMode.getState().pushUndo({ extractionId: extraction.id, path, previous: decisionOf(review?.fields, path) });
  if (advance) selectAndFocus(nextUnreviewed(fieldsInListOrder(), after.review?.fields, path) ?? path);
}

/** Takes back the latest decision on this extraction, restoring exactly what the field had before, and goes back to that field. */
export function undoLastDecision(): Promise<void> {
  return serially(async () => {
    const { extraction, decide } = useReviewStore.getState();
    if (!extraction) return;
    const entry = useReviewMode.getState().popUndo(extraction.id);
    if (!entry) return;
    await decide(entry.path, restoredDecision(entry), { undo: true });
    selectAndFocus(entry.path);
  });
}

/** Moves the selection one field up or down (stopping at the ends). */
export function stepFieldAndFocus(direction: 1 | -1): void {
  selectAndFocus(stepPath(fieldsInListOrder(), selectedFieldPath(), direction));
}

/** The first unreviewed field (or the first field), for keys pressed while no field is selected. */
export function selectFirstUnreviewed(): void {
  const { review } = useReviewStore.getState();
  const fields = fieldsInListOrder();
  selectAndFocus(nextUnreviewed(fields, review?.fields, null) ?? fields[0]?.path ?? null);
}
