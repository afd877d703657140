import type { AuditAction, AuditDecision, AuditEntry } from '../../shared/ipc/audit.js';
import type { FieldDecision } from '../../shared/workspace.js';

type Stored = Pick<FieldDecision, 'status' | 'correctedValue' | 'note'> | undefined;

/** The extracted value as the trail writes it: text as it is, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function asAudit(decision: Stored, extracted: string): AuditDecision | null {
  if (!decision) return null;
  return {
    status: decision.status,
    value: decision.status === 'corrected' ? (decision.correctedValue ?? '') : extracted,
    ...(decision.note ? { note: decision.note } : {}),
  };
}

/**
 * The entry for one field's change, derived from the stored decision and the one replacing it
 * (never from what the window says changed); null when nothing changed (accepting a field
 * already accepted with the same note).
 */
export function auditEntryFor(change: {
  at: string;
  user: string;
  documentId: string;
  resultId: string;
  path: string;
  extracted: unknown;
  before: Stored;
  after: Stored;
  undo: boolean;
}): AuditEntry | null {
  const extracted = valueText(change.extracted);
  const before = asAudit(change.before, extracted);
  const after = asAudit(change.after, extracted);
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  return {
    at: change.at,
    user: change.user,
    documentId: change.documentId,
    resultId: change.resultId,
    path: change.path,
    action: actionOf(before, after, change.undo),
    before,
    after,
  };
}

function actionOf(before: AuditDecision | null, after: AuditDecision | null, undo: boolean): AuditAction {
  if (undo) return 'undo';
  if (!after) return 'cleared';
  if (before && before.status === after.status && before.value === after.value) return 'note';
  return after.status;
}
