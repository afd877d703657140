/**
 * How many pages (image file directories) a TIFF holds, by walking its IFD chain. The chain
 * is the file's to make: a loop, an offset past the end or a chain of millions is cut off at
 * `limit` without reading further, so this is bounded whatever the file says. Null when the
 * header or the first directory cannot be read.
 */
export function countTiffPages(bytes: Uint8Array, limit = 10_000): number | null {
  if (bytes.length < 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[0] === 0x49; // 'II'; 'MM' is big-endian
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(2) !== 42) return null; // BigTIFF (43) and others: not walked
  const seen = new Set<number>();
  let offset = u32(4);
  let pages = 0;
  while (offset !== 0 && pages < limit) {
    if (seen.has(offset) || offset + 2 > bytes.length) break;
    seen.add(offset);
    const entries = u16(offset);
    const next = offset + 2 + entries * 12;
    if (next + 4 > bytes.length) break;
    pages++;
    offset = u32(next);
  }
  return pages === 0 ? null : pages;
}
