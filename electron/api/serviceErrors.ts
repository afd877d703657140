import { AppError } from '../../shared/errors.js';
import { v1MessageErrorSchema, v1ValidationErrorSchema, type V1ValidationItem } from '../../shared/contracts/v1Datasets.js';
import { v2ErrorSchema } from '../../shared/contracts/v2Errors.js';
import type { HttpResponse } from './http.js';
import type { RetriedResponse } from './retry.js';

/**
 * The one mapper from a non-2xx service answer to an AppError, for all three services:
 * - v2 `{code, message}` keeps the service's code and message;
 * - v1 `{detail: [{loc, msg, type}]}` becomes field-level messages keyed by the `loc`
 *   path without its leading `body` (`["body","name"]` → `name`, `["query","timeout"]`
 *   → `query.timeout`);
 * - `{detail: "text"}` and anything else fall back to a message chosen by status.
 * The HTTP status is always kept.
 */
export function errorFromResponse(response: HttpResponse | RetriedResponse): AppError {
  const body = parseJson(response.text);
  const status = response.status;
  const hint = hintFor(response);

  const v2 = v2ErrorSchema.safeParse(body);
  if (v2.success) {
    // Either may be null (the SDK's JobError): the status says what the service left out.
    const fallback = defaultFor(status);
    return new AppError({
      code: v2.data.code || fallback.code,
      message: v2.data.message || fallback.message,
      status,
      ...(hint ? { hint } : {}),
    });
  }

  const v1 = v1ValidationErrorSchema.safeParse(body);
  if (v1.success) {
    const fields = fieldsFromDetail(v1.data.detail);
    const summary = Object.entries(fields)
      .map(([field, msg]) => `${field}: ${msg}`)
      .join('; ');
    return new AppError({
      code: 'validation_error',
      message: summary ? `The service refused the request: ${summary}.` : 'The service refused the request.',
      hint: hint ?? 'Correct the highlighted fields and try again.',
      status,
      fields,
    });
  }

  const detail = v1MessageErrorSchema.safeParse(body);
  const fallback = defaultFor(status);
  return new AppError({
    code: fallback.code,
    message: detail.success ? detail.data.detail : fallback.message,
    status,
    ...(hint ? { hint } : {}),
  });
}

export function fieldsFromDetail(detail: V1ValidationItem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of detail) {
    const path = item.loc[0] === 'body' ? item.loc.slice(1) : item.loc;
    const key = path.length > 0 ? path.join('.') : 'body';
    fields[key] = fields[key] ? `${fields[key]}; ${item.msg}` : item.msg;
  }
  return fields;
}

function defaultFor(status: number): { code: string; message: string } {
  if (status === 401 || status === 403) return { code: 'invalid_api_key', message: 'The service refused the API key.' };
  if (status === 404) return { code: 'not_found', message: 'The service has no such resource.' };
  if (status === 422 || status === 400) return { code: 'validation_error', message: 'The service refused the request as invalid.' };
  if (status === 429) return { code: 'rate_limit_exceeded', message: 'The service is rate-limiting requests.' };
  if (status === 503) return { code: 'service_unavailable', message: 'The service is temporarily unavailable.' };
  if (status >= 500) return { code: 'service_error', message: `The service failed (HTTP ${status}).` };
  return { code: 'unexpected_status', message: `The service answered HTTP ${status}.` };
}

function hintFor(response: HttpResponse | RetriedResponse): string | undefined {
  const attempts = 'attempts' in response && response.attempts > 1 ? ` after ${response.attempts} attempts` : '';
  const { status } = response;
  if (status === 401 || status === 403) return 'Check the key on the Keys screen: is it active, complete and meant for this service?';
  if (status === 404) return 'Check the id, and that the key is the one the item was created with.';
  if (status === 429) {
    const after = response.headers.get('retry-after');
    return `Still rate-limited${attempts}. Wait${after ? ` at least ${after} s` : ' a minute'} and try again.`;
  }
  if (status === 503 || status >= 500) return `The service had a problem${attempts}. Try again later.`;
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
