/**
 * Node ids interned: node i's id is bytes[offsets[i]..offsets[i+1]), and an open-addressing
 * hash table (node index + 1, 0 for empty) finds a node by its id without a JS string per
 * node. Ids are stored as WTF-8 (UTF-8 that also carries a lone surrogate) because a result's
 * ids are arbitrary strings and must come back exactly, so a node can be selected by name.
 */
export interface IdArrays {
  bytes: Uint8Array;
  /** n + 1 byte offsets, ascending, the last one bytes.length. */
  offsets: Int32Array;
  /** A power-of-two number of slots. */
  hash: Int32Array;
}

/** FNV-1a over UTF-16 code units: computed from the JS string both when built and when asked. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Appends the WTF-8 bytes of `id` to `out` at `at` (room already made); returns the new end. */
function writeWtf8(id: string, out: Uint8Array, at: number): number {
  let p = at;
  for (let i = 0; i < id.length; i++) {
    let c = id.charCodeAt(i);
    if (c < 0x80) {
      out[p++] = c;
      continue;
    }
    if (c < 0x800) {
      out[p++] = 0xc0 | (c >> 6);
      out[p++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < id.length) {
      const next = id.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        out[p++] = 0xf0 | (c >> 18);
        out[p++] = 0x80 | ((c >> 12) & 0x3f);
        out[p++] = 0x80 | ((c >> 6) & 0x3f);
        out[p++] = 0x80 | (c & 0x3f);
        continue;
      }
    }
    out[p++] = 0xe0 | (c >> 12);
    out[p++] = 0x80 | ((c >> 6) & 0x3f);
    out[p++] = 0x80 | (c & 0x3f);
  }
  return p;
}

export class IdTable {
  readonly bytes: Uint8Array;
  readonly offsets: Int32Array;
  readonly hash: Int32Array;
  private readonly mask: number;

  /** Over stored arrays, already checked by their reader (offsets ascending within bytes, hash entries ≤ n, size a power of two). */
  constructor(arrays: IdArrays) {
    this.bytes = arrays.bytes;
    this.offsets = arrays.offsets;
    this.hash = arrays.hash;
    this.mask = arrays.hash.length - 1;
  }

  static build(ids: readonly string[]): IdTable {
    const n = ids.length;
    let room = 0;
    for (const id of ids) room += id.length * 3;
    const bytes = new Uint8Array(room);
    const offsets = new Int32Array(n + 1);
    let at = 0;
    for (let i = 0; i < n; i++) {
      offsets[i] = at;
      at = writeWtf8(ids[i]!, bytes, at);
    }
    offsets[n] = at;
    let size = 2;
    while (size < n * 2) size *= 2;
    const hash = new Int32Array(size);
    const mask = size - 1;
    for (let i = 0; i < n; i++) {
      let slot = hashOf(ids[i]!) & mask;
      while (hash[slot] !== 0) slot = (slot + 1) & mask;
      hash[slot] = i + 1;
    }
    return new IdTable({ bytes: bytes.slice(0, at), offsets, hash });
  }

  get size(): number {
    return this.offsets.length - 1;
  }

  /** The node index of `id`, or -1. */
  indexOf(id: string): number {
    if (typeof id !== 'string') return -1;
    let slot = hashOf(id) & this.mask;
    // A non-ASCII id is encoded once, for byte comparison; an ASCII one is its own bytes.
    let encoded: Uint8Array | null = null;
    let encodedLength = id.length;
    for (let k = 0; k < id.length; k++) {
      if (id.charCodeAt(k) >= 0x80) {
        encoded = new Uint8Array(id.length * 3);
        encodedLength = writeWtf8(id, encoded, 0);
        break;
      }
    }
    // Bounded by the table's size, so a table without an empty slot (hostile bytes) still ends.
    for (let probe = 0; probe <= this.mask; probe++) {
      const entry = this.hash[slot]!;
      if (entry === 0) return -1;
      if (this.equals(entry - 1, id, encoded, encodedLength)) return entry - 1;
      slot = (slot + 1) & this.mask;
    }
    return -1;
  }

  /** Node i's id (i in range). */
  idAt(i: number): string {
    const start = this.offsets[i]!;
    const end = this.offsets[i + 1]!;
    let ascii = true;
    for (let p = start; p < end; p++) {
      if (this.bytes[p]! >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii && end - start <= 32) {
      // Short ids (nearly all) are built char by char: cheaper than a view plus apply.
      let out = '';
      for (let p = start; p < end; p++) out += String.fromCharCode(this.bytes[p]!);
      return out;
    }
    if (ascii && end - start < 4096) return String.fromCharCode.apply(null, this.bytes.subarray(start, end) as unknown as number[]);
    const units: number[] = [];
    for (let p = start; p < end;) {
      const b = this.bytes[p]!;
      if (b < 0x80 || p + 1 >= end) {
        units.push(b);
        p++;
      } else if (b < 0xe0) {
        units.push(((b & 0x1f) << 6) | (this.bytes[p + 1]! & 0x3f));
        p += 2;
      } else if (b < 0xf0 || p + 3 >= end) {
        units.push(((b & 0x0f) << 12) | ((this.bytes[p + 1]! & 0x3f) << 6) | (this.bytes[Math.min(p + 2, end - 1)]! & 0x3f));
        p += 3;
      } else {
        const c =
          ((b & 0x07) << 18) | ((this.bytes[p + 1]! & 0x3f) << 12) | ((this.bytes[p + 2]! & 0x3f) << 6) | (this.bytes[p + 3]! & 0x3f);
        const v = c - 0x10000;
        units.push(0xd800 + ((v >> 10) & 0x3ff), 0xdc00 + (v & 0x3ff));
        p += 4;
      }
    }
    let out = '';
    for (let k = 0; k < units.length; k += 4096) out += String.fromCharCode.apply(null, units.slice(k, k + 4096));
    return out;
  }

  /** Whether node i's stored id is `id` (its bytes `encoded`, or `id` itself when ASCII), compared without decoding. */
  private equals(i: number, id: string, encoded: Uint8Array | null, length: number): boolean {
    const start = this.offsets[i]!;
    if (this.offsets[i + 1]! - start !== length) return false;
    if (encoded === null) {
      for (let k = 0; k < length; k++) if (this.bytes[start + k] !== id.charCodeAt(k)) return false;
    } else {
      for (let k = 0; k < length; k++) if (this.bytes[start + k] !== encoded[k]) return false;
    }
    return true;
  }
}
