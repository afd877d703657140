import type { ParseResponse } from '../../shared/contracts/v2Parse.js';
import type { AppErrorData } from '../../shared/errors.js';

/** What the engine worker is started with (its `workerData`). */
export interface EngineWorkerInput {
  bytes: Uint8Array;
  options: unknown;
  filename: string;
}

/** What the engine worker posts back: progress per page, then one result or one error. */
export type EngineWorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; response: ParseResponse }
  | { type: 'error'; error: AppErrorData };
