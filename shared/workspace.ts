/** What the workspace holds, as both processes see it. */
import type { JobRecord } from './jobs.js';

export const DOCUMENT_MIMES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff'] as const;
export type DocumentMime = (typeof DOCUMENT_MIMES)[number];

export interface DocumentInfo {
  /** Content hash: the same file opened twice is one document. */
  id: string;
  name: string;
  mime: DocumentMime;
  size: number;
  addedAt: string;
  /**
   * Pages (1 for an image), counted once at import and stored with the document. Null only
   * for a document stored by an older version whose pages could not be counted since.
   */
  pageCount: number | null;
  /** An encrypted PDF, stored as it came (a service gets a copy decrypted in memory). Absent when not. */
  encrypted?: boolean;
  /** It opens only with its password, asked for once per session and never stored. Absent when not. */
  needsPassword?: boolean;
  /** The web address it was added from: a cloud parse may send this (`document_url`) instead of the bytes. Absent for files opened from disk. */
  sourceUrl?: string;
  /** Damage the file was opened despite (absent when there is none, or for documents stored before warnings were kept). */
  warnings?: DocumentWarning[];
}

export const DOCUMENT_WARNING_CODES = ['truncated_pdf', 'junk_before_header', 'no_pdf_header', 'tiff_pages'] as const;
export type DocumentWarningCode = (typeof DOCUMENT_WARNING_CODES)[number];

/** Something about a document's file that a reviewer should know while reading it: it opened, but not cleanly. */
export interface DocumentWarning {
  code: DocumentWarningCode;
  message: string;
}

export type EngineName = 'local' | 'parse' | 'analyzer';
export type ResultKind = 'parse' | 'extract' | 'analyzer';

export interface ResultInfo {
  id: string;
  documentId: string;
  kind: ResultKind;
  /** What made it: a parse engine, the cloud extractor, or an import of a result file. */
  engine: EngineName | 'extract' | 'import';
  createdAt: string;
  /** Model snapshot or engine version the service reported. */
  modelVersion: string | null;
  pageCount: number | null;
  credits: number | null;
  /** True when the service reported a partial result (HTTP 206, failed pages, warnings). */
  partial: boolean;
  /** The parse result an extraction was run on. */
  sourceResultId?: string;
  /**
   * An extraction's schema, as the key its rules are kept under (`rules/<key>.json`): its rules
   * are the ones shown and exported with it. Absent on extractions stored before schemas were
   * recorded, and on imported ones (an extraction file does not say its schema).
   */
  schemaKey?: string;
  /** The document is encrypted, so the service was sent a decrypted copy made on this computer. */
  decryptedCopy?: boolean;
  /** A merge: the result `resultId` with its failed `pages` replaced by the re-run's answer (not stored on its own). */
  rerun?: RerunOrigin;
}

export interface RerunOrigin {
  resultId: string;
  pages: number[];
  /** The service job that answered, when the re-run went as a job. */
  jobId?: string;
  /** Results merged by earlier versions, which stored the re-run's own answer too: that answer's id. */
  answerId?: string;
}

/** "pages 2, 5 re-run": what a merged result says about itself. */
export function rerunLabel(rerun: RerunOrigin): string {
  return `page${rerun.pages.length === 1 ? '' : 's'} ${rerun.pages.join(', ')} re-run`;
}

/** Credits as a user should read them: the local engine is free; a cloud result whose bill is unknown says so, never 0. */
export function creditsLabel(result: Pick<ResultInfo, 'engine' | 'credits'>): string {
  if (result.credits !== null) return String(result.credits);
  return result.engine === 'local' ? '0' : '?';
}

/** What a result made from an encrypted document says about what was uploaded. */
export const DECRYPTED_COPY_NOTE = 'uploaded a decrypted copy made on this computer';

/**
 * A result as the reviewer reads it, the same in the library and the status bar: what made it,
 * and its model, pages and credits — saying "not reported" where the service did not say.
 */
