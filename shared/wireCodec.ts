/**
 * JSON that can carry bytes. IPC in Electron moves Uint8Array natively; the preview
 * bridge speaks HTTP+JSON, so bytes travel as `{"$bytes": "<base64>"}` there.
 */
const BYTES_TAG = '$bytes';

export function encodeWire(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? { [BYTES_TAG]: bytesToBase64(v) } : v));
}

export function decodeWire(text: string): unknown {
  // A reviver costs a call per value; a 50 MB result without bytes does not need one.
  if (!text.includes(`"${BYTES_TAG}"`)) return JSON.parse(text);
  return JSON.parse(text, (_key, v: unknown) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const record = v as Record<string, unknown>;
      const encoded = record[BYTES_TAG];
      if (typeof encoded === 'string' && Object.keys(record).length === 1) return base64ToBytes(encoded);
    }
    return v;
  });
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Map(Array.from(ALPHABET, (c, i) => [c, i] as const));

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += b === undefined ? '=' : ALPHABET[(n >> 6) & 63]!;
    out += c === undefined ? '=' : ALPHABET[n & 63]!;
  }
  return out;
}

export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const n =
      ((LOOKUP.get(clean[i] as string) ?? 0) << 18) |
      ((LOOKUP.get(clean[i + 1] as string) ?? 0) << 12) |
      ((LOOKUP.get(clean[i + 2] as string) ?? 0) << 6) |
      (LOOKUP.get(clean[i + 3] as string) ?? 0);
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}
