// Images that aim at a reader's limits, small on disk: a PNG of 20,000 × 20,000 pixels
// (400 megapixels, 1.6 GB decoded as RGBA) and a TIFF of 500 pages.
import { crc32, deflateSync } from 'node:zlib';
import type { DocumentFixture } from './badFiles.js';

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A white 1-bit greyscale PNG of `size` × `size` pixels (about 0.1 % of its pixels on disk). */
export function hugePng(size = 20_000): DocumentFixture {
  const stride = 1 + Math.ceil(size / 8);
  const raw = Buffer.alloc(stride * size, 0xff);
  for (let y = 0; y < size; y++) raw[y * stride] = 0; // filter: none
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
  return { name: `huge-${size}x${size}.png`, bytes: new Uint8Array(bytes) };
}

/** A little-endian TIFF of `pages` greyscale pages of `side` × `side` pixels, uncompressed, each a different grey. */
export function multiPageTiff(pages = 500, side = 32): DocumentFixture {
  const entries = 9;
  const ifdSize = 2 + entries * 12 + 4;
  const pixels = side * side;
  const pageSize = ifdSize + pixels;
  const out = Buffer.alloc(8 + pages * pageSize);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  for (let p = 0; p < pages; p++) {
    const ifd = 8 + p * pageSize;
    const data = ifd + ifdSize;
    out.writeUInt16LE(entries, ifd);
    const tags: [number, number, number][] = [
      [256, 3, side], // width
      [257, 3, side], // height
      [258, 3, 8], // bits per sample
      [259, 3, 1], // no compression
      [262, 3, 1], // black is zero
      [273, 4, data], // strip offset
      [277, 3, 1], // samples per pixel
      [278, 3, side], // rows per strip
      [279, 4, pixels], // strip byte count
    ];
    tags.forEach(([tag, type, value], i) => {
      const at = ifd + 2 + i * 12;
      out.writeUInt16LE(tag, at);
      out.writeUInt16LE(type, at + 2);
      out.writeUInt32LE(1, at + 4);
      if (type === 3) out.writeUInt16LE(value, at + 8);
      else out.writeUInt32LE(value, at + 8);
    });
    out.writeUInt32LE(p + 1 < pages ? ifd + pageSize : 0, ifd + 2 + entries * 12);
    out.fill((p * 37) & 255, data, data + pixels);
  }
  return { name: `${pages}-pages.tiff`, bytes: new Uint8Array(out) };
}
