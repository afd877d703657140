// A result in the workspace, as both processes see it: what made it, its bill, and the stored response.
import type { JobRecord } from './jobs.js';

export type ParserName = 'local' | 'parse' | 'analyzer';

export type ResultKind = 'parse' | 'extract' | 'analyzer';

export interface ResultInfo {
  id: string;
  documentId: string;
  kind: ResultKind;
  /** What made it: a parse engine, the cloud extractor, or an import of a result file. */
  engine: ParserName | 'extract' | 'import';
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

/**
 * Orders ISO timestamps and ids: both sort by their code units, and a collator (localeCompare)
 * is both slower (a library of 5,000 documents sorted in 200 ms, not 20) and free to weigh
 * punctuation differently.
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A document's results as listed: newest first, ties by id. */
export function newestResultFirst(a: ResultInfo, b: ResultInfo): number {
  return byCodeUnits(b.createdAt, a.createdAt) || byCodeUnits(a.id, b.id);
}
