import { AppError } from '../../shared/errors.js';
import { hostOf, streamCapped } from '../api/cappedBody.js';
import { guardedFetch, MAX_REDIRECTS, type HostLookup, type Refusal } from '../api/guardedFetch.js';
import { formatBytes } from '../api/networkLimits.js';
import { isLoopbackHost } from '../api/keyDestinations.js';

/**
 * A document the user named by URL, downloaded so the reviewer can see its pages and boxes.
 * The URL is also what the service will be sent (`document_url`), so it is held to the rule
 * a service-side fetch would need: https on the public internet. Plain http and loopback are
 * allowed only when the v2 service itself is on this computer (the emulator), and only at its
 * own origin: a key on loopback must not open every port of this computer. The fetch
 * itself is the shared guarded one (every address checked is the one connected to,
 * redirects checked hop by hop, no key or cookie); the body is capped as it streams.
 */
export const MAX_DOCUMENT_REDIRECTS = MAX_REDIRECTS;

export interface DocumentDownload {
  /** The v2 service's origin when it is on this computer (`loopbackOrigin`): then URLs at that origin may be http or loopback. */
  localOrigin: string | null;
  maxBytes: number;
  signal?: AbortSignal;
  /** Gives up when the answer's headers, or its next bytes, do not arrive for this long; default 60 s. */
  idleMs?: number;
  /** Gives up on a download still coming after this long, however slowly it drips; default 15 min. */
  totalMs?: number;
  /** Host name → addresses; tests replace DNS. */
  lookup?: HostLookup;
  /** Trusted roots in place of the system's (tests). */
  ca?: string;
}

export interface DownloadedDocument {
  bytes: Uint8Array;
  /** A file name for the library: the last part of the final URL's path, or its host. */
  name: string;
}

const HINT_LOCAL =
  "Plain http and addresses on this computer are used only with a v2 key whose service runs on this computer (the emulator), and only at that key's own address (scheme, host and port). Otherwise use a public https address.";
const HINT_PUBLIC =
  'Use an https address on the public internet (a presigned storage URL, for instance), or download the file and open it.';

export async function downloadDocument(url: string, options: DocumentDownload): Promise<DownloadedDocument> {
  const totalMs = options.totalMs ?? 15 * 60_000;
  const deadline = AbortSignal.timeout(totalMs);
  try {
    return await download(url, { ...options, signal: AbortSignal.any([deadline, ...(options.signal ? [options.signal] : [])]) });
  } catch (error) {
    if (!deadline.aborted || options.signal?.aborted) throw error;
    throw new AppError({
      code: 'timeout',
      message: `The download was still coming after ${Math.max(1, Math.round(totalMs / 60_000))} min; it was stopped and nothing was added.`,
      hint: 'Try again on a faster connection, or download the file and open it.',
    });
  }
}

async function download(url: string, options: DocumentDownload): Promise<DownloadedDocument> {
  const idleMs = options.idleMs ?? 60_000;
  const {
    response,
    url: target,
    abort,
  } = await guardedFetch(url, {
    allowLocal: options.localOrigin !== null,
    localOrigin: options.localOrigin ?? undefined,
    refuse: (refusal) => refusedFor(refusal),
    headersTimeoutMs: idleMs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.ca !== undefined ? { ca: options.ca } : {}),
  });
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel().catch(() => undefined);
    throw unreachable(target, `answered HTTP ${response.status}`);
  }
  const chunks: Uint8Array[] = [];
  let total: number;
  try {
    total = await streamCapped(
      response,
      {
        url: target.toString(),
        maxBytes: options.maxBytes,
        abort,
        idleMs,
        hint: `Groundwork opens documents of up to ${formatBytes(options.maxBytes)}; download a smaller one.`,
      },
      (chunk) => void chunks.push(chunk),
    );
  } catch (error) {
    if (options.signal?.aborted) throw new AppError({ code: 'cancelled', message: 'The download was cancelled.' });
    throw error;
  }
  if (total === 0) throw unreachable(target, 'answered with an empty body');
  return { bytes: new Uint8Array(Buffer.concat(chunks, total)), name: nameFrom(target) };
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f/\\]/g;

/** The last part of the path, decoded, as a file name; the host when the path names none. */
export function nameFrom(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A broken escape is kept as it is written.
  }
  const cleaned = decoded.replace(UNSAFE_IN_NAME, '').trim().slice(0, 200);
  return cleaned || url.hostname || 'document';
}

/** A refusal in the words of a document download. */
function refusedFor(refusal: Refusal): AppError {
  switch (refusal.kind) {
    case 'address': {
      const { problem, target, redirects } = refusal;
      const message =
        redirects === 0
          ? `The document was not downloaded: ${problem}.`
          : `The address redirected to ${target.host}, which was not followed: ${problem}.`;
      return refused(message, target.protocol === 'http:' || isLoopbackHost(target.hostname));
    }
    case 'not_a_url':
      return refused(
        `${refusal.redirects > 0 ? 'The address redirected to something that' : 'That'} is not a web address (${JSON.stringify(refusal.text.slice(0, 80))}).`,
      );
    case 'credentials':
      return refused('The address carries a user name or password; Groundwork does not send credentials with a document URL.');
    case 'too_many_redirects':
      return refused(`The address redirected more than ${MAX_DOCUMENT_REDIRECTS} times; it was not followed further.`);
    case 'no_location':
      return new AppError({
        code: 'document_unreachable',
        message: `The address answered HTTP ${refusal.status} without a Location; nothing was added.`,
        hint: 'Check that the address still serves the file (a presigned URL may have expired).',
      });
  }
}

function refused(message: string, local = false): AppError {
  return new AppError({ code: 'invalid_document_url', message, hint: local ? HINT_LOCAL : HINT_PUBLIC });
}

function unreachable(url: URL, what: string): AppError {
  return new AppError({
    code: 'document_unreachable',
    message: `${hostOf(url.toString())} ${what}; nothing was added.`,
    hint: 'Check that the address still serves the file (a presigned URL may have expired).',
  });
}
