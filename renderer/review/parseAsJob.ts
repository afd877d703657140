import { create } from 'zustand';
import { isSettled, type JobRecord } from '../../shared/jobs.js';
import { requireApi, subscribeEvents } from '../ipc/client.js';
import { parseOptionsFrom, useEngineSettings } from './engineSettings.js';

/** Whether this cloud parse goes as a job: the user's choice, or the main process's plan by pages and size. */
export async function shouldRunAsJob(documentId: string): Promise<{ asJob: boolean; reason: string }> {
  const { parseMode } = useEngineSettings.getState();
  if (parseMode === 'sync') return { asJob: false, reason: 'direct call chosen' };
  if (parseMode === 'job') return { asJob: true, reason: 'job chosen' };
  const plan = await requireApi().jobs.plan({ documentId });
  return { asJob: plan.mode === 'job', reason: plan.reason };
}

/** Creates the parse job (checked before sending, output_save_url window included) from the engine settings; `runId` shows its retries. */
export function submitParseJob(documentId: string, runId?: string): Promise<JobRecord> {
  const settings = useEngineSettings.getState();
  return requireApi().jobs.create({
    service: 'parse',
    documentId,
    ...(runId ? { runId } : {}),
    ...(settings.keyId ? { keyId: settings.keyId } : {}),
    ...(settings.model.trim() ? { model: settings.model.trim() } : {}),
    options: parseOptionsFrom(settings),
    serviceTier: settings.serviceTier,
    ...(settings.outputSaveUrl.trim() ? { outputSaveUrl: settings.outputSaveUrl.trim() } : {}),
  });
}

/** Calls back with each update of one job until it is settled; returns the unsubscribe. */
export function watchJob(jobId: string, onUpdate: (job: JobRecord) => void): () => void {
  return subscribeEvents((event) => {
    if (event.type === 'job' && event.job.jobId === jobId) onUpdate(event.job);
  });
}

interface ReviewJobState {
  /** The last job started from the Review screen, as last reported. */
  job: JobRecord | null;
  reason: string;
}

export const useReviewJob = create<ReviewJobState>(() => ({ job: null, reason: '' }));

/**
 * Follows a job the Review screen started until it is settled, then opens its result.
 * It listens first and then reads the job's record once, so an update that came before
 * the listener (a fast job) is not missed.
 */
function followJob(job: JobRecord, reason: string, onStored: (job: JobRecord) => Promise<void>): void {
  useReviewJob.setState({ job, reason });
  let done = false;
  const settle = (update: JobRecord) => {
    if (done) return;
    useReviewJob.setState({ job: update });
    if (!isSettled(update)) return;
    done = true;
    stop();
    if (update.resultId) void onStored(update);
  };
  const stop = watchJob(job.jobId, settle);
  void requireApi()
    .jobs.get({ jobId: job.jobId })
    .then((current) => {
      if (current) settle(current);
    });
}

/** Submits the parse as a job and follows it. The job is the main process's to keep; closing the app does not lose it. */
export async function runParseJob(documentId: string, reason: string, runId: string, onStored: (job: JobRecord) => Promise<void>): Promise<void> {
  followJob(await submitParseJob(documentId, runId), reason, onStored);
}

/** Submits an extraction of a stored parse result as a job (for long Markdown) and follows it the same way. */
export async function runExtractJob(sourceResultId: string, schema: Record<string, unknown>, runId: string, onStored: (job: JobRecord) => Promise<void>): Promise<void> {
  const { keyId } = useEngineSettings.getState();
  const job = await requireApi().jobs.create({ service: 'extract', sourceResultId, schema, runId, ...(keyId ? { keyId } : {}) });
  followJob(job, 'extraction as a job', onStored);
}
