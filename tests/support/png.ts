// Real, decodable PNGs of any size, for tests that need an image a browser or a service would
// accept.
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A PNG file: its header fields and its raw scanlines (each led by its filter byte), deflated. */
export function pngFile(
  width: number,
  height: number,
  format: { bitDepth: number; colourType: number },
  raw: Buffer,
  level = 6,
): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([format.bitDepth, format.colourType, 0, 0, 0], 8); // deflate, no filter variants, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A width × height RGB image, one colour per row (a gradient). */
export function rgbPng(width: number, height: number, options: { stored?: boolean } = {}): Uint8Array {
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    raw.fill(Buffer.from([y & 255, (y * 3) & 255, 160]), y * stride + 1, (y + 1) * stride);
  }
  return pngFile(width, height, { bitDepth: 8, colourType: 2 }, raw, options.stored ? 0 : 6);
}

/** A real, decodable PNG of `width` × `height` white pixels, 1 bit each, so even 20,000 × 20,000 stays small on disk. */
export function whitePng(width: number, height: number): Uint8Array {
  const stride = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(stride * height, 0xff);
  for (let y = 0; y < height; y++) raw[y * stride] = 0; // filter: none
  return pngFile(width, height, { bitDepth: 1, colourType: 0 }, raw);
}

/** A real PNG of at least `bytes` bytes (uncompressed pixels, 4096 wide). */
export function pngOfAtLeast(bytes: number): Uint8Array {
  const width = 4096;
  return rgbPng(width, Math.ceil(bytes / (1 + width * 3)), { stored: true });
}
