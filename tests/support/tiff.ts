// Little-endian TIFFs of 8-bit grey pages, uncompressed, one strip each (as a simple scanner writes).

export interface GreyPage {
  width: number;
  height: number;
  /** One byte a pixel, row by row. */
  grey: Buffer;
}

export function greyPagesTiff(pages: readonly GreyPage[]): Uint8Array {
  const parts: Buffer[] = [];
  let offset = 8;
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  parts.push(header);
  const ifdOffsets: number[] = [];
  pages.forEach(({ width, height, grey }, index) => {
    const pixelsAt = offset;
    parts.push(grey);
    offset += grey.length;
    const tags: [number, number, number][] = [
      [256, 4, width],
      [257, 4, height],
      [258, 3, 8], // bits per sample
      [259, 3, 1], // no compression
      [262, 3, 1], // black is zero
      [273, 4, pixelsAt], // strip offset
      [277, 3, 1], // samples per pixel
      [278, 4, height], // rows per strip
      [279, 4, grey.length], // strip byte count
    ];
    const ifd = Buffer.alloc(2 + tags.length * 12 + 4);
    ifd.writeUInt16LE(tags.length, 0);
    tags.forEach(([tag, type, value], i) => {
      ifd.writeUInt16LE(tag, 2 + i * 12);
      ifd.writeUInt16LE(type, 4 + i * 12);
      ifd.writeUInt32LE(1, 6 + i * 12);
      if (type === 3) ifd.writeUInt16LE(value, 10 + i * 12);
      else ifd.writeUInt32LE(value, 10 + i * 12);
    });
    ifdOffsets[index] = offset;
    parts.push(ifd);
    offset += ifd.length;
  });
  const out = Buffer.concat(parts);
  out.writeUInt32LE(ifdOffsets[0] ?? 0, 4);
  ifdOffsets.forEach((at, i) => {
    const entries = out.readUInt16LE(at);
    out.writeUInt32LE(ifdOffsets[i + 1] ?? 0, at + 2 + entries * 12);
  });
  return new Uint8Array(out);
}
