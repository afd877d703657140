import { completeParseResponse, parseResponseSchema } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import type { StoredResult } from '../../shared/result.js';
import type { Workspace } from '../workspace/workspace.js';

/** The Markdown an extraction reads (direct or as a job): that of a stored parse result, else `not_a_parse_result`. */
export async function extractSource(workspace: Workspace, resultId: string): Promise<{ source: StoredResult; markdown: string }> {
  const source = await workspace.result(resultId);
  const parsed = parseResponseSchema.safeParse(source.response);
  if (source.kind !== 'parse' || !parsed.success) {
    throw new AppError({
      code: 'not_a_parse_result',
      message: 'Extraction runs on a parse result.',
      hint: 'Parse the document first, then extract.',
    });
  }
  return { source, markdown: completeParseResponse(parsed.data).markdown };
}
