import { assertKeyDestination } from './keyDestinations.js';
import type { HttpRequest } from './http.js';
import { requestWithRetry, type RetriedResponse, type RetryOptions } from './retry.js';
import { errorFromResponse } from './serviceErrors.js';

/** Per-call controls every client method takes. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Per attempt; default 60 s (the HTTP layer's). */
  timeoutMs?: number;
}

/** What each client is built from: where the service is, how to authenticate, how to retry. */
export interface ServiceEndpoint {
  /** Base address without a trailing path, e.g. `https://api.ade.landing.ai`. */
  address: string;
  headers: Record<string, string>;
  /** The origins these headers may be sent to; any other URL is refused before sending. */
  allowedOrigins: readonly string[];
  retry?: RetryOptions;
  /** Default per-attempt timeout for this client. */
  timeoutMs?: number;
}

export interface ServiceRequest {
  method: HttpRequest['method'];
  /** A path under the address (`/v2/parse`), or an absolute URL (v1 inference endpoints). */
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/**
 * Sends one request through the retry policy and returns the 2xx answer; anything else
 * becomes an AppError through the shared mapper. The one path every client call takes.
 */
export async function callService(endpoint: ServiceEndpoint, request: ServiceRequest, options: CallOptions = {}): Promise<RetriedResponse> {
  const url = buildUrl(endpoint.address, request.path, request.query);
  assertKeyDestination(url, endpoint.allowedOrigins);
  const timeoutMs = options.timeoutMs ?? endpoint.timeoutMs;
  const response = await requestWithRetry(
    {
      method: request.method,
      url,
      headers: { Accept: 'application/json', ...endpoint.headers, ...request.headers },
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    },
    endpoint.retry,
  );
  if (response.status < 200 || response.status >= 300) throw errorFromResponse(response);
  return response;
}

export function buildUrl(address: string, path: string, query: ServiceRequest['query'] = {}): string {
  const base = /^https?:\/\//i.test(path) ? path : `${address.replace(/\/+$/, '')}${path}`;
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/** A JSON request body with its content type. */
export function jsonBody(value: unknown): Pick<ServiceRequest, 'body' | 'headers'> {
  return { body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } };
}
