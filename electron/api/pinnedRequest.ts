import { request as plainRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as tlsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import { AppError } from '../../shared/errors.js';

/**
 * One GET on node:http/https whose host name is resolved once, by `resolve`, inside the
 * connection: the addresses `resolve` answers (after checking them) are the ones connected
 * to, so a name cannot answer a public address to a check and a private one to the socket.
 * The request keeps the URL's host name, so Host, SNI and certificate checking are those
 * of the name, and no pooled connection is reused (each request has its own socket).
 */
export interface PinnedGet {
  /** Host name → the addresses to connect to; throws an AppError to refuse the host. */
  resolve: (host: string) => Promise<string[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Gives up when the answer's headers have not arrived this long after sending. The body is not timed here. */
  headersTimeoutMs: number;
  /** Trusted roots in place of the system's (tests). */
  ca?: string;
}

export interface PinnedAnswer {
  /** The answer with its body as a stream; a body that breaks off fails with an AppError. */
  response: Response;
  /** Ends the connection at once. */
  abort: () => void;
}

/** Statuses whose answer has no body; `new Response` refuses one for them. */
const NO_BODY = new Set([204, 205, 304]);
const CONNECTION_RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

export function pinnedGet(url: URL, options: PinnedGet): Promise<PinnedAnswer> {
  const send = url.protocol === 'https:' ? tlsRequest : plainRequest;
  if (options.signal?.aborted) return Promise.reject(new AppError({ code: 'cancelled', message: 'The download was cancelled.' }));
  return new Promise<PinnedAnswer>((resolve, reject) => {
    let refusal: AppError | null = null;
    let timedOut = false;
    const lookup = (host: string, dnsOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      options.resolve(host).then(
        (addresses) => {
          const entries: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
          // No address at all: refused here, or the socket would wait for a callback that never comes.
          if (entries.length === 0) {
            refusal = new AppError({
              code: 'network_error',
              message: `${host} has no address.`,
              hint: 'Check the address, then try again.',
            });
            return callback(refusal);
          }
          if (dnsOptions.all) callback(null, entries);
          else callback(null, entries[0]!.address, entries[0]!.family);
        },
        (error: unknown) => {
          refusal = error instanceof AppError ? error : transportError(url, error);
          callback(refusal);
        },
      );
    };
    const req: ClientRequest = send(url, {
      method: 'GET',
      headers: options.headers ?? {},
      agent: false,
      lookup: lookup as never,
      ca: options.ca,
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy();
    }, options.headersTimeoutMs);
    const onAbort = () => req.destroy();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    req.on('error', (error) => {
      done();
      if (refusal) return reject(refusal);
      if (options.signal?.aborted) return reject(new AppError({ code: 'cancelled', message: 'The download was cancelled.' }));
      if (timedOut) {
        return reject(
          new AppError({
            code: 'timeout',
            message: `${url.host} did not answer within ${Math.round(options.headersTimeoutMs / 1000)} s.`,
            hint: 'Check the address and your connection, then try again.',
          }),
        );
      }
      reject(transportError(url, error));
    });
    req.on('response', (res) => {
      done();
      const abort = () => {
        req.destroy();
        res.destroy();
      };
      options.signal?.addEventListener('abort', abort, { once: true });
      res.once('close', () => options.signal?.removeEventListener('abort', abort));
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 599) {
        abort();
        return reject(
          new AppError({
            code: 'invalid_response',
            message: `${url.host} answered with HTTP status ${status}, which is not one a download can have.`,
            hint: 'Check the address; nothing was read.',
          }),
        );
      }
      const body = NO_BODY.has(status) ? null : bodyStream(url, res, abort);
      if (!body) res.resume();
      resolve({ response: new Response(body, { status, headers: headersOf(res) }), abort });
    });
    req.end();
  });
}

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  return headers;
}

/** The body as a web stream (read only as fast as it is asked for); a connection that ends early errors it with an AppError. */
function bodyStream(url: URL, res: IncomingMessage, abort: () => void): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      res.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) res.pause();
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      const broken = (error?: unknown) => {
        if (settled) return;
        settled = true;
        controller.error(
          new AppError({
            code: 'connection_reset',
            message: `The connection to ${url.host} broke off before the whole answer arrived${codeOf(error) ? ` (${codeOf(error)})` : ''}.`,
            hint: 'This is usually temporary; try again in a moment.',
          }),
        );
      };
      res.on('error', broken);
      res.on('close', () => {
        if (!res.complete) broken();
      });
    },
    pull() {
      res.resume();
    },
    cancel() {
      settled = true;
      abort();
    },
  });
}

function codeOf(error: unknown): string | undefined {
  return (error as { code?: string } | undefined)?.code;
}

function transportError(url: URL, error: unknown): AppError {
  const code = codeOf(error);
  if (code !== undefined && CONNECTION_RESET_CODES.has(code)) {
    return new AppError({
      code: 'connection_reset',
      message: `The connection to ${url.host} was closed before an answer arrived (${code}).`,
      hint: 'This is usually temporary; try again in a moment.',
    });
  }
  const certificate = code !== undefined && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code);
  return new AppError({
    code: 'network_error',
    message: certificate
      ? `${url.host} did not prove it is ${url.hostname}: its certificate was refused (${code}).`
      : `Could not reach ${url.host}${code ? ` (${code})` : ''}.`,
    hint: certificate
      ? 'Check the address; nothing was read from a server that could not prove its name.'
      : 'Check the address and your connection, then try again.',
  });
}
