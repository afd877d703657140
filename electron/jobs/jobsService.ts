import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import type { JobCreateRequest } from '../../shared/ipc/jobs.js';
import type { JobService } from '../../shared/contracts/v2Jobs.js';
import type { JobDetail, JobListPage, JobRecord, JobRequest, JobResultFile, JobSettings, LocalJobs } from '../../shared/jobs.js';
import { withoutUndefined } from '../../shared/withoutUndefined.js';
import type { RetryClock } from '../api/retry.js';
import type { DocumentPasswords } from '../documents/documentPasswords.js';
import type { KeysService } from '../keys/keysService.js';
import type { Logger } from '../core/log.js';
import { retryAsProgress, USER_CALL_POLICY } from '../runs/retryProgress.js';
import type { SettingsStore } from '../settings/settings.js';
import type { Workspace } from '../workspace/workspace.js';
import { BatchService } from './batchService.js';
import { batchRecordsIn } from './batchRecords.js';
import { createIntentsIn, type CreateIntents } from './createIntents.js';
import { jobRecordsIn, type JobRecords } from './jobRecords.js';
import { jobDetail, listJobs, localJobs, type JobListRequest } from './jobList.js';
import { jobResultFile } from './jobResult.js';
import type { JobCreator } from './jobCreator.js';
import type { JobPoller } from './jobPoller.js';
import { trackJobs, type JobTracking } from './jobTracking.js';
import { readJobSettings, updateJobSettings } from '../runs/parsePlan.js';
import type { PollSchedule } from './pollSchedule.js';

export interface JobsServiceDeps {
  workspace: Workspace;
  keys: KeysService;
  settings: SettingsStore;
  logger: Logger;
  emit: (event: AppEvent) => void;
  /** Passwords of the documents that need one, for their decrypted copies. */
  passwords?: DocumentPasswords;
  clock?: RetryClock;
  schedule?: PollSchedule;
}

/** Creating and following jobs, and the batches over them, with their records in the workspace. */
export class JobsService {
  readonly records: JobRecords;
  readonly intents: CreateIntents;
  readonly creator: JobCreator;
  readonly poller: JobPoller;
  readonly batches: BatchService;

  private readonly logger: Logger;
  private readonly tracking: JobTracking;

  constructor(private readonly deps: JobsServiceDeps) {
    this.logger = deps.logger;
    this.records = jobRecordsIn(deps.workspace.root, deps.logger);
    this.intents = createIntentsIn(deps.workspace.root, deps.logger);
    this.tracking = trackJobs({ ...deps, records: this.records, intents: this.intents });
    this.creator = this.tracking.creator;
    this.poller = this.tracking.poller;
    this.batches = new BatchService({
      ...deps,
      creator: this.creator,
      poller: this.poller,
      records: this.records,
      intents: this.intents,
      store: batchRecordsIn(deps.workspace.root, deps.logger),
    });
  }

  /** Picks up every unfinished job and batch; a failure is logged, never fatal to start-up. */
  async start(): Promise<void> {
    try {
      await this.batches.resumeAll(this.resume());
    } catch (error) {
      this.logger.error('resuming jobs failed', { error: String(error) });
    }
  }

  /** Settles the creates a crash left open, then follows every open record; answers how many (see start). */
  resume(): Promise<number> {
    return this.tracking.resume();
  }

  stop(): void {
    this.tracking.stop();
  }

  /**
   * Creates a job (an extract's document is its source result's). Named as a run (`runId`,
   * with the run's signal), a refused create shows as "retrying" on the run, and Cancel stops it.
   */
  async create({ runId, ...request }: JobCreateRequest, signal?: AbortSignal): Promise<JobRecord> {
    const job: JobRequest = withoutUndefined(
      request.service === 'parse'
        ? request
        : { ...request, documentId: (await this.deps.workspace.result(request.sourceResultId)).documentId },
    );
    if (!runId) return this.creator.submit(job, { retry: { policy: USER_CALL_POLICY } });
    return this.creator.submit(job, { retry: retryAsProgress(this.deps.emit, runId, 'Creating the job'), ...(signal ? { signal } : {}) });
  }

  /** A retry is a new job with the same document and options; the old record stays. Only jobs started here: their document is here. */
  async retry(jobId: string): Promise<JobRecord> {
    const record = await this.records.read(jobId);
    if (!record) {
      throw new AppError({
        code: 'job_not_local',
        message: 'Only jobs started in this workspace can be retried: their document is here.',
        hint: 'Open the document and run it again.',
      });
    }
    const { service, documentId, sourceResultId, keyId, model, options, schema, serviceTier, outputSaveUrl, byUrl, rerunOf } =
      record.request;
    // A re-run's retry is a re-run too: its answer is stored merged into the same original, never alone as a partial result.
    const again: JobRequest = {
      service,
      documentId,
      ...withoutUndefined({ sourceResultId, keyId, model, options, schema, serviceTier, outputSaveUrl, byUrl, rerunOf }),
    };
    return this.creator.submit(again, { retry: { policy: USER_CALL_POLICY } });
  }

  /** A page of the service's job list, each row joined with its local record where this app made the job. */
  list(request: JobListRequest): Promise<JobListPage> {
    return listJobs(this.deps.keys, this.records, request);
  }

  /** Every job this workspace started and every create whose outcome is unknown; no network. */
  local(): Promise<LocalJobs> {
    return localJobs(this.records, this.creator);
  }

  /** The local record of a job, or null for one this workspace did not start. */
  async get(jobId: string): Promise<JobRecord | null> {
    return (await this.records.read(jobId)) ?? null;
  }

  /** One job polled now, for the detail panel. */
  detail(service: JobService, jobId: string, keyId?: string): Promise<JobDetail> {
    return jobDetail(this.deps.keys, this.records, service, jobId, keyId);
  }

  /** A completed job's whole result, for the import. */
  resultFile(service: JobService, jobId: string, keyId?: string): Promise<JobResultFile> {
    return jobResultFile(this.deps.keys, this.records, service, jobId, keyId);
  }

  settings(): Promise<JobSettings> {
    return readJobSettings(this.deps.settings);
  }

  /** Saves the job settings; a new batch concurrency applies to the running batches at once. */
  async setSettings(patch: Partial<JobSettings>): Promise<JobSettings> {
    const updated = await updateJobSettings(this.deps.settings, patch);
    if (patch.batchConcurrency !== undefined) this.batches.setConcurrency(updated.batchConcurrency);
    return updated;
  }
}
