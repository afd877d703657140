import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction, type AuditDecision, type AuditEntry } from '../../shared/ipc/audit.js';
import { REVIEW_STATUSES, type FieldDecision } from '../../shared/review.js';

const decisionSchema = z.object({ status: z.enum(REVIEW_STATUSES), value: z.string(), note: z.string().optional() }).nullable();
const entrySchema = z.object({
  id: z.string().optional(),
  prev: z.string().nullable().optional(),
  at: z.string(),
  user: z.string(),
  documentId: z.string(),
  resultId: z.string(),
  path: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: decisionSchema,
  after: decisionSchema,
  rules: z.array(z.string()).optional(),
  prevHash: z.string().optional(),
  rulesHash: z.string().nullable().optional(),
});

/** One line of the trail as an entry; null when it is not one (torn, or changed by hand). */
export function parseAuditLine(line: string): AuditEntry | null {
  try {
    const parsed = entrySchema.safeParse(JSON.parse(line));
    return parsed.success ? (parsed.data as AuditEntry) : null;
  } catch {
    return null;
  }
}

type Stored = Pick<FieldDecision, 'status' | 'correctedValue' | 'note'> | undefined;

/** The extracted value as the trail writes it: text as it is, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A stored decision as the trail writes it (`extracted` is the field's value as text). */
export function asAudit(decision: Stored, extracted: string): AuditDecision | null {
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
 * already accepted with the same note). `undo` only when main has checked that the new
 * decision restores what the field had before its latest entry; `override` the failing
 * rules of an accept; `rulesHash` the rules in force (absent: no schema to go by).
 */
export function auditEntryFor(change: {
  id: string;
  prev: string | null;
  at: string;
  user: string;
  documentId: string;
  resultId: string;
  path: string;
  extracted: unknown;
  before: Stored;
  after: Stored;
  undo: boolean;
  override: readonly string[];
  rulesHash?: string | null;
}): AuditEntry | null {
  const extracted = valueText(change.extracted);
  const before = asAudit(change.before, extracted);
  const after = asAudit(change.after, extracted);
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  const action = actionOf(before, after, change.undo, change.override.length > 0);
  return {
    id: change.id,
    prev: change.prev,
    at: change.at,
    user: change.user,
    documentId: change.documentId,
    resultId: change.resultId,
    path: change.path,
    action,
    before,
    after,
    ...(action === 'override' ? { rules: [...change.override] } : {}),
    ...(change.rulesHash !== undefined ? { rulesHash: change.rulesHash } : {}),
  };
}

function actionOf(before: AuditDecision | null, after: AuditDecision | null, undo: boolean, ruleFails: boolean): AuditAction {
  if (undo) return 'undo';
  if (!after) return 'cleared';
  if (before && before.status === after.status && before.value === after.value) return 'note';
  if (after.status === 'accepted' && ruleFails) return 'override';
  return after.status;
}
