/**
 * The IPC contract: every channel once, with the zod schema of its request and the type
 * of its response. The preload (and the preview bridge) build `window.groundwork` from
 * this table, main validates every request against it, and the renderer gets a typed
 * client. Channel names are `domain:verb`; the API exposes them as `groundwork.domain.verb`.
 * The request schemas live by domain beside this file.
 */
import type { z } from 'zod';
import type { IpcResult } from '../errors.js';
import type { AppEvent } from '../events.js';
import type { KeptAnswerText, QuarantinedAnswer } from '../quarantine.js';
import type { KeyInfo, KeyTestResult, SecretCopied } from '../keys.js';
import type {
  Batch,
  BatchEstimate,
  JobDetail,
  JobResultFile,
  JobListPage,
  JobRecord,
  JobSettings,
  LocalJobs,
  UnsureSettled,
} from '../jobs.js';
import type {
  ApplyResult,
  DatasetSettings,
  DatasetsRegistry,
  DropImagesResult,
  MediaImportResult,
  ProjectEntry,
  Thumbnail,
} from '../datasets/registry.js';
import type { DocumentInfo } from '../document.js';
import type { LibraryEntry, TrashEntry } from '../library.js';
import type { ParseAnswer, ResultInfo, StoredResult, StoredResultText } from '../result.js';
import type { Review } from '../review.js';
import { appRequests as app, type AppInfo } from './app.js';
import { CHANNELS, type Channel } from './channels.js';
import { datasetsRequests as ds, type ChosenFolder, type DownloadResult, type InferenceResult } from './datasets.js';
import { documentsRequests as doc, libraryRequests as lib } from './documents.js';
import { jobsRequests as jr } from './jobs.js';
import { keysRequests as kr, type DefaultAddresses } from './keys.js';
import { resultsRequests as res, type ResultModel } from './results.js';
import { auditRequests as au, type AuditExport, type AuditPage } from './audit.js';
import { queuesRequests as qu, type QueueSummary, type QueueView } from './queues.js';
import { reviewsRequests as rv, type ReviewExport } from './reviews.js';
import { rulesRequests as rl, type RuleSet, type RulesSetAside } from './rules.js';
import { runsRequests as rn, samplesRequests as smp } from './runs.js';
import { searchRequests as sr, type SearchAnswer, type SearchSettings } from './search.js';

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

export const ipcTable = {
  'app:info': channel<AppInfo>()(app.info),
  'app:dismissNotice': channel<null>()(app.dismissNotice),

  'keys:list': channel<KeyInfo[]>()(kr.list),
  'keys:defaults': channel<DefaultAddresses>()(kr.defaults),
  'keys:add': channel<KeyInfo>()(kr.add),
  'keys:copySecret': channel<SecretCopied>()(kr.copySecret),
  'keys:rename': channel<KeyInfo>()(kr.rename),
  'keys:setEnabled': channel<KeyInfo>()(kr.setEnabled),
  'keys:setAddress': channel<KeyInfo>()(kr.setAddress),
  'keys:delete': channel<null>()(kr.delete),
  'keys:test': channel<KeyTestResult>()(kr.test),
  'keys:allowInferenceHost': channel<KeyInfo>()(kr.allowInferenceHost),
  'keys:forgetInferenceHost': channel<KeyInfo>()(kr.forgetInferenceHost),

  'documents:import': channel<DocumentInfo>()(doc.import),
  'documents:importUrl': channel<DocumentInfo>()(doc.importUrl),
  'documents:read': channel<Uint8Array>()(doc.read),
  'documents:unlock': channel<DocumentInfo>()(doc.unlock),
  'library:list': channel<LibraryEntry[]>()(lib.list),
  'library:trash': channel<TrashEntry[]>()(lib.trash),
  'library:delete': channel<TrashEntry>()(lib.delete),
  'library:restore': channel<TrashEntry>()(lib.restore),
  'results:get': channel<StoredResultText>()(res.get),
  'results:model': channel<ResultModel>()(res.model),
  // What was stored, never the service's response: the window fetches the model when it opens the result.
  'results:import': channel<ResultInfo>()(res.import),
  'runs:parse': channel<ParseAnswer>()(rn.parse),
  // An extraction whole: its fields (the response) are what the window shows next.
  'runs:extract': channel<StoredResult>()(rn.extract),
  'runs:cancel': channel<boolean>()(rn.cancel),
  'runs:rerunPages': channel<ResultInfo>()(rn.rerunPages),
  'samples:open': channel<{ document: DocumentInfo; result: StoredResult }>()(smp.open),

  'reviews:get': channel<Review>()(rv.get),
  'reviews:decide': channel<Review>()(rv.decide),
  'reviews:export': channel<ReviewExport>()(rv.export),
  // A document's audit trail (written by main as decisions are saved; never by the window).
  'audit:list': channel<AuditPage>()(au.list),
  'audit:export': channel<AuditExport>()(au.export),
  'queues:create': channel<QueueView>()(qu.create),
  'queues:list': channel<QueueSummary[]>()(qu.list),
  'queues:get': channel<QueueView>()(qu.get),
  'queues:move': channel<QueueView>()(qu.move),
  'queues:close': channel<QueueView>()(qu.close),
  'search:query': channel<SearchAnswer>()(sr.query),
  'search:settings': channel<SearchSettings>()(sr.settings),
  'search:setSettings': channel<SearchSettings>()(sr.setSettings),
  'rules:get': channel<RuleSet>()(rl.get),
  'rules:save': channel<RuleSet>()(rl.save),
  'rules:setAside': channel<RulesSetAside>()(rl.setAside),
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
  'datasets:dropImages': channel<DropImagesResult>()(ds.dropImages),
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
  'snapshots:showInFolder': channel<null>()(ds.snapshotShowInFolder),
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
  // Answers the service sent that this version could not read, kept as they arrived.
  'quarantine:list': channel<QuarantinedAnswer[]>()(jr.quarantineList),
  'quarantine:show': channel<KeptAnswerText>()(jr.quarantineShow),
  'quarantine:readAgain': channel<QuarantinedAnswer>()(jr.quarantineReadAgain),
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
    [C in Channel as DomainOf<C> extends D ? VerbOf<C> : never]: (request: RequestIn<C>) => Promise<IpcResult<ResponseOf<C>>>;
  };
} & {
  events: { subscribe(listener: (event: AppEvent) => void): () => void };
};
