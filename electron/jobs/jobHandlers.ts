import { withoutUndefined } from '../../shared/withoutUndefined.js';
import type { HandlerTable } from '../ipcDispatch.js';
import type { Services } from '../services.js';
import { jobDetail, listJobs, localJobs } from './jobList.js';
import { jobResultFile } from './jobResult.js';
import { readJobSettings } from './parsePlan.js';

type JobChannel = Extract<keyof HandlerTable, `jobs:${string}` | `batch:${string}`>;

/** The jobs:* and batch:* handlers, spread into createHandlers. */
export function createJobHandlers(services: Services): Pick<HandlerTable, JobChannel> {
  const { jobs, keys, settings } = services;
  return {
    'jobs:create': (request) =>
      request.runId ? services.runs.run(request.runId, (signal) => jobs.create(request, signal)) : jobs.create(request),
    'jobs:list': (request) => listJobs(keys, jobs.records, request),
    'jobs:detail': ({ service, jobId, keyId }) => jobDetail(keys, jobs.records, service, jobId, keyId),
    'jobs:result': ({ service, jobId, keyId }) => jobResultFile(keys, jobs.records, service, jobId, keyId),
    'jobs:local': () => localJobs(jobs.records, jobs.tracker),
    'jobs:get': async ({ jobId }) => (await jobs.records.read(jobId)) ?? null,
    'jobs:retry': ({ jobId }) => jobs.retry(jobId),
    'jobs:recheck': ({ jobId }) => jobs.tracker.recheck(jobId),
    'jobs:settleUnsure': ({ intentId, action }) => jobs.tracker.settleUnsure(intentId, action),
    'jobs:settings': () => readJobSettings(settings),
    'jobs:setSettings': (patch) => jobs.setSettings(withoutUndefined(patch)),
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
