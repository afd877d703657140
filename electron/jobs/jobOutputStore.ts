import { extractResponseSchema } from '../../shared/contracts/v2Extract.js';
import { completeParseResponse, parseResponseSchema, type WireParseResponse } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import type { JobRecord } from '../../shared/jobs.js';
import { checkJson } from '../api/responses.js';
import type { CheckedPoll } from '../api/v2Client.js';
import type { Logger } from '../core/log.js';
import { KEPT_UNREAD_HINT } from '../runs/keptUnread.js';
import { mergedRerunResult } from '../runs/rerunMerge.js';
import { summarizeResult } from '../runs/resultSummary.js';
import { schemaKey } from '../rules/rules.js';
import type { Workspace } from '../workspace/workspace.js';
import { resultIdForJob } from './jobRecords.js';
import { fetchOutput } from './outputUrl.js';

export interface JobOutputStoreDeps {
  workspace: Workspace;
  logger: Logger;
  /** Aborted when job tracking stops: an output being fetched is dropped. */
  signal: AbortSignal;
  /** Whether the user abandoned the job: its output is never stored (see JobPoller.abandon). */
  isAbandoned: (jobId: string) => boolean;
}

/**
 * Stores a completed job's output in the workspace: the poll's inline result or the one at
 * its output_url (fetched under the response cap), checked, merged into the original for a
 * re-run, and saved under an id derived from the job id, so it lands exactly once even if the
 * app dies between saving the result and updating the record. A result this version cannot
 * read is kept in quarantine/ instead.
 */
export class JobOutputStore {
  constructor(private readonly deps: JobOutputStoreDeps) {}

  /** Stores a completed job's output once; a second call finds the result already there. */
  async store(
    record: JobRecord,
    poll: CheckedPoll<unknown>,
    keyAddress: string,
  ): Promise<Pick<JobRecord, 'resultId' | 'credits' | 'pageCount'>> {
    const resultId = resultIdForJob(record.jobId);
    const existing = await this.deps.workspace.resultInfo(resultId);
    // A re-run's stored merge counts the original's credits too: the job's own are what its record says, if anything.
    if (existing) return { resultId, credits: record.request.rerunOf ? record.credits : existing.credits, pageCount: existing.pageCount };
    this.notAbandoned(record);
    // Checked before the output is fetched: a deleted document would fail every poll's save.
    if (!(await this.deps.workspace.hasDocument(record.documentId))) {
      throw new AppError({
        code: 'document_trashed',
        message: `Job ${record.jobId} completed, but its document was deleted meanwhile, so its result was not stored.`,
        hint: 'Restore the document from the library\'s trash, then press "Check again" on the Jobs screen: the job\'s result is fetched again.',
      });
    }

    const response = poll.result ?? (poll.output_url ? await fetchOutput(poll.output_url, { keyAddress, signal: this.deps.signal }) : null);
    if (response === null || response === undefined) {
      throw new AppError({
        code: 'no_output',
        message: `Job ${record.jobId} completed without a result or output_url.`,
        hint: "The service did not deliver this job's output; retry it as a new job from the Jobs screen.",
      });
    }
    // A result inside the poll was checked as the poll was read (half a second for a 1,000-page result, blocking every job of a batch); one from output_url is checked here.
    const unreadable = poll.result !== null ? poll.unreadable : unreadableResult(record.service, response);
    if (unreadable !== undefined) throw await this.keptUnread(record, response, unreadable);
    const stored =
      record.service === 'parse' ? await this.saveParse(record, resultId, response) : await this.saveExtract(record, resultId, response);
    this.deps.logger.info('job result stored', { jobId: record.jobId, resultId });
    // A re-run's merge adds the original's credits to its own: the job cost only what its answer says.
    const credits = record.request.rerunOf ? summarizeResult('parse', response).credits : stored.credits;
    return { resultId, credits, pageCount: stored.pageCount };
  }

  /** Checked again just before a result is saved: a cancel may come while the output is fetched or merged. */
  private notAbandoned(record: JobRecord): void {
    if (this.deps.isAbandoned(record.jobId)) throw new JobAbandoned();
  }

