/**
 * ULIDs in the lower-case Crockford base32 the v2 job ids use (v2.jobs.id-format):
 * 10 characters of millisecond time, then 16 of randomness. Web Crypto only, so both
 * processes (and the emulator) mint them the same way.
 */
import type { JobService } from './contracts/v2Jobs.js';
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Web Crypto exists in Node and browsers alike; shared/ is compiled without either's types. */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } }).crypto;

export function ulid(now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  const random = new Uint8Array(16);
  webCrypto.getRandomValues(random);
  let tail = '';
  for (const byte of random) tail += ALPHABET[byte % 32];
  return time + tail;
}

/** A job id in the current format: `parse-<ulid>` or `extract-<ulid>`. */
export function newJobId(service: JobService, now?: number): string {
  return `${service}-${ulid(now)}`;
}
