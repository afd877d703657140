import { AppError } from '../../shared/errors.js';
import { failedPagesOf } from '../../shared/grounding/mergePages.js';
import type { StoredResult } from '../../shared/result.js';
import type { Services } from './services.js';
import { routeCloudParse } from './parseRoute.js';
import { rerunnableOriginal } from '../runs/rerunMerge.js';

export interface RerunPagesRequest {
  runId: string;
  resultId: string;
  keyId?: string | undefined;
}

/**
 * Sends the failed pages of a partial cloud parse again (`options.pages`, a direct call or a
 * job by the same route as any parse), then stores the original with those pages replaced as
 * one new result beside it (the re-run's own answer is not stored). The original stays as it was.
 */
export async function rerunFailedPages(services: Services, request: RerunPagesRequest, signal: AbortSignal): Promise<StoredResult> {
  const original = rerunnableOriginal(await services.workspace.result(request.resultId));
  const pages = failedPagesOf(original.response);
  if (pages.length === 0) {
    throw new AppError({ code: 'no_failed_pages', message: 'This result has no failed pages to re-run.', hint: 'Nothing was sent.' });
  }
  const answer = await routeCloudParse(
    services,
    {
      runId: request.runId,
      documentId: original.documentId,
      keyId: request.keyId,
      // The same model as the pages around them; an imported answer may name none (the service default).
      ...(original.modelVersion ? { model: original.modelVersion } : {}),
      // v2.parse.options.pages-zero: failed pages are 1-indexed page numbers, never 0.
      options: { pages },
      mode: 'auto',
      // Either way (a direct call, or a job even one that completes after a restart) only the merge is stored.
      rerunOf: { resultId: original.id, pages },
    },
    signal,
  );
  return 'result' in answer ? answer.result : mergedByJob(services, answer.job.jobId, signal);
}

/**
 * Waits for the re-run's job, which stores the merge when it completes. Cancel abandons the job
 * (the v2 contract has no way to cancel one): its record says so, it leaves the running jobs,
 * and its answer, if it still comes, is not stored.
 */
async function mergedByJob(services: Services, jobId: string, signal: AbortSignal): Promise<StoredResult> {
  const cancelled = () => new AppError({ code: 'cancelled', message: 'The re-run was cancelled.' });
  const abandon = () =>
    services.jobs.poller
      .abandon(
        jobId,
        'You cancelled the re-run of failed pages that waited for this job. The service cannot be asked to stop a job, so it may still finish.',
      )
      .catch((error: unknown) => services.logger.warn('re-run job not marked abandoned', { jobId, error: String(error) }));
  if (signal.aborted) {
    await abandon();
    throw cancelled();
  }
  let abandoned: Promise<unknown> | null = null;
  const aborted = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => void (abandoned ??= abandon()).finally(() => reject(cancelled())), { once: true }),
  );
  // Heard below through signal.aborted when the wait settles first.
  aborted.catch(() => undefined);
  const record = await Promise.race([services.jobs.poller.whenSettled(jobId), aborted]);
  // The abandoned record itself settles the wait: that is the cancel, not a failed job.
  if (signal.aborted) {
    await abandoned;
    throw cancelled();
  }
  if (record.status !== 'completed' || !record.resultId) {
    throw new AppError({
      code: 'rerun_job_failed',
      message: `The re-run job ${jobId} ended ${record.status}${record.error ? `: ${record.error.message}` : record.problem ? `: ${record.problem.message}` : ''}.`,
      hint: 'The original result is unchanged. Try again, or see the job on the Jobs screen.',
    });
  }
  return services.workspace.result(record.resultId);
}