  /**
   * A completed job's result this version cannot read (v2.answers.kept-unread): the service billed it, so it is kept as
   * it arrived (quarantine/, under the job's result id) and the job stops with a problem saying
   * where; the Jobs screen shows it and reads it again.
   */
  private async keptUnread(record: JobRecord, response: unknown, reason: string): Promise<AppError> {
    this.notAbandoned(record);
    const text = serialisable(response);
    if (text === null) {
      // Nested past what a stack can write back out: it stays on the service (and at its output_url) to be fetched again.
      return new AppError({
        code: RESULT_UNREADABLE,
        message: `Job ${record.jobId} completed, but its result cannot be read (${reason}) nor kept here: it is nested too deeply to write back out.`,
        hint: 'The result stays on the service. Press "Check again" on the Jobs screen after an update of Groundwork that reads it.',
      });
    }
    const kept = await this.deps.workspace.quarantine.keep({
      id: resultIdForJob(record.jobId),
      documentId: record.documentId,
      kind: record.service,
      jobId: record.jobId,
      ...(record.request.sourceResultId ? { sourceResultId: record.request.sourceResultId } : {}),
      reason,
      text,
    });
    this.deps.logger.warn('job result kept unread', { jobId: record.jobId, quarantineId: kept.id });
    return new AppError({
      code: RESULT_UNREADABLE,
      message: `Job ${record.jobId} completed, but this version of Groundwork cannot read its result: ${reason} The answer is kept as it arrived.`,
      hint: KEPT_UNREAD_HINT,
    });
  }

  private async saveParse(record: JobRecord, resultId: string, checked: unknown) {
    const response = completeParseResponse(checked as WireParseResponse);
    // An encrypted document is only ever sent as a decrypted copy (see documentForUpload).
    const document = await this.deps.workspace.documentInfo(record.documentId);
    const rerunOf = record.request.rerunOf;
    if (rerunOf) {
      const merged = await mergedRerunResult(this.deps.workspace, rerunOf, response, {
        jobId: record.jobId,
        decryptedCopy: document.encrypted === true,
      }).catch((error: unknown) => {
        // The original gone (trashed): not permanent, it can be restored and the job's answer fetched again.
        if (error instanceof AppError && error.code === 'result_not_found') {
          throw new AppError({
            code: 'result_not_found',
            message: `Re-run job ${record.jobId} completed, but result ${rerunOf.resultId}, whose pages it re-ran, is not in the workspace any more.`,
            hint: 'Restore that result from the library\'s trash, then press "Check again" on the Jobs screen: the job\'s answer is merged into it then.',
          });
        }
        throw new AppError({
          code: 'rerun_not_merged',
          message: `Re-run job ${record.jobId} completed, but its pages could not be merged into result ${rerunOf.resultId}: ${error instanceof Error ? error.message : String(error)}`,
          hint: 'The original result is unchanged. Re-run its failed pages again from the result.',
        });
      });
      this.notAbandoned(record);
      return this.deps.workspace.saveResult({ ...merged, id: resultId });
    }
    this.notAbandoned(record);
    return this.deps.workspace.saveResult({
      id: resultId,
      documentId: record.documentId,
      kind: 'parse',
      engine: 'parse',
      ...summarizeResult('parse', response),
      ...(document.encrypted ? { decryptedCopy: true } : {}),
      response,
    });
  }

  private async saveExtract(record: JobRecord, resultId: string, response: unknown) {
    const source = record.request.sourceResultId ? await this.deps.workspace.result(record.request.sourceResultId).catch(() => null) : null;
    this.notAbandoned(record);
    return this.deps.workspace.saveResult({
      id: resultId,
      documentId: record.documentId,
      kind: 'extract',
      engine: 'extract',
      ...summarizeResult('extract', response, { pageCount: source?.pageCount ?? null }),
      ...(record.request.sourceResultId ? { sourceResultId: record.request.sourceResultId } : {}),
      ...(record.request.schema ? { schemaKey: schemaKey(record.request.schema) } : {}),
      response,
    });
  }
}

/** The problem code of a completed job whose result was kept unread (quarantine/). */
export const RESULT_UNREADABLE = 'result_unreadable';

/** Thrown where a poll would go on with a job the user abandoned meanwhile. */
export class JobAbandoned extends Error {}

/** The answer as JSON text, or null when it is nested too deeply for JSON.stringify's stack. */
function serialisable(value: unknown): string | null {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Why a result from an output_url cannot be read, or undefined when it can. */
function unreadableResult(service: JobRecord['service'], response: unknown): string | undefined {
  try {
    if (service === 'parse') checkJson(response, parseResponseSchema, 'parse job result');
    else checkJson(response, extractResponseSchema, 'extract job result');
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}
