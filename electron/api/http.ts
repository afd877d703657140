import { AppError } from '../../shared/errors.js';

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
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * One HTTP exchange on the platform fetch, with a timeout and cancellation, turning
 * transport failures into AppErrors. Retrying is the caller's policy, not this layer's.
 */
export async function httpRequest(request: HttpRequest): Promise<HttpResponse> {
  const timeoutMs = request.timeoutMs ?? 60_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
      redirect: 'error',
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
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

/** The host to name in a message; an address fetch could not even parse is named as given. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return JSON.stringify(url.slice(0, 80));
  }
}
