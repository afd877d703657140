/**
 * What the review screen builds from a stored result: the grounding model of a v2 parse or
 * older analyzer response, and the fields of an extraction. Pure, so the same code the
 * renderer runs is what the fuzz tests feed malformed results to.
 */
import { analyzerResponseSchema } from '../contracts/analyzer.js';
import { looksLikeParseResponse } from '../contracts/v2Parse.js';
import { AppError } from '../errors.js';
import type { StoredResult } from '../workspace.js';
import { analyzerAsParse } from './analyzerAsParse.js';
import { flattenFields, type FieldEntry } from './fields.js';
import { buildParseModel, type ParseModel } from './parseModel.js';

/** The grounding model of a parse or analyzer result; a shape we cannot read is an error, not a crash. */
export function modelOfResult(result: Pick<StoredResult, 'kind' | 'response'>): ParseModel {
  if (result.kind === 'analyzer') {
    const analyzed = analyzerResponseSchema.safeParse(result.response);
    if (analyzed.success) return buildParseModel(analyzerAsParse(analyzed.data));
  } else if (looksLikeParseResponse(result.response)) {
    // No full schema pass over 60,000 nodes here: the model builder checks and flags each node it reads.
    return buildParseModel(result.response);
  }
  throw new AppError({
    code: 'unreadable_result',
    message:
      result.kind === 'analyzer'
        ? 'This result is not an analyzer response (it needs data.markdown and data.chunks).'
        : 'This result is not a v2 parse response (it needs markdown, metadata and structure).',
    hint: 'Open another result, or run the engine again.',
  });
}

/** The fields of an extraction: a v2 extract response, or an analyzer response that carries extracted_schema. */
export function fieldsOfResult(extraction: Pick<StoredResult, 'kind' | 'response'> | null): FieldEntry[] {
  if (extraction?.kind === 'analyzer') {
    // The older analyzer returns its fields with the document: extracted_schema + extraction_metadata.
    const data = (extraction.response as { data?: { extracted_schema?: unknown; extraction_metadata?: unknown } }).data ?? {};
    return data.extracted_schema !== undefined ? flattenFields(data.extracted_schema, data.extraction_metadata) : [];
  }
  if (!extraction) return [];
  const response = extraction.response as { extraction?: unknown; extraction_metadata?: unknown };
  return flattenFields(response.extraction, response.extraction_metadata);
}
