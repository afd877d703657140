/** Request schemas and answers of the audit:* channels: the append-only trail of a document's review decisions. */
import { z } from 'zod';
import type { ReviewStatus } from '../workspace.js';
import { workspaceIdSchema } from './ids.js';

/**
 * What a decision did to a field. `note` changed only the note; `undo` is a decision taken
 * back by the reviewer's undo (what it restored is in `after`); `cleared` took a decision back
 * otherwise. There are no rule overrides: a failing rule blocks accept, it cannot be waived.
 */
export const AUDIT_ACTIONS = ['accepted', 'corrected', 'rejected', 'note', 'undo', 'cleared'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A field's decision as the trail keeps it: its status, the value it stands for, and its note. */
export interface AuditDecision {
  status: ReviewStatus;
  /** The reviewer's value for `corrected`; otherwise the extracted value, as text. */
  value: string;
  note?: string;
}

/** One decision, as main recorded it while saving the review. */
export interface AuditEntry {
  /** ISO time main saved it. */
  at: string;
  /** The OS user main runs as, never a name the window sent. */
  user: string;
  documentId: string;
  /** The extraction decided on. */
  resultId: string;
  path: string;
  action: AuditAction;
  /** Null: the field had no decision. */
  before: AuditDecision | null;
  after: AuditDecision | null;
}

/** A document's trail as a CSV file the renderer saves. */
export interface AuditExport {
  fileName: string;
  mime: string;
  content: string;
}

export const auditRequests = {
  list: z.object({ documentId: workspaceIdSchema }).strict(),
  export: z.object({ documentId: workspaceIdSchema }).strict(),
};
