/**
 * The shapes the official `landingai-ade` package expects on the wire, for checking the
 * emulator's answers with the TypeScript compiler. Results are the package's own types;
 * envelopes (which it only types after normalising them) are what its normaliser reads.
 */
import type { JobStatus, V2ExtractMetadata, V2ExtractResult, V2ParseMetadata, V2ParseResponse } from 'landingai-ade/resources/v2/types';

/** Parse metadata the contract shows and the package's type leaves out. */
interface ContractParseMetadata {
  filename?: string;
  version?: string;
}

/**
 * Extract metadata as the contract has it: `model_version`, renamed from `version`. The
 * package still requires `version`; the contract wins, so it may be absent (an older
 * service may still send it).
 */
type ContractExtractMetadata = Omit<V2ExtractMetadata, 'version'> & { version?: string; model_version: string };

export type WireParseResponse = V2ParseResponse & { metadata: V2ParseMetadata & ContractParseMetadata };
export type WireExtractResult = Omit<V2ExtractResult, 'metadata'> & { metadata: ContractExtractMetadata };

/** `{code, message}`, both strings, on every v2 error. */
export interface WireError {
  code: string;
  message: string;
}

/** The 202 of a job create. */
export interface WireJobCreated {
  job_id: string;
  status: JobStatus;
  created_at: string | null;
}

/** A poll envelope: what `normalizeParseJob` / `normalizeExtractJob` read (ISO timestamps, `result` or `output_url`, `error`). */
export interface WireJob<Result> extends WireJobCreated {
  completed_at: string | null;
  model_version?: string | null;
  progress?: number | null;
  result?: Result | null;
  output_url?: string;
  error?: WireError | null;
}

/** A listing row, and the listing's envelope as `buildJobList` reads it. */
export interface WireJobRow extends WireJobCreated {
  completed_at: string | null;
  model_version?: string | null;
  failure_reason?: string | null;
}

export interface WireJobList {
  jobs: WireJobRow[];
  has_more: boolean;
  page: number;
  page_size: number;
  /** Older parse listings only. */
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
