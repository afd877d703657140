import type { AppEvent } from '../../shared/events.js';
import type { RetryClock } from '../api/retry.js';
import type { DocumentPasswords } from '../documents/documentPasswords.js';
import type { KeysService } from '../keys/keysService.js';
import type { Logger } from '../log.js';
import type { SettingsStore } from '../settings/settings.js';
import type { Workspace } from '../workspace/workspace.js';
import { BatchService } from './batchService.js';
import { batchRecordsIn } from './batchRecords.js';
import { createIntentsIn, type CreateIntents } from './createIntents.js';
import { jobRecordsIn, type JobRecords } from './jobRecords.js';
import { JobTracker } from './jobTracker.js';
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

/** The job tracker and the batches over it, with their records in the workspace. */
export class JobsService {
  readonly records: JobRecords;
  readonly intents: CreateIntents;
  readonly tracker: JobTracker;
  readonly batches: BatchService;

  private readonly logger: Logger;

  constructor(deps: JobsServiceDeps) {
    this.logger = deps.logger;
    this.records = jobRecordsIn(deps.workspace.root, deps.logger);
    this.intents = createIntentsIn(deps.workspace.root, deps.logger);
    this.tracker = new JobTracker({ ...deps, records: this.records, intents: this.intents });
    this.batches = new BatchService({ ...deps, tracker: this.tracker, records: this.records, intents: this.intents, store: batchRecordsIn(deps.workspace.root, deps.logger) });
  }

  /** Picks up every unfinished job and batch; a failure is logged, never fatal to start-up. */
  async start(): Promise<void> {
    try {
      await this.batches.resumeAll(this.tracker.resume());
    } catch (error) {
      this.logger.error('resuming jobs failed', { error: String(error) });
    }
  }

  stop(): void {
    this.tracker.stop();
  }
}
