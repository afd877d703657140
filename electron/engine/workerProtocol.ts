import type { ParseResponse, StructureNode } from '../../shared/contracts/v2Parse.js';
import type { AppErrorData } from '../../shared/errors.js';

/**
 * A task sent to the engine worker (a message; its `bytes` are moved, not copied): a parse,
 * just opening the PDF to count its pages, or a decrypted copy of an encrypted PDF for a
 * service. pdf.js (and pdf-lib) run only in this worker, never in main, so a hostile PDF
 * meets the worker's memory ceiling and time budgets, and main stays responsive. `password`
 * opens a PDF that needs one; it lives in this message and the worker's memory only, never
 * in an answer, and a worker that was given one is ended with its task, never kept.
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
      password?: string;
    }
  | { task: 'pageCount'; bytes: Uint8Array; filename: string; password?: string }
  | { task: 'decrypt'; bytes: Uint8Array; filename: string; password?: string };

/** What the engine worker posts back: each page as it starts, is read and is written (or that it is still working), then one result or one error. */
export type EngineWorkerMessage =
  | { type: 'pageStart'; page: number }
  | { type: 'working' }
  /** A page being read by OCR, and how far OCR has got on it (0–1). */
  | { type: 'ocr'; page: number; fraction: number }
  | { type: 'progress'; done: number; total: number }
  /** A page's finished node, sent as soon as it is written so main takes it in while later pages are read. */
  | { type: 'page'; node: StructureNode }
  /** The response; when `streamedPages` is set its pages came as that many `page` messages and its `structure.children` is empty. */
  | { type: 'result'; response: ParseResponse; streamedPages?: number }
  | { type: 'pageCount'; pages: number }
  | { type: 'decrypted'; bytes: Uint8Array; pages: number }
  | { type: 'error'; error: AppErrorData };

/**
 * What crosses from the engine worker to main: one message, or several posted together (in
 * order), so the messages of one page (its start, the progress, a page written) wake main once.
 */
export type EngineWorkerPost = EngineWorkerMessage | { type: 'batch'; messages: EngineWorkerMessage[] };
