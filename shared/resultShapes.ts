/**
 * Recognises a result file by its shape: a v2 parse response, a v2 extract response, a
 * job poll envelope carrying either in `result`, or an older analyzer response. Anything
 * else is named for what it lacks, so an import never guesses.
 */
import { analyzerResponseSchema } from './contracts/analyzer.js';
import { checkShape } from './contracts/checkShape.js';
import { extractResponseSchema } from './contracts/v2Extract.js';
import { completeParseResponse, parseResponseSchema, type WireParseResponse } from './contracts/v2Parse.js';
import type { ResultKind } from './result.js';

export type RecognisedResult = { kind: ResultKind; response: unknown; fromJob: boolean };

export const EXPECTED_SHAPES =
  'a v2 parse response {markdown, metadata, structure}, a v2 extract response {extraction, extraction_metadata, metadata}, ' +
  'a job poll envelope {status, result: …}, or an older analyzer response {data: {markdown, chunks}}';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type JobEnvelope = { status: string; result?: unknown; output_url?: unknown };

/** A job poll's answer, which carries its result (or where it went) rather than being one. */
function isJobEnvelope(value: unknown): value is JobEnvelope {
  const envelope = value as Partial<JobEnvelope> | null;
  return (
    !!envelope && typeof envelope === 'object' && typeof envelope.status === 'string' && ('result' in envelope || 'output_url' in envelope)
  );
}

export function recogniseResult(value: unknown): RecognisedResult | { error: string } {
  if (isJobEnvelope(value)) {
    if (value.result === undefined || value.result === null) {
      const status = value.status.length > 40 ? `${value.status.slice(0, 40)}…` : value.status;
      return {
        error: `This is a job envelope (status "${status}") without a result${value.output_url ? '; its result was delivered to output_url' : ''}.`,
      };
    }
    const inner = recogniseResult(value.result);
    return 'error' in inner ? inner : { ...inner, fromJob: true };
  }
  if (checkShape(extractResponseSchema, value).success) return { kind: 'extract', response: value, fromJob: false };
  if (checkShape(analyzerResponseSchema, value).success) return { kind: 'analyzer', response: value, fromJob: false };
  // Last, as an extraction carries markdown and metadata too. The SDK lets a parse answer's markdown and structure be
  // null or absent; a file is taken for one only when it names one of them (null included): `metadata` alone is what
  // any answer carries.
  if (isRecord(value) && ('markdown' in value || 'structure' in value) && checkShape(parseResponseSchema, value).success)
    return { kind: 'parse', response: completeParseResponse(value as WireParseResponse), fromJob: false };
  return { error: `This JSON is not a result Groundwork knows. Expected ${EXPECTED_SHAPES}.` };
}

/**
 * Whether `value` would be recognised as an extraction, checked against the extract shape
 * alone: a big parse result fails that at its top level instead of being walked whole.
 */
export function isExtractResult(value: unknown): boolean {
  const inner = isJobEnvelope(value) ? value.result : value;
  return checkShape(extractResponseSchema, inner).success;
}
