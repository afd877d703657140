/**
 * Jobs and batches as both processes see them: the local job record (written the moment a
 * job's 202 arrives), the merged rows of the Jobs screen, batches and their documents, and
 * the job settings. Plain data only; the schemas of the IPC requests are in ipc/jobs.ts.
 */
import type { AppErrorData } from './errors.js';
import { endedWithoutResult, type JobService } from './contracts/v2Jobs.js';

export type { JobService };
export const SERVICE_TIERS = ['standard', 'priority'] as const;
export type ServiceTier = (typeof SERVICE_TIERS)[number];

/** What was asked of the service, kept so a job can be retried as a new one. */
export interface JobRequest {
  service: JobService;
  /** The workspace document (parse) or the document of the parse result read (extract). */
  documentId: string;
  /** Extract jobs: the parse result whose Markdown is sent. */
  sourceResultId?: string;
  keyId?: string;
  model?: string;
  options?: Record<string, unknown>;
  schema?: Record<string, unknown>;
  serviceTier?: ServiceTier;
  outputSaveUrl?: string;
  /** Parse: the document's remembered web address is sent (`document_url`), not its bytes. */
  byUrl?: boolean;
  /** Parse: a re-run of these failed pages of that result; the job's answer is stored only merged into it. */
  rerunOf?: RerunRequest;
}

/** The failed pages of a stored parse result being parsed again (`options.pages`). */
export interface RerunRequest {
  resultId: string;
  pages: number[];
}

/** A job this app created. `jobs/<file>.json` in the workspace; never deleted by the app. */
export interface JobRecord {
  jobId: string;
  service: JobService;
  /** The key the job was created with: jobs are visible only to their key. */
  keyId: string;
  documentId: string;
  documentName: string;
  request: JobRequest;
  createdAt: string;
  /** The service's last known status: pending, processing, completed, failed (or a newer value). */
  status: string;
  completedAt: string | null;
  /** The workspace result once a completed job's output is stored (exactly once). */
  resultId: string | null;
  error: AppErrorData | null;
  credits: number | null;
  pageCount: number | null;
  /** Set when polling stopped on a problem that waiting will not fix (e.g. the key was deleted). */
  problem: AppErrorData | null;
  /**
   * When the first of the polls failing right now failed (no connection, a timeout, a 5xx):
   * the service's last word (`status`) is stale since then. Cleared by the next answer.
   * Absent in records written before it existed.
   */
  unreachableSince?: string | null;
  /**
   * What the user should know about the request, found before it was sent (an
   * output_save_url signed with session credentials, one whose expiry could not be read, a
   * page count not known). Absent when there was none, or in older records.
   */
  warnings?: string[];
  batch?: { batchId: string; itemId: string };
  /** The create intent this job settled (see electron/jobs/createIntents.ts). */
  intentId?: string;
  updatedAt: string;
}

/** True once nothing more will happen to a record without the user. */
export function isSettled(record: Pick<JobRecord, 'status' | 'resultId' | 'problem'>): boolean {
  return endedWithoutResult(record.status) || (record.status === 'completed' && record.resultId !== null) || record.problem !== null;
}

/** Local jobs sent with `keyId` that are still followed: without that key they stop (`no_key`) until one is added again. */
export function jobsUnderWayWith(keyId: string, local: LocalJobs): number {
  const followed = local.rows.filter(
    (row) => row.local?.keyId === keyId && !isSettled({ status: row.status, resultId: row.local.resultId, problem: row.local.problem }),
  );
  return followed.length + local.unsure.filter((create) => create.keyId === keyId).length;
}

/** One row of the Jobs screen: the server's row, merged with the local record when there is one. */
export interface JobRow {
  jobId: string;
  service: JobService;
  status: string;
  createdAt: string | null;
  completedAt: string | null;
  modelVersion: string | null;
  failureReason: string | null;
  /** 'current' (`parse-<ulid>`) or 'older' (any other accepted format). */
  idFormat: 'current' | 'older';
  local: Pick<
    JobRecord,
    | 'documentId'
    | 'documentName'
    | 'resultId'
    | 'credits'
    | 'pageCount'
    | 'problem'
    | 'error'
    | 'keyId'
    | 'batch'
    | 'unreachableSince'
    | 'updatedAt'
    | 'warnings'
  > | null;
}

/**
 * A create whose outcome is unknown: its connection dropped (or the app stopped mid-send)
 * and the service's job list could not say, or could not be asked, whether it made a job.
 * Creates of batch documents are shown in their batch instead.
 */
export interface UnsureCreate {
  intentId: string;
  service: JobService;
  documentId: string;
  documentName: string;
  keyId: string;
  /** When the create was about to be sent. */
  writtenAt: string;
  /** Service jobs that may be this create's; empty when the service could not be asked. */
  candidates: string[];
}

/** How the user's word on an unsure create ended, and the job it adopted or sent. */
export interface UnsureSettled {
  outcome: 'found' | 'no_job' | 'still_unsure' | 'forgotten' | 'sent';
  job: JobRecord | null;
}

/** Everything this workspace started, newest first: works offline and for every key. */
export interface LocalJobs {
  rows: JobRow[];
  unsure: UnsureCreate[];
}

