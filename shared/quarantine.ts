/**
 * An answer the service sent (and may have billed) that this version of the app could not
 * read: kept as it arrived, beside the workspace, never as a result, until it is read again.
 */
import type { ResultKind } from './result.js';

export interface QuarantinedAnswer {
  id: string;
  documentId: string;
  kind: ResultKind;
  /** The job whose output it is; null for a direct call's answer. */
  jobId: string | null;
  /** An extraction's parse result (its ranges point into that Markdown). */
  sourceResultId?: string;
  /** Why it could not be read, in the app's words. */
  reason: string;
  receivedAt: string;
  /** Characters of the answer as received. */
  size: number;
  /** The result it became once read again; null while it waits. */
  resultId: string | null;
}

/** What the window is shown of a kept answer: its entry and its text, cut at a size a window can show. */
export interface KeptAnswerText {
  entry: QuarantinedAnswer;
  text: string;
  /** The answer's whole length when `text` is only its start. */
  truncatedFrom: number | null;
}
