import type { Batch, JobRecord } from './jobs.js';
import type { WorkspaceChange } from './library.js';

/** Events main sends to the renderer on the one event channel. */
export interface ProgressEvent {
  type: 'progress';
  /** Identifies the long-running task (a parse, a batch, a download). */
  taskId: string;
  done: number;
  total: number;
  message?: string;
  /**
   * Set while a refused or dropped request waits to be sent again (429, 503, a reset
   * connection): the work goes on, so the UI shows it as progress, not as an error.
   */
  retry?: RetryNote;
}

export interface RetryNote {
  /** The attempt that was refused (1 = the first). */
  attempt: number;
  delayMs: number;
  /** `HTTP 429`, `HTTP 503` or `connection_reset`. */
  reason: string;
}

export interface NoticeEvent {
  type: 'notice';
  level: 'info' | 'warning' | 'error';
  message: string;
}

/** A job record changed (created, new status, result stored, problem). */
export interface JobEvent {
  type: 'job';
  job: JobRecord;
}

/** A batch changed (an item moved on, paused, resumed); sent at most every ~150 ms per batch. */
export interface BatchEvent {
  type: 'batch';
  batch: Batch;
}

/** An interrupted job create was settled or is still unsure (its candidates may have changed). */
export interface IntentEvent {
  type: 'intent';
  intentId: string;
}

/** The workspace changed (a document added, a result stored, something trashed, restored or purged). */
export interface WorkspaceEvent extends WorkspaceChange {
  type: 'workspace';
}

/**
 * Whether a service answers the job polls sent to it, per origin (`https://host:port`):
 * sent when that changes. `unreachableSince` is the first failed poll of the current run
 * of failures (no connection, a timeout, a 5xx), null once a poll is answered again.
 */
export interface ServiceEvent {
  type: 'service';
  origin: string;
  unreachableSince: string | null;
}

export type AppEvent = ProgressEvent | NoticeEvent | JobEvent | BatchEvent | IntentEvent | WorkspaceEvent | ServiceEvent;
