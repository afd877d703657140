import { AppError } from '../../shared/errors.js';

/**
 * Where a key may travel (keys.destination). One rule for every keyed call, checked when a request is sent:
 * - the transport: https, or plain http only to this computer (the emulator, a local proxy),
 *   so a key never crosses a network in clear text;
 * - the destination: the key's own service address, or an inference host the user confirmed
 *   for this key. Anything else is refused before a byte is sent.
 */

/** localhost, the whole 127.0.0.0/8 block and ::1: addresses that never leave this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** What is wrong with sending a key over this URL's transport, or null. */
export function transportProblem(url: URL): string | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return isLoopbackHost(url.hostname) ? null : 'Plain http is allowed only for addresses on this computer.';
  return `The address must start with https:// (not ${url.protocol}//).`;
}

export const TRANSPORT_HINT = 'Use https:// so the key is encrypted on the way; http:// works for localhost (the emulator, a local proxy).';

/** The origin (scheme, host, port) a key's address or a confirmed endpoint stands for. */
export function originOf(address: string): string {
  return new URL(address).origin;
}

/** Throws unless `url` is a place this key may be sent: right transport, allowed origin. */
export function assertKeyDestination(url: string, allowedOrigins: readonly string[]): void {
  const parsed = new URL(url);
  const problem = transportProblem(parsed);
  if (problem)
    throw new AppError({
      code: 'key_destination_refused',
      message: `The key was not sent to ${parsed.host}: ${problem}`,
      hint: TRANSPORT_HINT,
    });
  if (!allowedOrigins.includes(parsed.origin)) {
    throw new AppError({
      code: 'key_destination_refused',
      message: `The key was not sent to ${parsed.host}: that is neither its service's address nor a host confirmed for it.`,
      hint: 'Check the address; an inference endpoint is confirmed once per key when it is first used.',
    });
  }
}
