import type { ParseResponse } from '../../shared/contracts/v2Parse.js';
import type { AppErrorData } from '../../shared/errors.js';

/**
 * What the engine worker is started with (its `workerData`): a parse, or just opening the
 * PDF to count its pages. pdf.js runs only in this worker, never in main, so a hostile PDF
 * meets the worker's memory ceiling and time budgets, and main stays responsive.
 */
export type EngineWorkerInput =
  | {
      task: 'parse';
      bytes: Uint8Array;
      options: unknown;
      filename: string;
      pageBudgetMs: number;
      /** Pages that stopped an earlier try, with the reason each is reported failed. */
      skipPages: [number, string][];
    }
  | { task: 'pageCount'; bytes: Uint8Array; filename: string };

/** What the engine worker posts back: each page as it starts and ends, then one result or one error. */
export type EngineWorkerMessage =
  | { type: 'pageStart'; page: number }
  /** A page being read by OCR, and how far OCR has got on it (0–1). */
  | { type: 'ocr'; page: number; fraction: number }
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; response: ParseResponse }
  | { type: 'pageCount'; pages: number }
  | { type: 'error'; error: AppErrorData };
