import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { ParseResponse } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import { createLogger } from '../../electron/core/log.js';
import { runLocalParse } from '../../electron/runs/localParse.js';
import { Workspace } from '../../electron/workspace/workspace.js';
import { openWithPdfjs, type ReferenceOutcome } from './referencePdfjs.js';

/**
 * How one step of the app's own path ended: done, or refused. A refusal is clear when it has
 * a code and a hint (what to do next); `crashed` when the app itself went wrong.
 */
export type StepOutcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string; clear: boolean; crashed: boolean };

export interface FileOutcome {
  file: string;
  reference: ReferenceOutcome;
  imported: StepOutcome<{ pages: number | null; warnings: string[] }>;
  /** Null when the import refused the file. */
  parsed: StepOutcome<{ pages: number; failedPages: number[]; failedReasons: string[] }> | null;
}

export interface CorpusOptions {
  /** Files read at once (each step runs in workers of its own). */
  jobs?: number;
  /** How long bare pdf.js may take to open one file. */
  referenceTimeoutMs?: number;
  onFile?: (outcome: FileOutcome, done: number, total: number) => void;
}

/** Codes that are not a refusal a user can act on: the app itself went wrong. */
const CRASH_CODES = new Set(['engine_failed', 'internal_error']);

/**
 * Every PDF under `folder` through the app's own path (the workspace import, then a run of
 * the offline engine in its worker, as the Review screen's Run does), beside what bare pdf.js
 * makes of the same bytes.
 */
export async function runCorpus(folder: string, options: CorpusOptions = {}): Promise<FileOutcome[]> {
  const files = await pdfFilesUnder(folder);
  const dataDir = await mkdtemp(join(tmpdir(), 'groundwork-corpus-'));
  const workspace = new Workspace(dataDir, createLogger(null, { console: false }));
  const outcomes: FileOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const path = files[next++] as string;
      const outcome = await runFile(workspace, folder, path, options.referenceTimeoutMs ?? 60_000);
      outcomes.push(outcome);
      options.onFile?.(outcome, outcomes.length, files.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.jobs ?? 2) }, worker));
  } finally {
    // Result models and the catalog are written in the background: all done before the folder goes.
    await workspace.close(60_000);
    await rm(dataDir, { recursive: true, force: true });
  }
  return outcomes.sort((a, b) => a.file.localeCompare(b.file));
}

async function runFile(workspace: Workspace, folder: string, path: string, referenceTimeoutMs: number): Promise<FileOutcome> {
  const file = relative(folder, path);
  const bytes = new Uint8Array(await readFile(path));
  const reference = await openWithPdfjs(bytes, referenceTimeoutMs);
  const imported = await step(async () => {
    const document = await workspace.addDocument(file, bytes);
    return { document, pages: document.pageCount, warnings: (document.warnings ?? []).map((w) => w.code) };
  });
  if (!imported.ok) return { file, reference, imported, parsed: null };
  const parsed = await step(async () => {
    const stored = await runLocalParse(
      { workspace, emit: () => undefined },
      { runId: 'corpus', documentId: imported.value.document.id },
      new AbortController().signal,
    );
    const response = stored.response as ParseResponse;
    const failedReasons = (response.structure.children ?? [])
      .filter((page) => page.status === 'failed')
      .map((page) => String(page.reason ?? ''));
    return { pages: response.metadata.page_count ?? 0, failedPages: response.metadata.failed_pages ?? [], failedReasons };
  });
  return { file, reference, imported: { ok: true, value: { pages: imported.value.pages, warnings: imported.value.warnings } }, parsed };
}

async function step<T>(work: () => Promise<T>): Promise<StepOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (!(error instanceof AppError))
      return { ok: false, code: 'exception', message: error instanceof Error ? error.message : String(error), clear: false, crashed: true };
    const data = error.toData();
    const crashed = CRASH_CODES.has(data.code);
    return { ok: false, code: data.code, message: data.message, clear: !crashed && Boolean(data.hint), crashed };
  }
}

async function pdfFilesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.pdf$/i.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
