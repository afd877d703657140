import { randomBytes } from 'node:crypto';

/** Crockford's base32 in lower case, the alphabet of v2 job ids (no i, l, o, u). */
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A ULID: 48 bits of milliseconds as 10 base32 characters, then 80 random bits as 16.
 * The emulator mints its own so it never shares the client's minting code.
 */
export function mintUlid(now: number = Date.now()): string {
  let time = '';
  let t = Math.max(0, Math.floor(now));
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  // 80 random bits read five at a time.
  const bits = [...randomBytes(10)].map((b) => b.toString(2).padStart(8, '0')).join('');
  let random = '';
  for (let i = 0; i < 80; i += 5) random += CROCKFORD[parseInt(bits.slice(i, i + 5), 2)]!;
  return time + random;
}

/** `parse-<ulid>` or `extract-<ulid>`: the current job id format. */
export function mintJobId(service: 'parse' | 'extract', now?: number): string {
  return `${service}-${mintUlid(now)}`;
}
