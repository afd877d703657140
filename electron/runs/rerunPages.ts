import { looksLikeParseResponse, type ParseResponse } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import { failedPagesOf, mergeRerunPages } from '../../shared/grounding/mergePages.js';
import type { StoredResult } from '../../shared/workspace.js';
import type { Services } from '../services.js';
import { routeCloudParse } from './parseRoute.js';
import { summarizeResult } from './resultSummary.js';

export interface RerunPagesRequest {
  runId: string;
  resultId: string;
  keyId?: string | undefined;
}

/**
 * Sends the failed pages of a partial cloud parse again (`options.pages`, a direct call or a
 * job by the same route as any parse), then stores the original with those pages replaced as
 * a new result beside it. The original and the re-run's own answer stay as they were.
 */
export async function rerunFailedPages(services: Services, request: RerunPagesRequest, signal: AbortSignal): Promise<StoredResult> {
  const original = await services.workspace.result(request.resultId);
  if (
    original.kind !== 'parse' ||
    (original.engine !== 'parse' && original.engine !== 'import') ||
    !looksLikeParseResponse(original.response)
  ) {
    throw new AppError({
      code: 'rerun_not_cloud_parse',
      message: 'Only a cloud parse (v2) result can have its failed pages re-run.',
      hint: 'Run the cloud parser on the document instead.',
    });
  }
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
    },
    signal,
  );
  const rerun = 'result' in answer ? answer.result : await jobResult(services, answer.job.jobId, signal);
  if (!looksLikeParseResponse(rerun.response))
    throw new AppError({ code: 'unreadable_result', message: 'The re-run answer is not a parse result.' });
  const merged = mergeRerunPages(original.response, rerun.response as ParseResponse, pages);
  return services.workspace.saveResult({
    documentId: original.documentId,
    kind: 'parse',
    engine: 'parse',
    ...summarizeResult('parse', merged.response),
    rerun: { resultId: original.id, answerId: rerun.id, pages },
    ...(original.decryptedCopy || rerun.decryptedCopy ? { decryptedCopy: true } : {}),
    response: merged.response,
  });
}

/** Waits for the re-run's job and reads its stored answer; Cancel stops waiting (the job itself runs on, listed on the Jobs screen). */
async function jobResult(services: Services, jobId: string, signal: AbortSignal): Promise<StoredResult> {
  signal.throwIfAborted();
  const aborted = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new AppError({ code: 'cancelled', message: 'The re-run was cancelled.' })), {
      once: true,
    }),
  );
  const record = await Promise.race([services.jobs.tracker.whenSettled(jobId), aborted]);
  if (record.status !== 'completed' || !record.resultId) {
    throw new AppError({
      code: 'rerun_job_failed',
      message: `The re-run job ${jobId} ended ${record.status}${record.error ? `: ${record.error.message}` : ''}.`,
      hint: 'The original result is unchanged. Try again, or see the job on the Jobs screen.',
    });
  }
  return services.workspace.result(record.resultId);
}
