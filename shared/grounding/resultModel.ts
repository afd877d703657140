/**
 * What the review screen builds from a stored result: the grounding model of a v2 parse or
 * older analyzer response, and the fields of an extraction. Pure, so the same code the
 * renderer runs is what the fuzz tests feed malformed results to.
 */
import { analyzerResponseSchema } from '../contracts/analyzer.js';
import { checkShape } from '../contracts/checkShape.js';
import { looksLikeParseResponse } from '../contracts/v2Parse.js';
import { AppError } from '../errors.js';
import type { StoredResult } from '../result.js';
import { analyzerAsParse } from './analyzerAsParse.js';
import { extractNotices, flattenFields, noticesByField, type ExtractNotice, type FieldEntry } from './fields.js';
import { buildParseModel, foreignRangeUnits, type ParseModel } from './parseModel.js';

/** The grounding model of a parse or analyzer result; a shape we cannot read is an error, not a crash. */
export function modelOfResult(result: Pick<StoredResult, 'kind' | 'response'>): ParseModel {
  if (result.kind === 'analyzer') {
    const analyzed = checkShape(analyzerResponseSchema, result.response);
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

/** The Fields panel is a plain list: past this many values the rest are counted, not listed (the export has them all). */
export const MAX_LISTED_FIELDS = 5_000;

/** An extraction as the Fields panel shows it: its fields (flagged where questionable), notices placed by field, and notes. */
export interface ExtractionView {
  fields: FieldEntry[];
  /** True when the extraction has more values than MAX_LISTED_FIELDS; the first ones are listed. */
  truncated: boolean;
  noticesByPath: Map<string, ExtractNotice[]>;
  /** Notices that name no listed field. */
  generalNotices: ExtractNotice[];
  /** The offline heuristic's note about itself. */
  note: string | null;
  /** The older analyzer's reason for failing to extract. */
  extractionError: string | null;
}

export const EMPTY_EXTRACTION_VIEW: ExtractionView = {
  fields: [],
  truncated: false,
  noticesByPath: new Map(),
  generalNotices: [],
  note: null,
  extractionError: null,
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The view of an extraction: a v2 extract response, or an analyzer response carrying
 * extracted_schema. `model` is the result whose Markdown the ranges point into; a range
 * outside it is flagged on its field.
 */
export function extractionView(extraction: Pick<StoredResult, 'kind' | 'response'> | null, model: ParseModel | null): ExtractionView {
  if (!extraction) return EMPTY_EXTRACTION_VIEW;
  const response = isRecord(extraction.response) ? extraction.response : {};
  const analyzer = extraction.kind === 'analyzer';
  // The older analyzer returns its fields with the document: extracted_schema + extraction_metadata.
  const data = analyzer && isRecord(response.data) ? response.data : {};
  const [values, metadata] = analyzer
    ? [data.extracted_schema, data.extraction_metadata]
    : [response.extraction, response.extraction_metadata];
  const fields = analyzer && values === undefined ? [] : flattenFields(values, metadata, MAX_LISTED_FIELDS + 1);
  const truncated = fields.length > MAX_LISTED_FIELDS;
  if (truncated) fields.length = MAX_LISTED_FIELDS;
  const units = analyzer ? null : foreignRangeUnits(response.metadata);
  if (units !== null) dropForeignRanges(fields);
  else if (model) flagRangesOutside(fields, model.index.codePointLength);
  const notices = analyzer ? [] : extractNotices(response);
  if (units !== null) notices.unshift(foreignUnitsNotice(units));
  const { byPath, general } = noticesByField(fields, notices);
  return {
    fields,
    truncated,
    noticesByPath: byPath,
    generalNotices: general,
    note: typeof response.note === 'string' ? response.note : null,
    extractionError:
      analyzer && typeof response.extraction_error === 'string' && response.extraction_error ? response.extraction_error : null,
  };
}

/** The values are kept and listed; ranges counted in another unit would light the wrong text, so none are used. */
function dropForeignRanges(fields: FieldEntry[]): void {
  for (const field of fields) {
    if (field.ranges.length === 0) continue;
    field.ranges = [];
    field.flags = [...(field.flags ?? []), 'range_units_unknown'];
  }
}

export function foreignUnitsNotice(units: string): ExtractNotice {
  return {
    code: 'range_units',
    message: `This result counts its ranges in "${units.slice(0, 80)}", not Unicode code points: the values are shown, but not linked to the Markdown or the page.`,
  };
}

function flagRangesOutside(fields: FieldEntry[], length: number): void {
  for (const field of fields) {
    if (field.ranges.some((r) => r.start < 0 || r.start > r.end || r.end > length))
      field.flags = [...(field.flags ?? []), 'range_out_of_bounds'];
  }
}
