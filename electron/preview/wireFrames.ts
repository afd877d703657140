/**
 * Answers that carry bytes, as one binary body for the preview bridge: base64 inside JSON
 * would make a 20 MB result model 27 MB of text to build, send and decode in JavaScript.
 *
 *   [u32 LE: header length][header: JSON {"lengths": [...], "value": ...}][each byte run]
 *
 * In the header's value each Uint8Array is `{"$bin": n}`, the n-th run. The header and every
 * run start at a multiple of 8 bytes, so a reader may lay typed arrays over the runs as they
 * arrive; decoding hands out views into the body, never copies.
 */
export const WIRE_FRAMES_TYPE = 'application/x-groundwork-frames';
const BIN_TAG = '$bin';
const ALIGN = 8;

const padded = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/** The body for `value`, or null when it holds no bytes (plain JSON serves it as well). */
export function encodeWireFrames(value: unknown): Uint8Array | null {
  const runs: Uint8Array[] = [];
  const json = JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? { [BIN_TAG]: runs.push(v) - 1 } : v));
  if (runs.length === 0) return null;
  const header = new TextEncoder().encode(`{"lengths":${JSON.stringify(runs.map((r) => r.length))},"value":${json}}`);
  let size = padded(4 + header.length);
  const offsets = runs.map((run) => {
    const at = size;
    size = padded(size + run.length);
    return at;
  });
  const body = new Uint8Array(size);
  new DataView(body.buffer).setUint32(0, header.length, true);
  body.set(header, 4);
  runs.forEach((run, i) => body.set(run, offsets[i]!));
  return body;
}

/** The value of a body from encodeWireFrames; its Uint8Arrays are views into `body`. */
export function decodeWireFrames(body: ArrayBuffer): unknown {
  const headerLength = new DataView(body).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(body, 4, headerLength))) as { lengths: number[]; value: unknown };
  let at = padded(4 + headerLength);
  const runs = header.lengths.map((length) => {
    const run = new Uint8Array(body, at, length);
    at = padded(at + length);
    return run;
  });
  return revive(header.value, runs);
}

function revive(value: unknown, runs: Uint8Array[]): unknown {
  if (Array.isArray(value)) return value.map((v) => revive(v, runs));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const index = record[BIN_TAG];
  if (typeof index === 'number' && Object.keys(record).length === 1) {
    const run = runs[index];
    if (!run) throw new Error('The answer names bytes it does not carry.');
    return run;
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, revive(v, runs)]));
}
