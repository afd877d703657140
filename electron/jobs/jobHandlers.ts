import { withoutUndefined } from '../../shared/withoutUndefined.js';
import type { HandlerTable } from '../core/ipcDispatch.js';
import { readKeptAnswer } from '../runs/readKeptAnswer.js';
import type { RunRegistry } from '../runs/runRegistry.js';
import type { Workspace } from '../workspace/workspace.js';
import type { JobsService } from './jobsService.js';

type JobChannel = Extract<keyof HandlerTable, `jobs:${string}` | `batch:${string}` | `quarantine:${string}`>;

/** The jobs:*, batch:* and quarantine:* handlers, spread into createHandlers. */
/** Only the services these handlers use, so jobs/ stays below the wiring that builds them all. */
export function createJobHandlers(services: {
  jobs: JobsService;
  runs: RunRegistry;
  workspace: Workspace;
}): Pick<HandlerTable, JobChannel> {
  const { jobs, runs, workspace } = services;
  return {
    'jobs:create': (request) => runs.runIfNamed(request.runId, (signal) => jobs.create(request, signal)),
    'jobs:list': (request) => jobs.list(request),
    'jobs:detail': ({ service, jobId, keyId }) => jobs.detail(service, jobId, keyId),
    'jobs:result': ({ service, jobId, keyId }) => jobs.resultFile(service, jobId, keyId),
    'jobs:local': () => jobs.local(),
    'jobs:get': ({ jobId }) => jobs.get(jobId),
    'jobs:retry': ({ jobId }) => jobs.retry(jobId),
    'jobs:recheck': ({ jobId }) => jobs.tracker.recheck(jobId),
    'jobs:settleUnsure': ({ intentId, action }) => jobs.tracker.settleUnsure(intentId, action),
    'jobs:settings': () => jobs.settings(),
    'jobs:setSettings': (patch) => jobs.setSettings(withoutUndefined(patch)),
    'quarantine:list': () => workspace.quarantine.list(),
    'quarantine:show': ({ id }) => workspace.quarantine.shown(id),
    'quarantine:readAgain': ({ id }) => readKeptAnswer(workspace, id, (jobId, result) => jobs.tracker.keptResultRead(jobId, result)),
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
