/** An image's stored size and page count, read from its header alone (nothing is decoded). */
export interface ImageInfo {
  width: number;
  height: number;
  /** Pages (TIFF directories); 1 for every other format. */
  pages: number;
}

/** TIFF directories counted at most; a longer chain (or a loop) is reported as this many. */
export const MAX_TIFF_PAGES = 10_000;

/**
 * Reads the size from the header of a PNG, JPEG, GIF, WebP, BMP or TIFF, so a huge image can
 * be refused before anything allocates its pixels. Null when the header cannot be read.
 */
export function readImageInfo(bytes: Uint8Array, mime: string): ImageInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const info = (width: number, height: number, pages = 1): ImageInfo | null => (width > 0 && height > 0 ? { width, height, pages } : null);
  try {
    switch (mime) {
      case 'image/png':
        return info(view.getUint32(16), view.getUint32(20));
      case 'image/gif':
        return info(view.getUint16(6, true), view.getUint16(8, true));
      case 'image/bmp': {
        const headerSize = view.getUint32(14, true);
        // The old OS/2 header has 16-bit sizes; every later one 32-bit (a negative height is a top-down image).
        if (headerSize === 12) return info(view.getUint16(18, true), view.getUint16(20, true));
        return info(Math.abs(view.getInt32(18, true)), Math.abs(view.getInt32(22, true)));
      }
      case 'image/jpeg':
        return jpegInfo(bytes, view);
      case 'image/webp':
        return webpInfo(bytes, view);
      case 'image/tiff':
        return tiffInfo(view);
      default:
        return null;
    }
  } catch {
    // A header cut short: reading past the end throws a RangeError.
    return null;
  }
}

/** The frame header (SOF0–SOF15, except the DHT, JPG and DAC markers that share the range). */
function jpegInfo(bytes: Uint8Array, view: DataView): ImageInfo | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      return width > 0 && height > 0 ? { width, height, pages: 1 } : null;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

function webpInfo(bytes: Uint8Array, view: DataView): ImageInfo | null {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X') {
    const width = 1 + (view.getUint16(24, true) | ((bytes[26] ?? 0) << 16));
    const height = 1 + (view.getUint16(27, true) | ((bytes[29] ?? 0) << 16));
    return { width, height, pages: 1 };
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff), pages: 1 };
  }
  if (chunk === 'VP8 ') {
    const width = view.getUint16(26, true) & 0x3fff;
    const height = view.getUint16(28, true) & 0x3fff;
    return width > 0 && height > 0 ? { width, height, pages: 1 } : null;
  }
  return null;
}

/** The first directory's ImageWidth and ImageLength, and how many directories the chain holds. */
function tiffInfo(view: DataView): ImageInfo | null {
  const little = view.getUint16(0) === 0x4949;
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  let width = 0;
  let height = 0;
  let pages = 0;
  const seen = new Set<number>();
  let ifd = u32(4);
  while (ifd !== 0 && ifd + 2 <= view.byteLength && !seen.has(ifd) && pages < MAX_TIFF_PAGES) {
    seen.add(ifd);
    const entries = u16(ifd);
    if (pages === 0) {
      for (let i = 0; i < entries; i++) {
        const entry = ifd + 2 + i * 12;
        const tag = u16(entry);
        const type = u16(entry + 2);
        const value = type === 3 ? u16(entry + 8) : u32(entry + 8);
        // The first of a repeated tag, as a decoder reads it: a second cannot shrink what the limits see.
        if (tag === 256 && width === 0) width = value;
        if (tag === 257 && height === 0) height = value;
      }
    }
    pages++;
    const next = ifd + 2 + entries * 12;
    // A directory chain that runs off the file ends there: the pages before it stand.
    if (next + 4 > view.byteLength) break;
    ifd = u32(next);
  }
  return width > 0 && height > 0 ? { width, height, pages } : null;
}
