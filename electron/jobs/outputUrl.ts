import { AppError } from '../../shared/errors.js';
import { readCappedText } from '../api/cappedBody.js';
import { guardedFetch, MAX_REDIRECTS, type HostLookup, type Refusal } from '../api/guardedFetch.js';
import { networkLimits } from '../api/networkLimits.js';
import type { RetryOptions } from '../api/retry.js';
import { isLoopbackHost } from '../api/keyDestinations.js';

/**
 * A job's `output_url` comes from the service's answer, so it is fetched only where a
 * presigned storage URL can be: https on the public internet. Plain http and loopback are
 * allowed only when the job's key itself points at this computer (the emulator). It is
 * read with the shared guarded fetcher (every address checked is the one connected to,
 * at most 5 redirects, each checked the same way), and no key is ever sent: the URL is
 * presigned.
 */
export const MAX_OUTPUT_REDIRECTS = MAX_REDIRECTS;
/**
 * Answers that asking again will not change: a presigned upload URL refuses GET (403), the
 * object is gone (404, 410), the storage wants credentials we do not have (401).
 */
export const UNREADABLE = new Set([401, 403, 404, 410]);

export interface OutputFetch {
  /** The job's key's service address; loopback there allows the emulator's http and loopback output_url. */
  keyAddress: string;
  signal: AbortSignal;
  /** Host name → addresses; tests replace DNS. */
  lookup?: HostLookup;
  retry?: RetryOptions;
  /** Trusted roots in place of the system's (tests). */
  ca?: string;
  /** Gives up on an answer still coming after this long, however slowly it drips; default 15 min (the next poll tries again). */
  totalMs?: number;
}

const HINT =
  "The job's result stays on the service and at its output_url; retry the job as a new one with an https output_save_url on public storage.";

/** The document a job delivered to its output_save_url, read back without our API key. */
export async function fetchOutput(url: string, options: OutputFetch): Promise<unknown> {
  const totalMs = options.totalMs ?? 15 * 60_000;
  const deadline = AbortSignal.timeout(totalMs);
  try {
    return await readOutput(url, { ...options, signal: AbortSignal.any([options.signal, deadline]) });
  } catch (error) {
    if (!deadline.aborted || options.signal.aborted) throw error;
    throw unreachable(`was still sending after ${Math.max(1, Math.round(totalMs / 60_000))} min`);
  }
}

async function readOutput(url: string, options: OutputFetch): Promise<unknown> {
  const {
    response,
    url: target,
    abort,
  } = await guardedFetch(url, {
    allowLocal: isLoopbackHost(new URL(options.keyAddress).hostname),
    refuse: refusedFor,
    signal: options.signal,
    headers: { Accept: 'application/json' },
    retry: options.retry ?? {},
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.ca !== undefined ? { ca: options.ca } : {}),
  });
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel().catch(() => undefined);
    if (UNREADABLE.has(response.status)) throw unreadable(response.status);
    throw unreachable(`answered HTTP ${response.status}`, response.status);
  }
  const text = await readCappedText(response, {
    url: target.toString(),
    maxBytes: networkLimits().maxResponseBytes,
    abort,
    idleMs: 60_000,
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError({
      code: 'invalid_response',
      message: "The job's output_url did not hold JSON.",
      hint: 'Retry the job as a new one from the Jobs screen; if it happens again, the service is at fault.',
    });
  }
}

/** A refusal in the words of an output_url. */
function refusedFor(refusal: Refusal): AppError {
  switch (refusal.kind) {
    case 'address':
      return refused(
        refusal.redirects === 0
          ? `The job's output_url was not fetched: ${refusal.problem}.`
          : `The job's output_url redirected to ${refusal.target.host}, which was not followed: ${refusal.problem}.`,
      );
    case 'not_a_url':
      return refused(
        `The job's output_url${refusal.redirects > 0 ? ' redirected to something that' : ''} is not a web address (${JSON.stringify(refusal.text.slice(0, 80))}).`,
      );
    case 'credentials':
      return refused("The job's output_url carries a user name or password; it was not fetched.");
    case 'too_many_redirects':
      return refused(`The job's output_url redirected more than ${MAX_OUTPUT_REDIRECTS} times; it was not followed further.`);
    case 'no_location':
      return unreachable(`answered HTTP ${refusal.status} without a Location`, refusal.status);
  }
}

function refused(message: string): AppError {
  return new AppError({ code: 'invalid_output_url', message, hint: HINT });
}

function unreachable(what: string, status?: number): AppError {
  return new AppError({
    code: 'output_unreachable',
    message: `The job's output_url ${what}.`,
    hint: 'Check that the URL can still be read; the app will try again.',
    ...(status !== undefined ? { status } : {}),
  });
}

/** Final for polling: the job is done on the service and its result sits at the user's URL, just not readable from here. */
function unreadable(status: number): AppError {
  return new AppError({
    code: 'output_unreadable',
    message: `Completed on the service and delivered to your output_save_url, but not readable from here: its output_url answered HTTP ${status}${status === 403 ? ' (a presigned upload URL usually refuses reading)' : ''}.`,
    hint: 'Open the result from your storage, or make the URL readable (e.g. a presigned GET URL of the same object) and press "Check again" on the Jobs screen.',
    status,
  });
}
