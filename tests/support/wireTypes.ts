/**
 * The shapes the official `landingai-ade` package expects on the wire, for checking the
 * emulator's answers with the TypeScript compiler. Results are the package's own types;
 * envelopes (which it only types after normalising them) are what its normaliser reads.
 */
import type { JobStatus, V2ExtractMetadata, V2ExtractResult, V2ParseMetadata, V2ParseResponse } from 'landingai-ade/resources/v2/types';

/** Parse metadata the contract shows and the package's type leaves out. */
interface ContractParseMetadata {
  /** Null from a real service, as the SDK lets its other metadata fields be. */
  filename?: string | null;
  version?: string | null;
}

/**
 * Extract metadata as the contract has it: `model_version`, renamed from `version`. The
 * package still requires `version`; the contract wins, so it may be absent (an older
 * service may still send it).
 */
type ContractExtractMetadata = Omit<V2ExtractMetadata, 'version'> & { version?: string; model_version: string };

export type WireParseResponse = V2ParseResponse & { metadata: V2ParseMetadata & ContractParseMetadata };
export type WireExtractResult = Omit<V2ExtractResult, 'metadata'> & { metadata: ContractExtractMetadata };

/** `{code, message}` on every v2 error; the SDK types both `string | null` (its JobError). */
export interface WireError {
  code: string | null;
  message: string | null;
}

/**
 * A job timestamp as `_normalize`'s `toDate` reads it: ISO text or epoch seconds (the app also
 * tells milliseconds by size), or null.
 */
export type WireTimestamp = string | number | null;

/** An error as `_normalize`'s `isoError` reads it: either part may be null (the SDK's JobError). */
export interface WireJobError {
  code: string | null;
  message: string | null;
}

/** The 202 of a job create: the SDK normalises it like a poll. */
export interface WireJobCreated {
  job_id: string;
  status: JobStatus;
  created_at: WireTimestamp;
}

/**
 * A poll envelope: what `normalizeParseJob` / `normalizeExtractJob` read — `result` (older
 * parse servers: `data`), `created_at` (older: `received_at`), `progress`, the receipt
 * `metadata` beside an `output_url`, `error` or a `failure_reason`.
 */
export interface WireJob<Result> extends WireJobCreated {
  completed_at: WireTimestamp;
  model_version?: string | null;
  progress?: number | null;
  result?: Result | null;
  output_url?: string | null;
  metadata?: Record<string, unknown> | null;
  error?: WireJobError | null;
  failure_reason?: string | null;
}

/** A listing row, and the listing's envelope as `buildJobList` reads it. */
export interface WireJobRow extends WireJobCreated {
  completed_at: WireTimestamp;
  model_version?: string | null;
  failure_reason?: string | null;
}

/** The SDK's JobList: `org_id` for parse listings, `page`/`page_size` for extract ones; any may be null. */
export interface WireJobList {
  jobs: WireJobRow[];
  has_more: boolean;
  page?: number | null;
  page_size?: number | null;
  org_id?: string | null;
}

export type WireTypeName =
  | 'WireParseResponse'
  | 'WireExtractResult'
  | 'WireError'
  | 'WireJobCreated'
  | 'WireJob<WireParseResponse>'
  | 'WireJob<WireExtractResult>'
  | 'WireJobList';
