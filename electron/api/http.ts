import { AppError } from '../../shared/errors.js';
import { hostOf, readCappedText } from './cappedBody.js';
import { networkLimits } from './networkLimits.js';

/**
 * Transport failures where the server dropped the connection before answering. They are
 * told apart from unreachable hosts because the retry policy retries only these.
 */
const CONNECTION_RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  /** Gives up after this long; default 60 s. */
  timeoutMs?: number;
  /** The most of the body that is read; default the `network.maxResponseMb` setting. */
  maxResponseBytes?: number;
  /** 'error' (default): a redirect fails. 'manual': a 3xx is answered as it is, for the caller to judge its target. */
  redirect?: 'error' | 'manual';
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * One HTTP exchange on the platform fetch, with a timeout and cancellation, turning
 * transport failures into AppErrors. The body is read through the capped reader, never
 * whole. Retrying is the caller's policy, not this layer's.
 */
export async function httpRequest(request: HttpRequest): Promise<HttpResponse> {
  const timeoutMs = request.timeoutMs ?? 60_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const capped = new AbortController();
  const signal = AbortSignal.any(request.signal ? [request.signal, timeout, capped.signal] : [timeout, capped.signal]);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers ?? {},
      body: request.body ?? null,
      signal,
      redirect: request.redirect ?? 'error',
    });
    const maxBytes = request.maxResponseBytes ?? networkLimits().maxResponseBytes;
    const text = await readCappedText(response, { url: request.url, maxBytes, abort: () => capped.abort() });
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (error instanceof AppError) throw error; // the cap, already in the user's words
    if (request.signal?.aborted) {
      throw new AppError({ code: 'cancelled', message: 'The request was cancelled.' });
    }
    if (timeout.aborted) {
      throw new AppError({
        code: 'timeout',
        message: `The service did not answer within ${Math.round(timeoutMs / 1000)} s.`,
        hint: 'Check your connection and the service address, then try again.',
      });
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if (cause !== undefined && CONNECTION_RESET_CODES.has(cause)) {
      throw new AppError({
        code: 'connection_reset',
        message: `The connection to ${hostOf(request.url)} was closed before an answer arrived (${cause}).`,
        hint: 'This is usually temporary; try again in a moment.',
      });
    }
    throw new AppError({
      code: 'network_error',
      message: `Could not reach ${hostOf(request.url)}${cause ? ` (${cause})` : ''}.`,
      hint: 'Check your connection and the service address on the Keys screen.',
    });
  }
}
