import type { ParseResponse } from '../../shared/contracts/v2Parse.js';
import type { AppErrorData } from '../../shared/errors.js';

/**
 * What the engine worker is started with (its `workerData`): a parse, or just opening the
 * PDF to count its pages. pdf.js runs only in this worker, never in main: its legacy
 * build installs global polyfills (a slow JSON.stringify among them) wherever it loads.
 */
export type EngineWorkerInput =
  | { task: 'parse'; bytes: Uint8Array; options: unknown; filename: string }
  | { task: 'pageCount'; bytes: Uint8Array; filename: string };

/** What the engine worker posts back: progress per page, then one result or one error. */
export type EngineWorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; response: ParseResponse }
  | { type: 'pageCount'; pages: number }
  | { type: 'error'; error: AppErrorData };
