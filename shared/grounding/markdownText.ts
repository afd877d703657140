/**
 * The result's Markdown kept as bytes, decoded only where a panel asks (a visible block, a
 * selection): UTF-8 with a checkpoint every STEP UTF-16 units (the unit and byte offset of the
 * first character boundary at or after it), so a slice walks at most STEP characters from a
 * checkpoint before the decoder runs. A Markdown with a lone surrogate (which UTF-8 cannot
 * carry) is kept as UTF-16 code units instead, so every slice stays exact to the code unit.
 */
import { utf8Decoder, utf8Encoder } from './textCoding.js';

export const MARKDOWN_STEP = 128;

export interface MarkdownArrays {
  /** UTF-8 bytes, or UTF-16 code units when the text is not well-formed. */
  text: Uint8Array | Uint16Array;
  /** Pairs (UTF-16 offset, byte offset), one per STEP units; empty for UTF-16. */
  checkpoints: Int32Array;
  /** Length in UTF-16 code units. */
  length: number;
}

/** Bytes in the UTF-8 sequence a lead byte starts (a stray byte counts as one). */
const sequenceLength = (lead: number) => (lead < 0xc0 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf8 ? 4 : 1);

export class MarkdownText {
  readonly text: Uint8Array | Uint16Array;
  readonly checkpoints: Int32Array;
  readonly length: number;

  /** Over stored arrays, already checked by their reader (checkpoints ascending and within the text). */
  constructor(arrays: MarkdownArrays) {
    this.text = arrays.text;
    this.checkpoints = arrays.checkpoints;
    this.length = arrays.length;
  }

  static of(markdown: string): MarkdownText {
    if (!isWellFormed(markdown)) {
      const units = new Uint16Array(markdown.length);
      for (let i = 0; i < markdown.length; i++) units[i] = markdown.charCodeAt(i);
      return new MarkdownText({ text: units, checkpoints: new Int32Array(0), length: markdown.length });
    }
    const bytes = utf8Encoder.encode(markdown);
    const checkpoints = new Int32Array(2 * (Math.floor(markdown.length / MARKDOWN_STEP) + 1));
    // Walk the string (well-formed: a high surrogate is always followed by its low one). Each
    // checkpoint is at most (count - 1)·STEP ≤ length, so the walk never passes the end.
    const count = checkpoints.length / 2;
    let b = 0;
    let u = 0;
    for (let next = 0; next < count;) {
      if (u >= next * MARKDOWN_STEP) {
        checkpoints[2 * next] = u;
        checkpoints[2 * next + 1] = b;
        next++;
        continue;
      }
      const c = markdown.charCodeAt(u);
      if (c < 0x80) {
        b += 1;
        u += 1;
      } else if (c < 0x800) {
        b += 2;
        u += 1;
      } else if (c >= 0xd800 && c <= 0xdbff) {
        b += 4;
        u += 2;
      } else {
        b += 3;
        u += 1;
      }
    }
    return new MarkdownText({ text: bytes, checkpoints, length: markdown.length });
  }

  /** Exactly `markdown.slice(start, end)`. */
  slice(start: number, end: number = this.length): string {
    const from = clampIndex(start, this.length);
    const to = clampIndex(end, this.length);
    if (to <= from) return '';
    if (this.text instanceof Uint16Array) {
      let out = '';
      for (let i = from; i < to; i += 8192)
        out += String.fromCharCode.apply(null, this.text.subarray(i, Math.min(to, i + 8192)) as unknown as number[]);
      return out;
    }
    const bytes = this.text;
    const [startByte, skip] = this.locate(from);
    const [endByte, inside] = this.locate(to);
    // An end inside a surrogate pair takes the whole character and drops its second unit.
    const stop = Math.min(bytes.length, inside === 1 ? endByte + 4 : endByte);
    const decoded = utf8Decoder.decode(bytes.subarray(Math.min(startByte, stop), stop));
    return decoded.slice(skip, decoded.length - (inside === 1 ? 1 : 0));
  }

  /** The byte where the character holding UTF-16 offset `at` starts, and how many units into it `at` is (0, or 1 inside a pair). */
  private locate(at: number): [number, number] {
    const bytes = this.text;
    const count = this.checkpoints.length >> 1;
    let k = Math.min(count - 1, Math.floor(at / MARKDOWN_STEP));
    // A checkpoint sits one unit late where its step falls inside a pair.
    while (k > 0 && this.checkpoints[2 * k]! > at) k--;
    let unit = k >= 0 ? this.checkpoints[2 * k]! : 0;
    let b = k >= 0 ? this.checkpoints[2 * k + 1]! : 0;
    while (unit < at && b < bytes.length) {
      const length = sequenceLength(bytes[b]!);
      const units = length === 4 ? 2 : 1;
      if (unit + units > at) return [b, at - unit];
      unit += units;
      b += length;
    }
    return [Math.min(b, bytes.length), 0];
  }
}

/** No lone surrogate (String.prototype.isWellFormed where the runtime has it). */
function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(text) : !/\p{Cs}/u.test(text);
}

/** String.prototype.slice's reading of an index. */
function clampIndex(value: number, length: number): number {
  const n = Number.isNaN(value) ? 0 : Math.trunc(value);
  if (n < 0) return Math.max(0, length + n);
  return Math.min(n, length);
}
