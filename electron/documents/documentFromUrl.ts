import { isIP } from 'node:net';
import { AppError } from '../../shared/errors.js';
import { hostOf, streamCapped } from '../api/cappedBody.js';
import { formatBytes } from '../api/networkLimits.js';
import { outputUrlProblem } from '../jobs/outputUrl.js';
import { isLoopbackHost } from '../keys/keyDestinations.js';

/**
 * A document the user named by URL, downloaded so the reviewer can see its pages and boxes.
 * The URL is also what the service will be sent (`document_url`), so it is held to the rule
 * a service-side fetch would need: https on the public internet. Plain http and loopback are
 * allowed only when the v2 service itself is on this computer (the emulator). Every address
 * a host resolves to is checked, redirects are followed by hand (each target checked the
 * same way), no key or cookie is sent, and the body is capped as it streams.
 */
export const MAX_DOCUMENT_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface DocumentDownload {
  /** True when the configured v2 service is on this computer: then http and loopback URLs are allowed. */
  serviceIsLoopback: boolean;
  maxBytes: number;
  signal?: AbortSignal;
  /** Gives up when no bytes arrive for this long; default 60 s. */
  idleMs?: number;
  /** Host name → addresses; tests replace DNS. */
  lookup?: (host: string) => Promise<string[]>;
}

export interface DownloadedDocument {
  bytes: Uint8Array;
  /** A file name for the library: the last part of the final URL's path, or its host. */
  name: string;
}

const HINT_LOCAL =
  'Plain http and addresses on this computer are used only with a v2 key whose service runs on this computer (the emulator): add or pick one first. Otherwise use a public https address.';
const HINT_PUBLIC = 'Use an https address on the public internet (a presigned storage URL, for instance), or download the file and open it.';

export async function downloadDocument(url: string, options: DocumentDownload): Promise<DownloadedDocument> {
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const target = webAddress(current, redirects);
    const addresses = await resolveHost(target, options.lookup ?? systemLookup);
    const problem = await outputUrlProblem(target, options.serviceIsLoopback, async () => addresses);
    if (problem) {
      const message = redirects === 0 ? `The document was not downloaded: ${problem}.` : `The address redirected to ${target.host}, which was not followed: ${problem}.`;
      throw refused(message, !options.serviceIsLoopback && (target.protocol === 'http:' || isLoopbackHost(target.hostname)));
    }
    const capped = new AbortController();
    const timeout = AbortSignal.timeout(options.idleMs ?? 60_000);
    let response: Response;
    try {
      response = await fetch(target, { redirect: 'manual', credentials: 'omit', signal: AbortSignal.any([capped.signal, timeout, ...(options.signal ? [options.signal] : [])]) });
    } catch (error) {
      if (options.signal?.aborted) throw new AppError({ code: 'cancelled', message: 'The download was cancelled.' });
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new AppError({
        code: 'network_error',
        message: `Could not reach ${target.host}${timeout.aborted ? ' within 60 s' : cause ? ` (${cause})` : ''}.`,
        hint: 'Check the address and your connection, then try again.',
      });
    }
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      if (!location) throw unreachable(target, `answered HTTP ${response.status} without a Location`);
      if (redirects >= MAX_DOCUMENT_REDIRECTS) throw refused(`The address redirected more than ${MAX_DOCUMENT_REDIRECTS} times; it was not followed further.`);
      current = URL.parse(location, target)?.toString() ?? location;
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      throw unreachable(target, `answered HTTP ${response.status}`);
    }
    const chunks: Uint8Array[] = [];
    const total = await streamCapped(
      response,
      {
        url: target.toString(),
        maxBytes: options.maxBytes,
        abort: () => capped.abort(),
        idleMs: options.idleMs ?? 60_000,
        hint: `Groundwork opens documents of up to ${formatBytes(options.maxBytes)}; download a smaller one.`,
      },
      (chunk) => void chunks.push(chunk),
    );
    if (total === 0) throw unreachable(target, 'answered with an empty body');
    return { bytes: new Uint8Array(Buffer.concat(chunks, total)), name: nameFrom(target) };
  }
}

/** The last part of the path, decoded, as a file name; the host when the path names none. */
export function nameFrom(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A broken escape is kept as it is written.
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = decoded.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim().slice(0, 200);
  return cleaned || url.hostname || 'document';
}

function webAddress(url: string, redirects: number): URL {
  const parsed = URL.parse(url);
  if (!parsed) throw refused(`${redirects > 0 ? 'The address redirected to something that' : 'That'} is not a web address (${JSON.stringify(url.slice(0, 80))}).`);
  if (parsed.username || parsed.password) throw refused('The address carries a user name or password; Groundwork does not send credentials with a document URL.');
  return parsed;
}

/** Looked up here, not in the shared check, so a failure names the document's host in this context. */
async function resolveHost(url: URL, lookup: (host: string) => Promise<string[]>): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 || (url.protocol !== 'http:' && url.protocol !== 'https:')) return [host];
  try {
    return await lookup(host);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new AppError({ code: 'network_error', message: `Could not look up ${host}${code ? ` (${code})` : ''}; nothing was downloaded.`, hint: 'Check the address and your connection, then try again.' });
  }
}

async function systemLookup(host: string): Promise<string[]> {
  const { lookup } = await import('node:dns/promises');
  return (await lookup(host, { all: true })).map((entry) => entry.address);
}

function refused(message: string, local = false): AppError {
  return new AppError({ code: 'invalid_document_url', message, hint: local ? HINT_LOCAL : HINT_PUBLIC });
}

function unreachable(url: URL, what: string): AppError {
  return new AppError({ code: 'document_unreachable', message: `${hostOf(url.toString())} ${what}; nothing was added.`, hint: 'Check that the address still serves the file (a presigned URL may have expired).' });
}
