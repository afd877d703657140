/**
 * The IPC contract: every channel once, with the zod schema of its request and the type
 * of its response. The preload (and the preview bridge) build `window.groundwork` from
 * this table, main validates every request against it, and the renderer gets a typed
 * client. Channel names are `domain:verb`; the API exposes them as `groundwork.domain.verb`.
 */
import { z } from 'zod';
import type { IpcResult } from './errors.js';
import {
  addKeyRequestSchema,
  keyIdSchema,
  type KeyInfo,
  type KeyKind,
  type KeyTestResult,
  type RevealedKey,
} from './keys.js';
import type { AppEvent } from './events.js';
import { parseOptionsSchema } from './contracts/v2Parse.js';
import { REVIEW_STATUSES, type DocumentInfo, type LibraryEntry, type ParseAnswer, type ResultInfo, type Review, type StoredResult, type StoredResultText, type TrashEntry } from './workspace.js';
import { CHANNELS, type Channel } from './ipcChannels.js';
import { datasetsRequests as ds, type ChosenFolder, type DownloadResult, type InferenceResult } from './datasets/ipcDatasets.js';
import { jobsRequests as jr } from './ipcJobs.js';
import type { Batch, BatchEstimate, JobDetail, JobResultFile, JobListPage, JobRecord, JobSettings, LocalJobs, UnsureSettled } from './jobs.js';
import type { ApplyResult, DatasetSettings, DatasetsRegistry, MediaImportResult, ProjectEntry, Thumbnail } from './datasets/registry.js';

export { CHANNELS, type Channel };

interface ChannelSpec<Req extends z.ZodType, Res> {
  request: Req;
  /** Phantom: carries the response type, never read at run time. */
  response?: Res;
}

/** `channel<Response>()(requestSchema)`: the response type is explicit, the request inferred. */
function channel<Res>() {
  return <Req extends z.ZodType>(request: Req): ChannelSpec<Req, Res> => ({ request });
}

const noRequest = z.object({}).strict();
const workspaceId = z.string().regex(/^[a-zA-Z0-9_-]{1,80}$/, 'not a workspace id');
const runIdSchema = z.string().uuid();
export const MAX_DOCUMENT_BYTES = 512 * 1024 * 1024;
/** The largest review model `results:model` sends; a bigger one is refused `result_too_large`. */
export const MAX_MODEL_BYTES = 512 * 1024 * 1024;
/** A PDF password as typed; its value never appears in a validation message. */
const documentPassword = z.string().min(1, 'empty').max(1024, 'too long');

export interface AppNotice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
  hint?: string;
}

export interface AppInfo {
  version: string;
  platform: string;
  shell: 'electron' | 'preview';
  dataDir: string;
  notices: AppNotice[];
}

export type DefaultAddresses = Record<KeyKind, string>;

/** What `results:model` answers. */
export interface ResultModel {
  result: ResultInfo;
  model: Uint8Array;
}