export function describeResult(
  result: Pick<ResultInfo, 'kind' | 'engine' | 'modelVersion' | 'pageCount' | 'credits' | 'partial' | 'decryptedCopy' | 'rerun'>,
): string {
  const pages = result.pageCount === null ? 'pages not reported' : `${result.pageCount} page${result.pageCount === 1 ? '' : 's'}`;
  const credits = creditsLabel(result);
  return [
    result.kind === result.engine ? result.kind : `${result.kind} · ${result.engine}`,
    result.modelVersion ?? 'version not reported',
    pages,
    credits === '?' ? 'credits not reported' : `${credits} credit${credits === '1' ? '' : 's'}`,
    ...(result.partial ? ['partial'] : []),
    ...(result.rerun ? [rerunLabel(result.rerun)] : []),
    ...(result.decryptedCopy ? [DECRYPTED_COPY_NOTE] : []),
  ].join(' · ');
}

export interface StoredResult extends ResultInfo {
  /** The service's response, verbatim (unknown fields kept). */
  response: unknown;
}

/**
 * A stored result as `results:get` sends it: the response as the JSON text on disk, so a
 * 50 MB result crosses IPC as one string and is parsed once, by the renderer.
 */
export interface StoredResultText extends ResultInfo {
  responseJson: string;
}

export function parseStoredResult(stored: StoredResultText): StoredResult {
  const { responseJson, ...info } = stored;
  return { ...info, response: JSON.parse(responseJson) as unknown };
}

/**
 * What a result says about itself, without the service's response: what a run or an import
 * answers the window, which fetches the result's model (or, for the older analyzer, the whole
 * result) when it opens it, so a long document's response never crosses IPC in the answer.
 */
export function resultInfoOf(stored: StoredResult): ResultInfo {
  const { response: _response, ...info } = stored;
  return info;
}

/**
 * A parse run's outcome: the result of a direct call (in main the stored result; to the
 * window `runs:parse` answers its info), or the job main created instead (and why).
 */
export type ParseAnswer<R extends ResultInfo = ResultInfo> = { result: R } | { job: JobRecord; reason: string };

export interface LibraryEntry {
  document: DocumentInfo;
  results: ResultInfo[];
}

/**
 * Orders ISO timestamps and ids: both sort by their code units, and a collator (localeCompare)
 * is both slower (a library of 5,000 documents sorted in 200 ms, not 20) and free to weigh
 * punctuation differently.
 */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A document's results as listed: newest first, ties by id. */
export function newestResultFirst(a: ResultInfo, b: ResultInfo): number {
  return byCodeUnits(b.createdAt, a.createdAt) || byCodeUnits(a.id, b.id);
}

/** The library's order: the document whose latest result (or, without one, its import) is newest first; ties by id. Its results already in order. */
export function libraryOrder(a: LibraryEntry, b: LibraryEntry): number {
  const latest = (e: LibraryEntry) => e.results[0]?.createdAt ?? e.document.addedAt;
  return byCodeUnits(latest(b), latest(a)) || byCodeUnits(a.document.id, b.document.id);
}

/** Days a trashed document or result can be restored; older trash is removed at start-up. */
export const TRASH_DAYS = 30;

/** One deletion, restorable as a whole: a document with all its results, or a result with the extractions made from it. */
export interface TrashEntry {
  id: string;
  trashedAt: string;
  what: 'document' | 'result';
  /** The document (in a 'result' entry: the one the results belong to, which stays). */
  document: DocumentInfo;
  results: ResultInfo[];
}

/** When a trash entry is removed for good. */
export function trashExpiresAt(entry: Pick<TrashEntry, 'trashedAt'>): Date {
  return new Date(Date.parse(entry.trashedAt) + TRASH_DAYS * 24 * 60 * 60 * 1000);
}

/** What a workspace mutation changed: main announces it, the renderer reloads what it shows. */
export interface WorkspaceChange {
  change: 'documents' | 'results' | 'trash';
  /** The document concerned, when there is one. */
  documentId?: string;
}

export const REVIEW_STATUSES = ['accepted', 'corrected', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface FieldDecision {
  status: ReviewStatus;
  /** The reviewer's value, for `corrected`. */
  correctedValue?: string | undefined;
  note?: string | undefined;
  decidedAt: string;
}

/** A reviewer's decisions on the fields of one extraction, by field path. */
export interface Review {
  extractionId: string;
  updatedAt: string;
  fields: Record<string, FieldDecision>;
  /** The id of the audit entry of the latest decision written with this review. */
  auditId?: string;
}
