import { parseResponseSchema } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import type { StoredResult } from '../../shared/workspace.js';
import { extractLocally } from '../engine/localExtract.js';
import type { Workspace } from '../workspace/workspace.js';

/** Runs the local field extractor on a stored parse result's Markdown and stores the extraction beside it. */
export async function runLocalExtract(workspace: Workspace, request: { resultId: string; schema: Record<string, unknown> }): Promise<StoredResult> {
  const source = await workspace.result(request.resultId);
  const parsed = parseResponseSchema.safeParse(source.response);
  if (source.kind !== 'parse' || !parsed.success) {
    throw new AppError({ code: 'not_a_parse_result', message: 'Extraction runs on a parse result.', hint: 'Parse the document first, then extract.' });
  }
  const response = extractLocally(parsed.data.markdown, request.schema);
  return workspace.saveResult({
    documentId: source.documentId,
    kind: 'extract',
    engine: 'local',
    modelVersion: response.metadata.model_version,
    pageCount: source.pageCount,
    credits: 0,
    partial: response.warnings.length > 0,
    sourceResultId: source.id,
    response,
  });
}
