import { isPartialExtract } from '../../shared/contracts/v2Extract.js';
import type { ResultInfo, ResultKind } from '../../shared/result.js';

export type ResultSummary = Pick<ResultInfo, 'modelVersion' | 'pageCount' | 'credits' | 'partial'>;

interface Known {
  /** Pages counted here when the response does not say (an extraction's source, the analyzer's document). */
  pageCount?: number | null;
  /** Credits when the response does not say: the offline engine's are 0. */
  credits?: number | null;
  /** The call itself said partial (HTTP 206, per-page errors). */
  partial?: boolean;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

/**
 * What a stored result says about itself — model, pages, credits, partial — read one way for
 * every kind and every path (a run, a job, an import), so the library and the status bar
 * never disagree about the same result.
 */
export function summarizeResult(kind: ResultKind, response: unknown, known: Known = {}): ResultSummary {
  const body = record(response);
  const metadata = record(body.metadata);
  const billing = record(metadata.billing);
  const pageCount = typeof metadata.page_count === 'number' ? metadata.page_count : (known.pageCount ?? null);
  const credits = typeof billing.total_credits === 'number' ? billing.total_credits : (known.credits ?? null);
  const partial =
    known.partial === true ||
    count(metadata.failed_pages) > 0 ||
    (kind === 'extract' && isPartialExtract(body)) ||
    (kind === 'analyzer' && (count(body.errors) > 0 || text(body.extraction_error) !== null));
  return { modelVersion: text(metadata.version) ?? text(metadata.model_version), pageCount, credits, partial };
}
