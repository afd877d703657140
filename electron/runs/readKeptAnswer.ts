import { AppError } from '../../shared/errors.js';
import type { QuarantinedAnswer } from '../../shared/quarantine.js';
import type { ResultInfo } from '../../shared/result.js';
import type { Workspace } from '../workspace/workspace.js';
import { importResult } from './importResult.js';

/** Told when a job's kept result has become a result, so its record says where it is. */
export type OnJobResult = (jobId: string, result: ResultInfo) => Promise<unknown>;

/**
 * Reads a kept answer (quarantine/) again with this version's readers: one that reads now is
 * stored as the run it came from would have stored it (a job's under the job's result id),
 * and the entry remembers the result. One that still cannot be read is refused as an import
 * is, and stays kept.
 */
export async function readKeptAnswer(workspace: Workspace, id: string, onJobResult: OnJobResult): Promise<QuarantinedAnswer> {
  const entry = await workspace.quarantine.entry(id);
  if (entry.resultId && (await workspace.resultInfo(entry.resultId))) return entry;
  const stored = await importResult(workspace, {
    documentId: entry.documentId,
    fileName: 'The kept answer',
    text: await workspace.quarantine.text(id),
    sourceResultId: entry.sourceResultId,
    storeAs: { engine: entry.kind, ...(entry.jobId ? { id: entry.id } : {}) },
  }).catch((error: unknown) => {
    throw stillUnreadable(error);
  });
  const { response: _response, ...info } = stored;
  if (entry.jobId) await onJobResult(entry.jobId, info);
  return workspace.quarantine.markRead(id, stored.id);
}

/** An import's refusal said of a kept answer: the same code and reason, and what the user can do about it (not "check the file"). */
function stillUnreadable(error: unknown): unknown {
  if (!(error instanceof AppError) || !['unknown_result_shape', 'invalid_result_file'].includes(error.code)) return error;
  return new AppError({
    code: error.code,
    message: error.message,
    hint: 'Read it again after an update of Groundwork.',
  });
}
