import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../shared/errors.js';
import { ADDRESS_KIND_WORDS, addressKind } from '../api/publicAddress.js';
import { requestWithRetry, type RetryOptions } from '../api/retry.js';
import { isLoopbackHost } from '../keys/keyDestinations.js';

/**
 * A job's `output_url` comes from the service's answer, so it is fetched only where a
 * presigned storage URL can be: https on the public internet. Plain http and loopback are
 * allowed only when the job's key itself points at this computer (the emulator). Literal
 * IPs and every address a host name resolves to are checked, redirects are followed by
 * hand (at most 5, each target checked the same way), and no key is ever sent: the URL
 * is presigned.
 */
export const MAX_OUTPUT_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
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
  lookup?: (host: string) => Promise<string[]>;
  retry?: RetryOptions;
}

const HINT = 'The job\'s result stays on the service and at its output_url; retry the job as a new one with an https output_save_url on public storage.';

/** The document a job delivered to its output_save_url, read back without our API key. */
export async function fetchOutput(url: string, options: OutputFetch): Promise<unknown> {
  const keyIsLoopback = isLoopbackHost(new URL(options.keyAddress).hostname);
  const lookup = options.lookup ?? systemLookup;
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const target = parseWebAddress(current, redirects);
    const problem = await outputUrlProblem(target, keyIsLoopback, lookup);
    if (problem) throw refused(redirects === 0 ? `The job's output_url was not fetched: ${problem}.` : `The job's output_url redirected to ${target.host}, which was not followed: ${problem}.`);
    const response = await requestWithRetry({ method: 'GET', url: target.toString(), signal: options.signal, headers: { Accept: 'application/json' }, redirect: 'manual' }, options.retry);
    if (REDIRECTS.has(response.status)) {
      const location = response.headers.get('location');
      if (!location) throw unreachable(`answered HTTP ${response.status} without a Location`);
      if (redirects >= MAX_OUTPUT_REDIRECTS) throw refused(`The job's output_url redirected more than ${MAX_OUTPUT_REDIRECTS} times; it was not followed further.`);
      current = URL.parse(location, target)?.toString() ?? location; // a Location that is no address fails as one on the next turn
      continue;
    }
    if (UNREADABLE.has(response.status)) throw unreadable(response.status);
    if (response.status < 200 || response.status >= 300) throw unreachable(`answered HTTP ${response.status}`, response.status);
    try {
      return JSON.parse(response.text) as unknown;
    } catch {
      throw new AppError({ code: 'invalid_response', message: "The job's output_url did not hold JSON.", hint: 'Retry the job as a new one from the Jobs screen; if it happens again, the service is at fault.' });
    }
  }
}

/** Why `url` may not be fetched as an output_url (in words for a message), or null. */
export async function outputUrlProblem(url: URL, keyIsLoopback: boolean, lookup: (host: string) => Promise<string[]>): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:') {
    if (url.protocol !== 'http:') return `it is not an http(s) address (${url.protocol})`;
    if (!keyIsLoopback) return 'it is plain http, and only https is fetched';
    if (!isLoopbackHost(host)) return 'it is plain http, allowed only on this computer (the emulator)';
  }
  const literal = isIP(host) !== 0;
  const addresses = literal ? [host] : await resolve(host, lookup);
  for (const address of addresses) {
    const kind = addressKind(address) ?? 'reserved';
    if (kind === 'public' || (kind === 'loopback' && keyIsLoopback)) continue;
    const words = `a ${ADDRESS_KIND_WORDS[kind]} address`;
    return literal ? `${host} is ${words}` : `${host} resolves to ${address}, ${words}`;
  }
  return null;
}

async function systemLookup(host: string): Promise<string[]> {
  return (await dnsLookup(host, { all: true })).map((entry) => entry.address);
}

async function resolve(host: string, lookup: (host: string) => Promise<string[]>): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await lookup(host);
  } catch (error) {
    const code = (error as { code?: string }).code;
    // Not final: DNS may answer on the next poll.
    throw new AppError({ code: 'network_error', message: `Could not look up ${host}, the host of the job's output_url${code ? ` (${code})` : ''}.`, hint: 'Check your connection; the app will try again.' });
  }
  if (addresses.length === 0) return ['0.0.0.0']; // no address is no public address
  return addresses;
}

function parseWebAddress(url: string, redirects: number): URL {
  try {
    return new URL(url);
  } catch {
    throw refused(`The job's output_url${redirects > 0 ? ' redirected to something that' : ''} is not a web address (${JSON.stringify(url.slice(0, 80))}).`);
  }
}

function refused(message: string): AppError {
  return new AppError({ code: 'invalid_output_url', message, hint: HINT });
}

function unreachable(what: string, status?: number): AppError {
  return new AppError({ code: 'output_unreachable', message: `The job's output_url ${what}.`, hint: 'Check that the URL can still be read; the app will try again.', ...(status !== undefined ? { status } : {}) });
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
