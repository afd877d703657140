import { create } from 'zustand';
import { isSettled, type JobRecord } from '../../../shared/jobs.js';
import { requireApi, subscribeEvents } from '../../ipc/client.js';
import { chosenKey, extractModelOf, useRunSettings } from '../runSettings.js';

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

function report(job: JobRecord, reason?: string): void {
  useWorkspaceJobs.setState((state) => {
    const known = state.byDocument[job.documentId];
    return { byDocument: { ...state.byDocument, [job.documentId]: { job, reason: reason ?? known?.reason ?? '' } } };
  });
}

/**
 * Follows a job the Review screen started until it is settled, then hands over its stored
 * result. It listens first and then reads the job's record once, so an update that came
 * before the listener (a fast job) is not missed. A job that stopped being followed without
 * its result (its key deleted, say) is still listened to: "Check again" on the Jobs screen
 * may follow it to its result, and its line and result come here then too. Listening ends
 * with the result, with the service's own end of the job, or when a newer job of the
 * document takes its line.
 */
export function followJob(job: JobRecord, reason: string, onStored: (job: JobRecord) => void): void {
  report(job, reason);
  let done = false;
  const settle = (update: JobRecord) => {
    if (done) return;
    if (useWorkspaceJobs.getState().byDocument[update.documentId]?.job.jobId !== update.jobId) {
      done = true;
      stop();
      return;
    }
    report(update);
    if (!isSettled(update) || (update.problem !== null && !update.resultId)) return;
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
  const settings = useRunSettings.getState();
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
