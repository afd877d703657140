import { looksLikeParseResponse, type ParseResponse } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import { mergeRerunPages } from '../../shared/grounding/mergePages.js';
import type { RerunRequest } from '../../shared/jobs.js';
import type { StoredResult } from '../../shared/result.js';
import type { Workspace } from '../workspace/workspace.js';
import { summarizeResult } from './resultSummary.js';

/** The result whose failed pages may be re-run: a cloud parse (v2) result; any other is refused `rerun_not_cloud_parse`. */
export function rerunnableOriginal(original: StoredResult): StoredResult & { response: ParseResponse } {
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
  return original as StoredResult & { response: ParseResponse };
}

/**
 * What is stored for a re-run of failed pages: the original with those pages replaced by the
 * re-run's answer, as one new result. The re-run's own answer is not stored (nor kept inside the
 * merge): the merge holds its pages, and the job that answered, if any, is named by its id.
 * Used by the direct call and by the JobOutputStore, so a re-run job that completes after a restart
 * is merged the same way.
 */
export async function mergedRerunResult(
  workspace: Workspace,
  rerunOf: RerunRequest,
  answer: unknown,
  via: { jobId?: string; decryptedCopy?: boolean } = {},
): Promise<Omit<StoredResult, 'id' | 'createdAt'>> {
  const original = rerunnableOriginal(await workspace.result(rerunOf.resultId));
  if (!looksLikeParseResponse(answer)) {
    throw new AppError({
      code: 'unreadable_result',
      message: 'The re-run answer is not a parse result.',
      hint: 'The original result is unchanged. Re-run its failed pages again from the result.',
    });
  }
  const merged = mergeRerunPages(original.response, answer as ParseResponse, rerunOf.pages);
  return {
    documentId: original.documentId,
    kind: 'parse',
    engine: 'parse',
    ...summarizeResult('parse', merged.response),
    rerun: { resultId: original.id, pages: rerunOf.pages, ...(via.jobId ? { jobId: via.jobId } : {}) },
    ...(original.decryptedCopy || via.decryptedCopy ? { decryptedCopy: true } : {}),
    response: merged.response,
  };
}
