import { AppError } from '../../shared/errors.js';
import type { JobRequest } from '../../shared/jobs.js';
import type { HandlerTable } from '../handlers.js';
import { retryAsProgress, USER_CALL_POLICY } from '../runs/retryProgress.js';
import type { Services } from '../services.js';
import { jobDetail, listJobs, localJobs } from './jobList.js';
import { jobResultFile } from './jobResult.js';
import { readJobSettings, updateJobSettings } from './parsePlan.js';

type JobChannel = Extract<keyof HandlerTable, `jobs:${string}` | `batch:${string}`>;

/** The jobs:* and batch:* handlers, spread into createHandlers. */
export function createJobHandlers(services: Services): Pick<HandlerTable, JobChannel> {
  const { jobs, keys, workspace, settings } = services;
  return {
    'jobs:create': async ({ runId, ...request }) => {
      const job: JobRequest = request.service === 'parse' ? request : { ...request, documentId: (await workspace.result(request.sourceResultId)).documentId };
      if (!runId) return jobs.tracker.submit(job, { retry: { policy: USER_CALL_POLICY } });
      // Named as a run: a refused create shows as "retrying" on the run, and Cancel stops it.
      const retry = retryAsProgress(services.emit, runId, 'Creating the job');
      return services.runs.run(runId, (signal) => jobs.tracker.submit(job, { retry, signal }));
    },
    'jobs:list': (request) => listJobs(keys, jobs.records, request),
    'jobs:detail': ({ service, jobId, keyId }) => jobDetail(keys, jobs.records, service, jobId, keyId),
    'jobs:result': ({ service, jobId, keyId }) => jobResultFile(keys, jobs.records, service, jobId, keyId),
    'jobs:local': () => localJobs(jobs.records, jobs.tracker),
    'jobs:get': async ({ jobId }) => (await jobs.records.read(jobId)) ?? null,
    'jobs:retry': async ({ jobId }) => {
      const record = await jobs.records.read(jobId);
      if (!record) {
        throw new AppError({ code: 'job_not_local', message: 'Only jobs started in this workspace can be retried: their document is here.', hint: 'Open the document and run it again.' });
      }
      // A retry is a new job with the same document and options; the old record stays.
      const { service, documentId, sourceResultId, keyId, model, options, schema, serviceTier, outputSaveUrl, byUrl } = record.request;
      const again: JobRequest = { service, documentId, ...{ sourceResultId, keyId, model, options, schema, serviceTier, outputSaveUrl, byUrl } };
      return jobs.tracker.submit(stripUndefined(again), { retry: { policy: USER_CALL_POLICY } });
    },
    'jobs:recheck': ({ jobId }) => jobs.tracker.recheck(jobId),
    'jobs:settleUnsure': ({ intentId, action }) => jobs.tracker.settleUnsure(intentId, action),
    'jobs:settings': () => readJobSettings(settings),
    'jobs:setSettings': async (patch) => {
      const updated = await updateJobSettings(settings, stripUndefined(patch));
      if (patch.batchConcurrency !== undefined) jobs.batches.setConcurrency(updated.batchConcurrency);
      return updated;
    },
    'batch:estimate': ({ documentIds }) => jobs.batches.estimate(documentIds),
    'batch:create': ({ documentIds, confirmPages, ...options }) => jobs.batches.create(documentIds, stripUndefined(options), confirmPages),
    'batch:list': () => jobs.batches.list(),
    'batch:pause': ({ batchId }) => jobs.batches.pause(batchId),
    'batch:resume': ({ batchId }) => jobs.batches.resume(batchId),
    'batch:cancelPending': ({ batchId }) => jobs.batches.cancelPending(batchId),
    'batch:retryFailed': ({ batchId, includeUnsure }) => jobs.batches.retryFailed(batchId, includeUnsure ?? false),
  };
}

/** exactOptionalPropertyTypes: optional fields are left out, never `undefined`. */
function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