export const ipcTable = {
  'app:info': channel<AppInfo>()(noRequest),
  'app:dismissNotice': channel<null>()(z.object({ id: z.string().min(1).max(200) }).strict()),

  'keys:list': channel<KeyInfo[]>()(noRequest),
  'keys:defaults': channel<DefaultAddresses>()(noRequest),
  'keys:add': channel<KeyInfo>()(addKeyRequestSchema),
  'keys:reveal': channel<RevealedKey>()(z.object({ id: keyIdSchema }).strict()),
  'keys:rename': channel<KeyInfo>()(z.object({ id: keyIdSchema, name: z.string() }).strict()),
  'keys:setEnabled': channel<KeyInfo>()(z.object({ id: keyIdSchema, enabled: z.boolean() }).strict()),
  'keys:delete': channel<null>()(z.object({ id: keyIdSchema }).strict()),
  'keys:test': channel<KeyTestResult>()(z.object({ id: keyIdSchema }).strict()),
  'keys:allowInferenceHost': channel<KeyInfo>()(z.object({ id: keyIdSchema, endpointUrl: z.string().min(1).max(8000) }).strict()),
  'keys:forgetInferenceHost': channel<KeyInfo>()(z.object({ id: keyIdSchema, origin: z.string().url().max(2000) }).strict()),

  /** `password` only for a PDF that needs one (after a `password_required`); checked, held in main's memory, never stored. */
  'documents:import': channel<DocumentInfo>()(
    z
      .object({
        name: z.string().min(1).max(1000),
        bytes: z.instanceof(Uint8Array).refine((b) => b.length <= MAX_DOCUMENT_BYTES, 'larger than 512 MB'),
        password: documentPassword.optional(),
      })
      .strict(),
  ),
  /** Downloads a document from a web address (checked in main), stores it and remembers the address for `document_url`. */
  'documents:importUrl': channel<DocumentInfo>()(
    z
      .object({
        url: z.string().trim().min(1, 'empty').max(8000, 'too long'),
        keyId: keyIdSchema.optional(),
        password: documentPassword.optional(),
      })
      .strict(),
  ),
  'documents:read': channel<Uint8Array>()(z.object({ id: workspaceId }).strict()),
  /** The password of a stored PDF that needs one, for this session: `wrong_password` when it does not open it. */
  'documents:unlock': channel<DocumentInfo>()(z.object({ id: workspaceId, password: documentPassword }).strict()),
  /**
   * Newest first. `first`: only that many entries, what a window draws before the rest arrives;
   * `documentIds`: only those documents' entries (one not listed is gone), what a change touched.
   */
  'library:list': channel<LibraryEntry[]>()(
    z.object({ first: z.number().int().positive().max(100_000).optional(), documentIds: z.array(workspaceId).max(1000).optional() }).strict(),
  ),
  'library:trash': channel<TrashEntry[]>()(noRequest),
  /** Moves a document (with all its results) or a result (with the extractions made from it) to the trash. */
  'library:delete': channel<TrashEntry>()(z.union([z.object({ documentId: workspaceId }).strict(), z.object({ resultId: workspaceId }).strict()])),
  'library:restore': channel<TrashEntry>()(z.object({ trashId: workspaceId }).strict()),
  'results:get': channel<StoredResultText>()(z.object({ id: workspaceId }).strict()),
  /**
   * A parse or analyzer result's summary and its review model as bytes (decodeModel), built in
   * main and cached beside the result. `rebuild` ignores the cache (the window could not read it).
   */
  'results:model': channel<ResultModel>()(z.object({ id: workspaceId, rebuild: z.literal(true).optional() }).strict()),
  'results:import': channel<StoredResult>()(
    z
      .object({
        documentId: workspaceId,
        fileName: z.string().min(1).max(1000),
        text: z.string().max(MAX_DOCUMENT_BYTES),
        sourceResultId: workspaceId.optional(),
        wholeDocument: z.literal(true).optional(),
      })
      .strict(),
  ),
  'engine:parse': channel<ParseAnswer>()(
    z.discriminatedUnion('engine', [
      z.object({ engine: z.literal('local'), runId: runIdSchema, documentId: workspaceId, options: parseOptionsSchema.optional() }).strict(),
      z
        .object({
          engine: z.literal('parse'),
          runId: runIdSchema,
          documentId: workspaceId,
          keyId: keyIdSchema.optional(),
          model: z.string().trim().min(1).max(120).optional(),
          // Checked by the client's preflight, which names unknown keys in its message.
          options: z.record(z.string(), z.unknown()).optional(),
          /** Main decides sync or job (auto), so job-only options are never dropped. */
          mode: z.enum(['auto', 'sync', 'job']),
          serviceTier: z.enum(['standard', 'priority']).optional(),
          outputSaveUrl: z.string().trim().min(1).max(8000).optional(),
          /** Send the document's remembered web address (`document_url`) instead of its bytes. */
          byUrl: z.boolean().optional(),
        })
        .strict(),
      z
        .object({
          engine: z.literal('analyzer'),
          runId: runIdSchema,
          documentId: workspaceId,
          keyId: keyIdSchema.optional(),
          options: z
            .object({
              pages: z.array(z.number().int().min(0)).optional(),
              include_marginalia: z.boolean().optional(),
              include_metadata_in_markdown: z.boolean().optional(),
              fields_schema: z.record(z.string(), z.unknown()).optional(),
              enable_rotation_detection: z.boolean().optional(),
            })
            .strict()
            .optional(),
        })
        .strict(),
    ]),
  ),
  'engine:extract': channel<StoredResult>()(
    z.discriminatedUnion('engine', [
      z.object({ engine: z.literal('local'), resultId: workspaceId, schema: z.record(z.string(), z.unknown()) }).strict(),
      z
        .object({
          engine: z.literal('extract'),
          runId: runIdSchema,
          resultId: workspaceId,
          keyId: keyIdSchema.optional(),
          model: z.string().trim().min(1).max(120).optional(),
          schema: z.record(z.string(), z.unknown()),
        })
        .strict(),
    ]),
  ),
  'runs:cancel': channel<boolean>()(z.object({ runId: runIdSchema }).strict()),
  'samples:open': channel<{ document: DocumentInfo; result: StoredResult }>()(
    z.object({ name: z.enum(['invoice.pdf', 'report.pdf']).optional() }).strict(),
  ),

  'reviews:get': channel<Review>()(z.object({ extractionId: workspaceId }).strict()),
  'reviews:decide': channel<Review>()(
    z
      .object({
        extractionId: workspaceId,
        path: z.string().min(1).max(1000),
        /** null takes the decision back. */
        decision: z
          .object({ status: z.enum(REVIEW_STATUSES), correctedValue: z.string().max(100_000).optional(), note: z.string().max(10_000).optional() })
          .strict()
          .nullable(),
      })
      .strict(),
  ),
  'reviews:export': channel<{ fileName: string; mime: string; content: string }>()(
    z.object({ extractionId: workspaceId, format: z.enum(['json', 'csv']) }).strict(),
  ),
  // Datasets (v1): projects, tags, metadata, the media board, training, snapshots, inference.
  'datasets:registry': channel<DatasetsRegistry>()(ds.registry),
  'datasets:createProject': channel<ProjectEntry>()(ds.createProject),
  'datasets:addProject': channel<ProjectEntry>()(ds.addProject),
  'datasets:forgetProject': channel<null>()(ds.forgetProject),
  'datasets:setProjectKey': channel<ProjectEntry>()(ds.setProjectKey),
  'datasets:setActive': channel<ProjectEntry>()(ds.setActive),
  'datasets:setSettings': channel<DatasetSettings>()(ds.setSettings),
  'datasets:createTag': channel<ProjectEntry>()(ds.createTag),
  'datasets:renameTag': channel<ProjectEntry>()(ds.renameTag),
  'datasets:createMetadata': channel<ProjectEntry>()(ds.createMetadata),
  'datasets:updateMetadata': channel<ProjectEntry>()(ds.updateMetadata),
  'datasets:importMedia': channel<MediaImportResult>()(ds.importMedia),
  'datasets:addMediaIds': channel<MediaImportResult>()(ds.addMediaIds),
  'datasets:removeMedia': channel<ProjectEntry>()(ds.removeMedia),
  'datasets:thumbnail': channel<Thumbnail>()(ds.thumbnail),
  // The folders thumbnails may be read from, as they are after the change.
  'datasets:allowImageFolder': channel<string[]>()(ds.allowImageFolder),
  'datasets:forgetImageFolder': channel<string[]>()(ds.forgetImageFolder),
  'datasets:applyMetadata': channel<ApplyResult>()(ds.applyMetadata),
  'datasets:applyToAll': channel<ApplyResult>()(ds.applyToAll),
  'training:start': channel<ProjectEntry>()(ds.trainingStart),
  'training:metrics': channel<ProjectEntry>()(ds.trainingMetrics),
  'snapshots:export': channel<ProjectEntry>()(ds.snapshotExport),
  /** The native folder dialog (Electron); the preview refuses it and takes a typed folder. */
  'snapshots:chooseFolder': channel<ChosenFolder>()(ds.snapshotChooseFolder),
  'snapshots:download': channel<DownloadResult>()(ds.snapshotDownload),
  'inference:run': channel<InferenceResult>()(ds.inferenceRun),
  // Jobs and batches: create, list, detail, retry; the batch queue.
  'jobs:create': channel<JobRecord>()(jr.create),
  'jobs:list': channel<JobListPage>()(jr.list),
  'jobs:detail': channel<JobDetail>()(jr.detail),
  'jobs:result': channel<JobResultFile>()(jr.result),
  'jobs:local': channel<LocalJobs>()(jr.local),
  'jobs:get': channel<JobRecord | null>()(jr.get),
  'jobs:retry': channel<JobRecord>()(jr.retry),
  'jobs:recheck': channel<JobRecord>()(jr.recheck),
  'jobs:settleUnsure': channel<UnsureSettled>()(jr.settleUnsure),
  'jobs:settings': channel<JobSettings>()(jr.settings),
  'jobs:setSettings': channel<JobSettings>()(jr.setSettings),
  'batch:estimate': channel<BatchEstimate>()(jr.batchEstimate),
  'batch:create': channel<Batch>()(jr.batchCreate),
  'batch:list': channel<Batch[]>()(jr.batchList),
  'batch:pause': channel<Batch>()(jr.batchId),
  'batch:resume': channel<Batch>()(jr.batchId),
  'batch:cancelPending': channel<Batch>()(jr.batchId),
  'batch:retryFailed': channel<Batch>()(jr.batchRetryFailed),
} as const satisfies Record<Channel, ChannelSpec<z.ZodType, unknown>>;

export type IpcTable = typeof ipcTable;

/** What the renderer passes (schema input) and what the handler receives (schema output). */
export type RequestIn<C extends Channel> = z.input<IpcTable[C]['request']>;
export type RequestOut<C extends Channel> = z.output<IpcTable[C]['request']>;
export type ResponseOf<C extends Channel> = Exclude<IpcTable[C]['response'], undefined>;

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string> = C extends `${string}:${infer V}` ? V : never;
export type Domain = DomainOf<Channel>;

/** `window.groundwork`: one function per channel, grouped by domain, plus event subscription. */
export type GroundworkApi = {
  [D in Domain]: {
    [C in Channel as DomainOf<C> extends D ? VerbOf<C> : never]: (
      request: RequestIn<C>,
    ) => Promise<IpcResult<ResponseOf<C>>>;
  };
} & {
  events: { subscribe(listener: (event: AppEvent) => void): () => void };
};