export interface JobListPage {
  rows: JobRow[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** The key whose jobs these are. */
  keyId: string;
}

/** One job in detail: its poll envelope, summarised, plus the local record. */
export interface JobDetail {
  row: JobRow;
  error: AppErrorData | null;
  credits: number | null;
  pageCount: number | null;
  outputUrl: string | null;
  /** The first characters of the result's Markdown, to see what a job produced without its document. */
  markdownPreview: string | null;
}

/** A completed job's whole result, as a file to import with its document (a job from another client, say). */
export interface JobResultFile {
  fileName: string;
  /** The job's poll envelope with its result inline, or the document read from its output_url. */
  text: string;
}

/** Sync or job for one parse, and why. */
export interface ParsePlan {
  mode: 'sync' | 'job';
  pages: number | null;
  size: number;
  reason: string;
}

export interface JobSettings {
  /** A parse of more pages than this goes as a job. */
  jobAbovePages: number;
  /** A parse of a larger file than this (MB) goes as a job. */
  jobAboveMb: number;
  /** Documents of a batch in flight at once. */
  batchConcurrency: number;
  /** Ask before a batch that would send more pages than this. */
  pageWarningLimit: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = { jobAbovePages: 20, jobAboveMb: 20, batchConcurrency: 4, pageWarningLimit: 500 };

export const BATCH_ITEM_STATES = ['queued', 'waiting', 'submitting', 'running', 'done', 'failed', 'cancelled', 'unsure'] as const;
export type BatchItemState = (typeof BATCH_ITEM_STATES)[number];

export interface BatchItem {
  itemId: string;
  documentId: string;
  name: string;
  pages: number | null;
  state: BatchItemState;
  jobId: string | null;
  /** Job status while running (pending / processing). */
  jobStatus: string | null;
  /** While running: since when its job's polls fail (its record's `unreachableSince`). Absent in older batch files. */
  unreachableSince?: string | null;
  resultId: string | null;
  credits: number | null;
  error: AppErrorData | null;
  /** Attempts of the create request (429 / 503 / dropped connections are retried). */
  attempts: number;
  startedAt: string | null;
  finishedAt: string | null;
  /** Jobs this document had before a "retry failed", kept so none is forgotten. */
  previousJobIds: string[];
}

export interface Batch {
  batchId: string;
  createdAt: string;
  name: string;
  request: Omit<JobRequest, 'documentId' | 'service' | 'sourceResultId' | 'schema'>;
  concurrency: number;
  paused: boolean;
  items: BatchItem[];
  updatedAt: string;
}

export interface BatchSummary {
  documents: number;
  done: number;
  failed: number;
  cancelled: number;
  unsure: number;
  pending: number;
  pages: number;
  pagesDone: number;
  credits: number;
  finished: boolean;
  /** Seconds left at the recent pace; null until there is a pace, and while waiting for the service. */
  etaSeconds: number | null;
  /** The earliest `unreachableSince` of its running documents: the batch waits for the service (its ETA is paused). */
  waitingForServiceSince: string | null;
}

export function summarizeBatch(batch: Batch, now: number): BatchSummary {
  const count = (state: BatchItemState) => batch.items.filter((i) => i.state === state).length;
  const done = batch.items.filter((i) => i.state === 'done');
  const pending = batch.items.filter((i) => ['queued', 'waiting', 'submitting', 'running'].includes(i.state)).length;
  const pages = batch.items.reduce((sum, i) => sum + (i.state === 'cancelled' ? 0 : (i.pages ?? 1)), 0);
  const pagesDone = done.reduce((sum, i) => sum + (i.pages ?? 1), 0);
  const finishedTimes = done.map((i) => Date.parse(i.finishedAt ?? '')).filter((t) => !Number.isNaN(t));
  const startTimes = batch.items.map((i) => Date.parse(i.startedAt ?? '')).filter((t) => !Number.isNaN(t));
  const waitingForServiceSince = batchWaitingSince(batch);
  let etaSeconds: number | null = null;
  if (pending > 0 && finishedTimes.length > 0 && startTimes.length > 0 && waitingForServiceSince === null) {
    const elapsed = Math.max(1, now - Math.min(...startTimes));
    const perPage = elapsed / Math.max(1, pagesDone);
    etaSeconds = Math.ceil((perPage * Math.max(0, pages - pagesDone)) / 1000);
  }
  return {
    documents: batch.items.length,
    done: done.length,
    failed: count('failed'),
    cancelled: count('cancelled'),
    unsure: count('unsure'),
    pending,
    pages,
    pagesDone,
    credits: done.reduce((sum, i) => sum + (i.credits ?? 0), 0),
    finished: pending === 0,
    etaSeconds,
    waitingForServiceSince,
  };
}

/** The earliest time one of the batch's running jobs lost the service, or null while every poll is answered. */
export function batchWaitingSince(batch: Pick<Batch, 'items'>): string | null {
  const since = batch.items.filter((i) => i.state === 'running' && i.unreachableSince).map((i) => i.unreachableSince!);
  return since.length > 0 ? since.sort()[0]! : null;
}

export interface BatchEstimate {
  documents: number;
  pages: number;
  /** Documents whose page count could not be read locally (counted as one page). */
  unknownPages: number;
  pageWarningLimit: number;
  overLimit: boolean;
}
