/** Request schemas and answers of the audit:* channels: the append-only trail of a document's review decisions. */
import { z } from 'zod';
import type { ReviewStatus } from '../review.js';
import { workspaceIdSchema } from './ids.js';

/**
 * What a decision did to a field. `note` changed only the note; `undo` is a decision taken
 * back by the reviewer's undo (what it restored is in `after`: main names it so only when
 * that is what the field had before its latest entry); `cleared` took a decision back
 * otherwise; `override` accepted a field a rule of the schema fails on (the Rules panel's
 * block was off), and the entry names the rules.
 */
export const AUDIT_ACTIONS = ['accepted', 'corrected', 'rejected', 'note', 'undo', 'cleared', 'override'] as const;
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
  /** Unique; the review written with this decision records it (absent on entries of the first trail format). */
  id?: string;
  /** The id of the review's last entry when this one was derived (null: none): see `saved` in `AuditEntryView`. */
  prev?: string | null;
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
  /** For `override`: each failing rule, as "line 3: total = sum(items.amount) (12 ≠ 13)". */
  rules?: string[];
  /**
   * SHA-256 (hex) of the exact bytes of the trail's line before this one (`GENESIS`, 64 zeros,
   * on a trail's first line): a line changed, removed or moved later no longer matches.
   * Absent on entries written before trails were chained.
   */
  prevHash?: string;
  /**
   * SHA-256 (hex) of the text of the extraction's rules when this was decided (of "" when
   * its schema has none; null when they could not be read); the rules trail
   * (`audit/rules.jsonl`) holds each saved text with its hash. Absent on older entries and
   * on an extraction with no schema to go by.
   */
  rulesHash?: string | null;
}

/**
 * Where a trail's chain does not hold, said on the line where it is found: `previous-changed`
 * its link names another line than the one before it; `first-moved` it began the trail but
 * lines stand before it; `start-removed` it is first but names a line before it;
 * `newest-changed` the trail's head names another newest line (this one was changed, or
 * newer ones removed); `head-missing` the record of the newest line is gone;
 * `unchained-after-chained` it carries no link though lines before it do.
 */
export const CHAIN_BREAKS = [
  'previous-changed',
  'first-moved',
  'start-removed',
  'newest-changed',
  'head-missing',
  'unchained-after-chained',
] as const;
export type ChainBreak = (typeof CHAIN_BREAKS)[number];

/** Each break in words, the same in History and in the trail's CSV. */
export const CHAIN_BREAK_WORDS: Record<ChainBreak, string> = {
  'previous-changed': 'The entry before this one was changed, removed or moved after this one was written.',
  'first-moved': 'This entry began the trail when it was written, but lines now stand before it: they were added or moved here later.',
  'start-removed': 'Entries that stood before this one at the start of the trail were removed.',
  'newest-changed': 'This is not the newest entry the app wrote: it was changed, or entries after it were removed.',
  'head-missing': 'The record of the newest entry the app wrote is missing: entries after this one may have been removed.',
  'unchained-after-chained':
    'This line carries no link to the one before it, though the lines before it do: it was added or changed outside the app.',
};

/** Said of an entry written before trails were chained: not flagged as changed, but nothing vouches for it either. */
export const UNCHAINED_WORDS = 'Written before entries were chained: a change to it cannot be detected.';

/** What reading a line's place in the chain found: `breaks` where it does not hold; `unchained` on a line from before chaining. */
export interface ChainVerdict {
  breaks?: ChainBreak[];
  unchained?: true;
}

/**
 * An entry as the History tab shows it. The entry is appended before its review is written;
 * `saved` is false when that write never landed (it failed, or the app stopped in between):
 * the decision it records is not in the review.
 */
export interface AuditEntryView extends AuditEntry, ChainVerdict {
  saved: boolean;
}

/**
 * A line of the trail that is not an entry (torn by a crash mid-append, or changed by hand):
 * shown as such where it stands, never dropped unseen.
 */
export interface AuditUnreadableLine {
  unreadable: true;
  /** Where the line starts in the file, in bytes. */
  start: number;
  /** Its length in bytes. */
  bytes: number;
  /** Only `newest-changed` or `head-missing`: an unreadable line's own link cannot be read (the line after it is checked against it). */
  breaks?: ChainBreak[];
}

export function isUnreadableLine<E extends object>(line: E | AuditUnreadableLine): line is AuditUnreadableLine {
  return 'unreadable' in line && line.unreadable === true;
}

export function isAuditEntry<E extends AuditEntry>(line: E | AuditUnreadableLine): line is E {
  return !isUnreadableLine(line);
}

/** One page of a trail, newest first; `next` asks for the page of older entries (null: none). */
export interface AuditPage {
  entries: (AuditEntryView | AuditUnreadableLine)[];
  next: number | null;
}

/** The most entries one `audit:list` answers. */
export const MAX_AUDIT_PAGE = 500;

/** A document's trail as a CSV file the renderer saves. */
export interface AuditExport {
  fileName: string;
  mime: string;
  content: string;
}

export const auditRequests = {
  list: z
    .object({
      documentId: workspaceIdSchema,
      limit: z.number().int().min(1).max(MAX_AUDIT_PAGE),
      /** A page's `next`: only entries older than the ones it answered. */
      before: z.number().int().min(0).optional(),
    })
    .strict(),
  export: z.object({ documentId: workspaceIdSchema }).strict(),
};
