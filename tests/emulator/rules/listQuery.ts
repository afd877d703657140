import type { JobStatus } from '../../../shared/contracts/v2Jobs.js';

/** The query of `GET /v2/{parse,extract}/jobs`: page ≥ 0 (default 0), pageSize 1–100 (default 10), status. */
export const LIST_LIMITS = { pageMin: 0, pageSizeMin: 1, pageSizeMax: 100, pageSizeDefault: 10 };
export const STATUSES: readonly JobStatus[] = ['pending', 'processing', 'completed', 'failed'];

export interface ListQuery {
  page: number;
  pageSize: number;
  status: JobStatus | undefined;
}

export type ListQueryVerdict = { ok: true; query: ListQuery } | { ok: false; message: string };

export function readListQuery(query: URLSearchParams): ListQueryVerdict {
  const integer = (name: string, fallback: number): number | string => {
    const raw = query.get(name);
    if (raw === null || raw === '') return fallback;
    return /^[+-]?\d+$/.test(raw.trim()) ? Number(raw) : `${name} must be an integer; got "${raw}".`;
  };
  const page = integer('page', LIST_LIMITS.pageMin);
  if (typeof page === 'string') return { ok: false, message: page };
  const pageSize = integer('pageSize', LIST_LIMITS.pageSizeDefault);
  if (typeof pageSize === 'string') return { ok: false, message: pageSize };
  if (page < LIST_LIMITS.pageMin) return { ok: false, message: `page must be ${LIST_LIMITS.pageMin} or more; got ${page}.` };
  if (pageSize < LIST_LIMITS.pageSizeMin || pageSize > LIST_LIMITS.pageSizeMax) {
    return { ok: false, message: `pageSize must be from ${LIST_LIMITS.pageSizeMin} to ${LIST_LIMITS.pageSizeMax}; got ${pageSize}.` };
  }
  const raw = query.get('status');
  // "string or null": an empty value or the word null means no filter.
  if (raw === null || raw === '' || raw === 'null') return { ok: true, query: { page, pageSize, status: undefined } };
  const status = STATUSES.find((s) => s === raw);
  if (!status) return { ok: false, message: `status must be one of ${STATUSES.join(', ')}; got "${raw}".` };
  return { ok: true, query: { page, pageSize, status } };
}
