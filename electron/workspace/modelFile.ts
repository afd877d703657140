import { createHash } from 'node:crypto';
import { MODEL_FORMAT_VERSION } from '../../shared/grounding/modelBytes.js';

/**
 * The cached result model on disk (`models/<id>.model`): a 48-byte header, then the bytes
 * of encodeModel. The header names the format version (another version is rebuilt, never
 * read) and carries the payload's length and SHA-256, so a torn or damaged file is noticed
 * and rebuilt instead of being handed to the window.
 *
 *   0  8  magic "GWMODEL\n"
 *   8  4  MODEL_FORMAT_VERSION (u32 LE)
 *  12  4  payload length (u32 LE)
 *  16 32  SHA-256 of the payload
 */
const MAGIC = new TextEncoder().encode('GWMODEL\n');
export const MODEL_HEADER_BYTES = 48;

/** The file's bytes for a payload; run where hashing may block (the model worker). */
export function modelFileBytes(payload: Uint8Array, version = MODEL_FORMAT_VERSION): Uint8Array {
  const file = new Uint8Array(MODEL_HEADER_BYTES + payload.length);
  const view = new DataView(file.buffer);
  file.set(MAGIC, 0);
  view.setUint32(8, version, true);
  view.setUint32(12, payload.length, true);
  file.set(createHash('sha256').update(payload).digest(), 16);
  file.set(payload, MODEL_HEADER_BYTES);
  return file;
}

/** The payload of a cache file of this format version, or null for anything else (hashed off the event loop by WebCrypto). */
export async function modelPayload(file: Uint8Array): Promise<Uint8Array | null> {
  if (file.length < MODEL_HEADER_BYTES) return null;
  for (let i = 0; i < MAGIC.length; i++) if (file[i] !== MAGIC[i]) return null;
  const view = new DataView(file.buffer, file.byteOffset, MODEL_HEADER_BYTES);
  if (view.getUint32(8, true) !== MODEL_FORMAT_VERSION) return null;
  if (view.getUint32(12, true) !== file.length - MODEL_HEADER_BYTES) return null;
  const payload = file.subarray(MODEL_HEADER_BYTES);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', payload as Uint8Array<ArrayBuffer>));
  for (let i = 0; i < digest.length; i++) if (digest[i] !== file[16 + i]) return null;
  return payload;
}
