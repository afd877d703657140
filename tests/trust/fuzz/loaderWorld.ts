/**
 * The real main-process parts the loaders run in: a workspace in a temp folder holding one
 * image document and one valid parse result (what extractions point into), job records,
 * the fuzz service, keys that point at it, and a logger that keeps what it is told.
 */
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { AppEvent } from '../../../shared/events.js';
import { buildParseModel, type ParseModel } from '../../../shared/grounding/parseModel.js';
import type { ParseResponse } from '../../../shared/contracts/v2Parse.js';
import type { DocumentInfo } from '../../../shared/document.js';
import type { StoredResult } from '../../../shared/result.js';
import { jobRecordsIn, type JobRecords } from '../../../electron/jobs/jobRecords.js';
import type { KeysService } from '../../../electron/keys/keysService.js';
import type { Logger } from '../../../electron/core/log.js';
import { Workspace } from '../../../electron/workspace/workspace.js';
import { createIntentsIn, type CreateIntents } from '../../../electron/jobs/createIntents.js';
import { FUZZ_MAX_PAGES, SOURCE_PARSE } from './arbParse.js';
import { startFuzzService, type FuzzService } from './fuzzService.js';

export interface LogLine {
  level: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface LoaderWorld {
  dir: string;
  workspace: Workspace;
  records: JobRecords;
  intents: CreateIntents;
  service: FuzzService;
  keys: KeysService;
  logger: Logger;
  logs: LogLine[];
  events: AppEvent[];
  document: DocumentInfo;
  source: StoredResult;
  sourceModel: ParseModel;
  /** Forgets what the last case stored (results, job records, logs), keeping the document and the source parse. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** What the fuzzed results are "of": a PDF with as many pages as any of them reaches. */
async function fuzzedDocument(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < FUZZ_MAX_PAGES; i++) pdf.addPage([300, 400]);
  return pdf.save();
}

/** A memory-backed folder where there is one: the workspace's fsyncs cost nothing there, and a million cases write a lot. */
function scratchRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

export async function createLoaderWorld(): Promise<LoaderWorld> {
  const dir = await mkdtemp(join(scratchRoot(), 'groundwork-fuzz-'));
  const logs: LogLine[] = [];
  const keep = (level: string) => (message: string, details?: Record<string, unknown>) =>
    void logs.push({ level, message, ...(details ? { details } : {}) });
  const logger: Logger = { debug: keep('debug'), info: () => undefined, warn: keep('warn'), error: keep('error'), redact: () => undefined };
  const workspace = new Workspace(dir, logger);
  const service = await startFuzzService();
  const keys = {
    credentialFor: async (kinds: string[]) => ({ id: 'fuzz-key', kind: kinds[0], address: service.url, secret: 'fuzz-secret' }),
  } as unknown as KeysService;
  const document = await workspace.addDocument('scan.pdf', await fuzzedDocument());
  const source = await workspace.saveResult({
    documentId: document.id,
    kind: 'parse',
    engine: 'parse',
    modelVersion: null,
    pageCount: 1,
    credits: null,
    partial: false,
    response: SOURCE_PARSE,
  });
  const resultsDir = join(workspace.root, 'results');
  const records = jobRecordsIn(workspace.root, logger);
  const intents = createIntentsIn(workspace.root, logger);
  const events: AppEvent[] = [];
  return {
    dir,
    workspace,
    records,
    intents,
    service,
    keys,
    logger,
    logs,
    events,
    document,
    source,
    sourceModel: buildParseModel(SOURCE_PARSE as ParseResponse),
    reset: async () => {
      logs.length = 0;
      events.length = 0;
      const stale = (await readdir(resultsDir)).filter((f) => !f.startsWith(`${source.id}.`));
      await Promise.all(stale.map((f) => rm(join(resultsDir, f), { force: true })));
      await rm(records.dir, { recursive: true, force: true });
      await rm(intents.dir, { recursive: true, force: true });
    },
    close: async () => {
      await service.close();
      // A result model still being written in the background would otherwise land in a folder being removed.
      await workspace.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
