import { withoutUndefined } from '../../shared/withoutUndefined.js';
import type { HandlerTable } from '../core/ipcDispatch.js';
import { readKeptAnswer } from '../runs/readKeptAnswer.js';
import type { RunRegistry } from '../runs/runRegistry.js';
import type { Workspace } from '../workspace/workspace.js';
import type { JobCreator } from './jobCreator.js';
import type { JobPoller } from './jobPoller.js';
import type { JobsService } from './jobsService.js';

type JobChannel = Extract<keyof HandlerTable, `jobs:${string}` | `batch:${string}` | `quarantine:${string}`>;

/** What the job handlers use: the jobs' own parts, the runs registry (a job created for a run), the workspace (kept answers). */
export interface JobHandlerDeps {
  jobs: Pick<
    JobsService,
    'create' | 'list' | 'detail' | 'resultFile' | 'local' | 'get' | 'retry' | 'settings' | 'setSettings' | 'batches'
  > & {
    creator: Pick<JobCreator, 'settleUnsure'>;
    poller: Pick<JobPoller, 'recheck' | 'keptResultRead'>;
  };
  runs: Pick<RunRegistry, 'runIfNamed'>;
  workspace: Workspace;
}

/** The jobs:*, batch:* and quarantine:* handlers, spread into createHandlers. */
export function createJobHandlers({ jobs, runs, workspace }: JobHandlerDeps): Pick<HandlerTable, JobChannel> {
  return {
    'jobs:create': (request) => runs.runIfNamed(request.runId, (signal) => jobs.create(request, signal)),
    'jobs:list': (request) => jobs.list(request),
    'jobs:detail': ({ service, jobId, keyId }) => jobs.detail(service, jobId, keyId),
    'jobs:result': ({ service, jobId, keyId }) => jobs.resultFile(service, jobId, keyId),
    'jobs:local': () => jobs.local(),
    'jobs:get': ({ jobId }) => jobs.get(jobId),
    'jobs:retry': ({ jobId }) => jobs.retry(jobId),
    'jobs:recheck': ({ jobId }) => jobs.poller.recheck(jobId),
    'jobs:settleUnsure': ({ intentId, action }) => jobs.creator.settleUnsure(intentId, action),
    'jobs:settings': () => jobs.settings(),
    'jobs:setSettings': (patch) => jobs.setSettings(withoutUndefined(patch)),
    'quarantine:list': () => workspace.quarantine.list(),
    'quarantine:show': ({ id }) => workspace.quarantine.shown(id),
    'quarantine:readAgain': ({ id }) => readKeptAnswer(workspace, id, (jobId, result) => jobs.poller.keptResultRead(jobId, result)),
    'batch:estimate': ({ documentIds }) => jobs.batches.estimate(documentIds),
    'batch:create': ({ documentIds, confirmPages, ...options }) =>
      jobs.batches.create(documentIds, withoutUndefined(options), confirmPages),
    'batch:list': () => jobs.batches.list(),
    'batch:pause': ({ batchId }) => jobs.batches.pause(batchId),
    'batch:resume': ({ batchId }) => jobs.batches.resume(batchId),
    'batch:cancelPending': ({ batchId }) => jobs.batches.cancelPending(batchId),
    'batch:retryFailed': ({ batchId, includeUnsure }) => jobs.batches.retryFailed(batchId, includeUnsure ?? false),
  };
}
