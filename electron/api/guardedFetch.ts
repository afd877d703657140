import { isIP } from 'node:net';
import { AppError } from '../../shared/errors.js';
import { isLoopbackHost } from './keyDestinations.js';
import { pinnedGet, type PinnedAnswer } from './pinnedRequest.js';
import { ADDRESS_KIND_WORDS, addressKind } from './publicAddress.js';
import { requestWithRetry, type RetryOptions } from './retry.js';

/**
 * The one fetcher of addresses that come from outside (a URL the user typed, a job's
 * output_url): GET only, no key or cookie, https on the public internet, or plain http and
 * loopback when the service in use is itself on this computer (the emulator) — and then, when
 * `localOrigin` is given, only at that origin: the key's own scheme, host and port, not any
 * other port of this computer. Literal IPs
 * are checked before connecting; a host name's addresses are checked inside the
 * connection, so the address checked is the address connected to (see pinnedRequest.ts).
 * Redirects are followed by hand, each target checked the same way.
 */
export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type HostLookup = (host: string) => Promise<string[]>;

/** Why a fetch was refused, for the caller to put in its own words. */
export type Refusal =
  | { kind: 'address'; problem: string; target: URL; redirects: number }
  | { kind: 'not_a_url'; text: string; redirects: number }
  | { kind: 'credentials' }
  | { kind: 'too_many_redirects' }
  | { kind: 'no_location'; status: number };

export interface GuardedFetch {
  /** Plain http and loopback addresses are allowed: the service in use is on this computer. */
  allowLocal: boolean;
  /** With `allowLocal`, the one origin that may be plain http or loopback (the key's own); any when absent. */
  localOrigin?: string | undefined;
  refuse: (refusal: Refusal) => AppError;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Gives up when an answer's headers have not arrived this long after sending; default 60 s. */
  headersTimeoutMs?: number;
  /** Host name → addresses; tests replace DNS. */
  lookup?: HostLookup;
  /** Each hop sent through the retry policy (429, 503, dropped connections). */
  retry?: RetryOptions;
  /** Trusted roots in place of the system's (tests). */
  ca?: string;
}

export interface GuardedAnswer extends PinnedAnswer {
  /** Where the answer came from, after redirects. */
  url: URL;
}

export async function guardedFetch(url: string, options: GuardedFetch): Promise<GuardedAnswer> {
  const lookup = options.lookup ?? systemLookup;
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const target = URL.parse(current);
    if (!target) throw options.refuse({ kind: 'not_a_url', text: current, redirects });
    if (target.username || target.password) throw options.refuse({ kind: 'credentials' });
    const local = options.allowLocal && (options.localOrigin === undefined || target.origin === options.localOrigin);
    const refuseAddress = (problem: string) =>
      options.refuse({
        kind: 'address',
        problem: local || !options.localOrigin ? problem : notTheKeys(problem, options.localOrigin),
        target,
        redirects,
      });
    const problem = urlProblem(target, local);
    if (problem) throw refuseAddress(problem);
    const resolve = async (host: string) => {
      const checked = addressesProblem(host, await lookupOrFail(host, lookup), local);
      if (typeof checked === 'string') throw refuseAddress(checked);
      return checked;
    };
    const send = () =>
      pinnedGet(target, {
        resolve,
        headersTimeoutMs: options.headersTimeoutMs ?? 60_000,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.ca !== undefined ? { ca: options.ca } : {}),
      });
    const answer = options.retry ? await withRetry(target, send, options) : await send();
    if (!REDIRECTS.has(answer.response.status)) return { ...answer, url: target };
    await answer.response.body?.cancel().catch(() => undefined);
    const location = answer.response.headers.get('location');
    if (!location) throw options.refuse({ kind: 'no_location', status: answer.response.status });
    if (redirects >= MAX_REDIRECTS) throw options.refuse({ kind: 'too_many_redirects' });
    current = URL.parse(location, target)?.toString() ?? location; // a Location that is no address fails as one on the next turn
  }
}

/** The origin of a service address on this computer (the emulator's), the one local origin fetched; null for any other. */
export function loopbackOrigin(address: string): string | null {
  const url = URL.parse(address);
  return url && isLoopbackHost(url.hostname) ? url.origin : null;
}

function notTheKeys(problem: string, origin: string): string {
  return `${problem}; on this computer only ${origin}, the key's own address, is fetched`;
}

/** What rules `url` out before any lookup (scheme, plain http, a literal IP), in words for a message; or null. */
export function urlProblem(url: URL, allowLocal: boolean): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:') {
    if (url.protocol !== 'http:') return `it is not an http(s) address (${url.protocol})`;
    if (!allowLocal) return 'it is plain http, and only https is fetched';
    if (!isLoopbackHost(host)) return 'it is plain http, allowed only on this computer (the emulator)';
  }
  if (isIP(host) === 0) return null;
  const problem = addressesProblem(host, [host], allowLocal);
  return typeof problem === 'string' ? problem : null;
}

/** The addresses when every one may be connected to; else why not, in words. */
export function addressesProblem(host: string, addresses: string[], allowLocal: boolean): string[] | string {
  const literal = isIP(host) !== 0;
  if (addresses.length === 0) return `${host} has no address`;
  for (const address of addresses) {
    const kind = addressKind(address) ?? 'reserved';
    if (kind === 'public' || (kind === 'loopback' && allowLocal)) continue;
    const words = `a ${ADDRESS_KIND_WORDS[kind]} address`;
    return literal ? `${host} is ${words}` : `${host} resolves to ${address}, ${words}`;
  }
  return addresses;
}

async function lookupOrFail(host: string, lookup: HostLookup): Promise<string[]> {
  try {
    return await lookup(host);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new AppError({
      code: 'network_error',
      message: `Could not look up ${host}${code ? ` (${code})` : ''}.`,
      hint: 'Check the address and your connection, then try again.',
    });
  }
}

export async function systemLookup(host: string): Promise<string[]> {
  const { lookup } = await import('node:dns/promises');
  return (await lookup(host, { all: true })).map((entry) => entry.address);
}

/** One hop through the shared retry policy; an answer it asks again for is let go first. */
async function withRetry(target: URL, send: () => Promise<PinnedAnswer>, options: GuardedFetch): Promise<PinnedAnswer> {
  let last: PinnedAnswer | undefined;
  await requestWithRetry(
    { method: 'GET', url: target.toString(), ...(options.signal ? { signal: options.signal } : {}) },
    options.retry,
    async () => {
      if (last) await last.response.body?.cancel().catch(() => undefined);
      last = await send();
      const { status, headers } = last.response;
      // An answer that may be asked again is let go at once, not held open through the backoff;
      // its status and headers are all anyone reads of it.
      if (status === 429 || status >= 500) await last.response.body?.cancel().catch(() => undefined);
      return { status, headers, text: '' };
    },
  );
  return last!;
}
