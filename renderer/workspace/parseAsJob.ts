import { create } from 'zustand';
import { isSettled, type JobRecord } from '../../shared/jobs.js';
import { requireApi, subscribeEvents } from '../ipc/client.js';
import { chosenKey, extractModelOf, useEngineSettings } from './engineSettings.js';

/** Calls back with each update of one job until it is settled; returns the unsubscribe. */
export function watchJob(jobId: string, onUpdate: (job: JobRecord) => void): () => void {
  return subscribeEvents((event) => {
    if (event.type === 'job' && event.job.jobId === jobId) onUpdate(event.job);
  });
}

export interface FollowedJob {
  /** As last reported. */
  job: JobRecord;
  /** Why it went as a job. */
  reason: string;
}

/** Jobs started from the Review screen, by the document they were started for: a job's line shows only with its document. */
export const useWorkspaceJobs = create<{ byDocument: Record<string, FollowedJob> }>(() => ({ byDocument: {} }));

/**
 * A followed job's line keeps up with it after it settled too: a job stopped without its result
 * (its key deleted, say) may be followed again from the Jobs screen ("Check again") and finish.
 */
let listening = false;
function keepLinesCurrent(): void {
  if (listening) return;
  listening = true;
  subscribeEvents((event) => {
    if (event.type !== 'job') return;
    const followed = useWorkspaceJobs.getState().byDocument[event.job.documentId];
    if (followed?.job.jobId === event.job.jobId) report(event.job);
  });
}

function report(job: JobRecord, reason?: string): void {
  useWorkspaceJobs.setState((state) => {
    const known = state.byDocument[job.documentId];
    return { byDocument: { ...state.byDocument, [job.documentId]: { job, reason: reason ?? known?.reason ?? '' } } };
  });
}

/**
 * Follows a job the Review screen started until it is settled, then hands over its stored
 * result. It listens first and then reads the job's record once, so an update that came
 * before the listener (a fast job) is not missed.
 */
export function followJob(job: JobRecord, reason: string, onStored: (job: JobRecord) => void): void {
  keepLinesCurrent();
  report(job, reason);
  let done = false;
  const settle = (update: JobRecord) => {
    if (done) return;
    report(update);
    if (!isSettled(update)) return;
    done = true;
    stop();
    if (update.resultId) onStored(update);
  };
  const stop = watchJob(job.jobId, settle);
  void requireApi()
    .jobs.get({ jobId: job.jobId })
    .then((current) => {
      if (current) settle(current);
    })
    // The events still come; a failed first read only loses the head start.
    .catch(() => undefined);
}

/** Submits an extraction of a stored parse result as a job (for long Markdown); `runId` shows its retries. */
export function submitExtractJob(sourceResultId: string, schema: Record<string, unknown>, runId: string): Promise<JobRecord> {
  const settings = useEngineSettings.getState();
  const { extractOutputSaveUrl } = settings;
  return requireApi().jobs.create({
    service: 'extract',
    sourceResultId,
    schema,
    runId,
    ...chosenKey('v2', settings),
    ...extractModelOf(settings),
    ...(extractOutputSaveUrl.trim() ? { outputSaveUrl: extractOutputSaveUrl.trim() } : {}),
  });
}
