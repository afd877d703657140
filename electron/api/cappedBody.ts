import { AppError } from '../../shared/errors.js';
import { formatBytes } from './networkLimits.js';

/**
 * The one reader of response bodies: every answer main reads (service calls, a job's
 * output_url, snapshot archives) streams through here, counted chunk by chunk. Past the
 * cap the request is aborted, so the connection closes and the rest is never sent, and
 * `response_too_large` is thrown. A Content-Length already above the cap is refused
 * before reading; a smaller or missing one is not believed, the count decides.
 */
export interface BodyCap {
  /** Where the answer comes from; its host is named in the error. */
  url: string;
  maxBytes: number;
  /** Aborts the request itself (cancelling the stream alone may leave the socket to drain). */
  abort?: () => void;
  /** What the user can do when the cap is hit; the default speaks of the settings file. */
  hint?: string;
  /** Fails with `timeout` when no bytes arrive for this long. */
  idleMs?: number;
}

export const RAISE_CAP_HINT =
  'If an answer this large is expected, raise "network": {"maxResponseMb": …} in settings.json in the data folder and restart Groundwork; otherwise check the service address.';

/** Hands each chunk to `onChunk` (awaited, so a slow disk slows the download, not memory); answers the byte count. */
export async function streamCapped(
  response: Response,
  cap: BodyCap,
  onChunk: (chunk: Uint8Array) => void | Promise<void>,
): Promise<number> {
  if (response.body === null) return 0;
  const reader = response.body.getReader();
  const stop = async () => {
    cap.abort?.();
    await reader.cancel().catch(() => undefined);
  };
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap.maxBytes) {
    await stop();
    throw responseTooLarge(cap, `it announced ${formatBytes(declared)}`);
  }
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, cap);
      if (done) return total;
      total += value.byteLength;
      if (total > cap.maxBytes) throw responseTooLarge(cap, `more than ${formatBytes(cap.maxBytes)} had arrived`);
      await onChunk(value);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The whole body as text (UTF-8, as `Response.text()` decodes it), within the cap. */
export async function readCappedText(response: Response, cap: BodyCap): Promise<string> {
  const chunks: Uint8Array[] = [];
  const total = await streamCapped(response, cap, (chunk) => {
    chunks.push(chunk);
  });
  return new TextDecoder().decode(Buffer.concat(chunks, total));
}

export function responseTooLarge(cap: Pick<BodyCap, 'url' | 'maxBytes' | 'hint'>, detail: string): AppError {
  return new AppError({
    code: 'response_too_large',
    message: `The answer from ${hostOf(cap.url)} is larger than ${formatBytes(cap.maxBytes)}, the most Groundwork reads from there (${detail}); it stopped reading and kept nothing.`,
    hint: cap.hint ?? RAISE_CAP_HINT,
  });
}

function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, cap: BodyCap): Promise<ReadableStreamReadResult<Uint8Array>> {
  const idleMs = cap.idleMs;
  if (idleMs === undefined) return reader.read();
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AppError({
            code: 'timeout',
            message: `${hostOf(cap.url)} stopped sending for ${idleMs < 1000 ? `${idleMs} ms` : `${Math.round(idleMs / 1000)} s`}.`,
            hint: 'Check your connection and try again.',
          }),
        ),
      idleMs,
    );
  });
  return Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
}

/** The host to name in a message; an address that does not parse is named as given. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return JSON.stringify(url.slice(0, 80));
  }
}
