import { AppError } from '../../shared/errors.js';
import { isLoopbackHost } from '../keys/keyDestinations.js';

/**
 * Opens a snapshot archive's download: https only (plain http only on this computer, for
 * the emulator), redirects followed by hand, at most 5, each target https, or loopback when
 * the link itself was loopback: never plain http to another host. The answer's headers
 * must arrive within `headersTimeoutMs` (connecting included). The link is presigned, so no
 * key is sent.
 */
export const MAX_DOWNLOAD_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface ArchiveRequest {
  url: string;
  signal?: AbortSignal | undefined;
  headersTimeoutMs: number;
}

export interface OpenedArchive {
  response: Response;
  /** Where the archive finally came from. */
  url: string;
  /** Aborts the request (the body stream with it). */
  abort(): void;
}

/** Why the archive may not be fetched from `target` (followed from `link`), or null. */
export function downloadUrlProblem(target: URL, link: URL): string | null {
  if (target.protocol === 'https:') return null;
  if (target.protocol !== 'http:') return `${target.protocol} is not a web address`;
  if (isLoopbackHost(target.hostname) && isLoopbackHost(link.hostname)) return null;
  return `plain http to ${target.host} is refused; archives are downloaded over https (http only on this computer, for the emulator)`;
}

export async function openArchive(request: ArchiveRequest): Promise<OpenedArchive> {
  const link = parse(request.url);
  let target = link;
  for (let redirects = 0; ; redirects++) {
    const problem = downloadUrlProblem(target, link);
    if (problem)
      throw refused(
        redirects === 0
          ? `The download link was not opened: ${problem}.`
          : `The download redirected to ${target.host}, which was not followed: ${problem}.`,
      );
    const opened = await send(target, request);
    if (!REDIRECTS.has(opened.response.status)) return opened;
    opened.abort();
    const location = opened.response.headers.get('location');
    if (redirects >= MAX_DOWNLOAD_REDIRECTS)
      throw refused(`The download redirected more than ${MAX_DOWNLOAD_REDIRECTS} times; it was not followed further.`);
    if (!location) throw refused(`The download answered HTTP ${opened.response.status} without saying where to go.`);
    target = parse(URL.parse(location, target)?.toString() ?? location);
  }
}

async function send(target: URL, request: ArchiveRequest): Promise<OpenedArchive> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.headersTimeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal;
  try {
    const response = await fetch(target, { signal, redirect: 'manual' });
    return { response, url: target.toString(), abort: () => controller.abort() };
  } catch (error) {
    if (request.signal?.aborted) throw new AppError({ code: 'cancelled', message: 'The download was cancelled; nothing was kept.' });
    if (timedOut) {
      throw new AppError({
        code: 'timeout',
        message: `${target.host} did not answer within ${seconds(request.headersTimeoutMs)}.`,
        hint: 'Nothing was kept; check the connection and try again.',
      });
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new AppError({
      code: 'network_error',
      message: `Could not download the archive from ${target.host}${cause ? ` (${cause})` : ''}.`,
      hint: 'Check the connection; export again if the link expired.',
    });
  } finally {
    clearTimeout(timer);
  }
}

function parse(url: string): URL {
  const parsed = URL.parse(url);
  if (!parsed) throw refused(`The download link is not a web address (${JSON.stringify(url.slice(0, 80))}).`);
  return parsed;
}

function refused(message: string): AppError {
  return new AppError({
    code: 'download_refused',
    message,
    hint: 'Nothing was downloaded. Export the snapshot again; if this repeats, the service is at fault.',
  });
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
