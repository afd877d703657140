/**
 * The result model as bytes: built once from a stored result (in main, off its event loop)
 * and handed to the window, which makes typed-array views over them without copying or
 * parsing the result again.
 *
 * Layout (little-endian, as every platform the app runs on):
 *   header   u32 magic "GWM1", u32 version, u32 total length, u32 unused, u32 section
 *            count, then per section u32 element type,
 *            u32 byte offset, u32 byte length, u32 zero; padded to 8 bytes.
 *   sections in SECTIONS order, each at an offset that is a multiple of 8 (so a Float64
 *            view needs no copy): a small JSON section (type names, page summaries, failed
 *            pages, range units, lengths), then the columns of modelColumns.ts, the
 *            interval index, the Markdown (UTF-8, or UTF-16 when it has a lone surrogate)
 *            and its checkpoints, the code-point index.
 * Bytes are a cache beside the stored result. Whether they are intact is the cache file's to
 * say (its SHA-256, checked in main before the bytes go anywhere; a second checksum here cost
 * the window 27 ms per 1,000-page model). What this reader guarantees, whatever the bytes: every
 * length, offset and index the model will follow is checked once, so no later lookup can read
 * out of range or loop; anything off is refused as `unreadable_model` and the model rebuilt.
 */
import { AppError } from '../errors.js';
import type { StoredResult } from '../result.js';
import { CodePointIndex } from './codePointIndex.js';
import { IdTable } from './idTable.js';
import { IntervalIndex, leafBaseFor } from './intervalIndex.js';
import { MARKDOWN_STEP, MarkdownText } from './markdownText.js';
import type { ModelColumns, PageInfo } from './modelColumns.js';
import { modelOf, type ParseModel } from './parseModel.js';
import { modelOfResult } from './resultModel.js';
import { strictUtf8Decoder, utf8Encoder } from './textCoding.js';

/** Bumped whenever the byte layout changes: bytes of another version are rebuilt, never read. */
export const MODEL_FORMAT_VERSION = 2;

const MAGIC = 0x314d5747; // "GWM1" read as a little-endian u32

type Typed = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;
const KINDS = [Uint8Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array] as const;
type Kind = (typeof KINDS)[number];

/** Every section, in order, with the element types it may have. */
const SECTIONS = {
  meta: [Uint8Array],
  idBytes: [Uint8Array],
  idOffsets: [Int32Array],
  idHash: [Int32Array],
  type: [Uint8Array, Int32Array],
  parent: [Int32Array],
  depth: [Uint8Array],
  childStart: [Int32Array],
  childList: [Int32Array],
  page: [Int32Array, Float64Array],
  rangeStart: [Int32Array],
  rangeEnd: [Int32Array],
  box: [Float32Array, Float64Array],
  bits: [Uint16Array],
  atomStart: [Int32Array],
  atomPage: [Int32Array, Float64Array],
  atomRange: [Int32Array],
  atomBox: [Float32Array, Float64Array],
  atomConfidence: [Float64Array],
  atomBits: [Uint8Array],
  cellOf: [Int32Array],
  cells: [Int32Array, Float64Array],
  boxPages: [Float64Array],
  boxPageStart: [Int32Array],
  boxList: [Int32Array],
  ivStarts: [Int32Array],
  ivEnds: [Int32Array],
  ivValues: [Int32Array],
  ivMaxEnd: [Int32Array],
  markdown: [Uint8Array, Uint16Array],
  checkpoints: [Int32Array],
  astralAtCodePoint: [Uint32Array],
  astralAtUtf16: [Uint32Array],
} as const satisfies Record<string, readonly Kind[]>;
type SectionName = keyof typeof SECTIONS;
const NAMES = Object.keys(SECTIONS) as SectionName[];
const HEADER_BYTES = align8(20 + 16 * NAMES.length);

interface Meta {
  typeNames: string[];
  pages: PageInfo[];
  failedPages: number[];
  foreignRangeUnits: string | null;
  markdownLength: number;
  codePointLength: number;
}

/** Builds the model of a parse or analyzer result and writes it as bytes; throws `unreadable_result` like modelOfResult. */
export function encodeModel(result: Pick<StoredResult, 'kind' | 'response'>): Uint8Array {
  return modelToBytes(modelOfResult(result));
}

/** A built model as bytes. */
export function modelToBytes(model: ParseModel): Uint8Array {
  const c = model.columns;
  const iv = model.ranges.arrays();
  const meta: Meta = {
    typeNames: c.typeNames,
    pages: c.pages,
    failedPages: c.failedPages,
    foreignRangeUnits: c.foreignRangeUnits,
    markdownLength: model.text.length,
    codePointLength: model.index.codePointLength,
  };
  const arrays: Record<SectionName, Typed> = {
    meta: utf8Encoder.encode(JSON.stringify(meta)),
    idBytes: c.ids.bytes,
    idOffsets: c.ids.offsets,
    idHash: c.ids.hash,
    type: c.type,
    parent: c.parent,
    depth: c.depth,
    childStart: c.childStart,
    childList: c.childList,
    page: c.page,
    rangeStart: c.rangeStart,
    rangeEnd: c.rangeEnd,
    box: c.box,
    bits: c.bits,
    atomStart: c.atomStart,
    atomPage: c.atomPage,
    atomRange: c.atomRange,
    atomBox: c.atomBox,
    atomConfidence: c.atomConfidence,
    atomBits: c.atomBits,
    cellOf: c.cellOf,
    cells: c.cells,
    boxPages: c.boxPages,
    boxPageStart: c.boxPageStart,
    boxList: c.boxList,
    ivStarts: iv.starts,
    ivEnds: iv.ends,
    ivValues: iv.values,
    ivMaxEnd: iv.maxEnd,
    markdown: model.text.text,
    checkpoints: model.text.checkpoints,
    astralAtCodePoint: model.index.astralAtCodePoint,
    astralAtUtf16: model.index.astralAtUtf16,
  };
  let total = HEADER_BYTES;
  const offsets = NAMES.map((name) => {
    const at = total;
    total = align8(total + arrays[name].byteLength);
    return at;
  });
  const bytes = new Uint8Array(total);
  const words = new Uint32Array(bytes.buffer);
  NAMES.forEach((name, s) => {
    const array = arrays[name];
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offsets[s]!);
    words[5 + 4 * s] = KINDS.indexOf(array.constructor as Kind);
    words[6 + 4 * s] = offsets[s]!;
    words[7 + 4 * s] = array.byteLength;
  });
  words[0] = MAGIC;
  words[1] = MODEL_FORMAT_VERSION;
  words[2] = total;
  words[4] = NAMES.length;
  return bytes;
}

/** The model over bytes from encodeModel; `unreadable_model` when they are not a well-formed model of this version. */
export function decodeModel(bytes: Uint8Array): ParseModel {
  try {
    return readModel(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A check below missed something: still the stored bytes' fault, never the window's.
    throw unreadableModel('it could not be read');
  }
}

function readModel(input: Uint8Array): ParseModel {
  if (!(input instanceof Uint8Array) || input.byteLength < HEADER_BYTES || input.byteLength % 8 !== 0)
    throw unreadableModel('it is cut short');
  // Views need aligned offsets: bytes that arrive at an odd place in their buffer are copied once.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  if (words[0] !== MAGIC) throw unreadableModel('it is not a result model');
  if (words[1] !== MODEL_FORMAT_VERSION) throw unreadableModel(`it is of format ${words[1]}, not ${MODEL_FORMAT_VERSION}`);
  if (words[2] !== bytes.byteLength) throw unreadableModel('it is cut short');
  if (words[4] !== NAMES.length) throw unreadableModel('its section table is damaged');

  const s = {} as { [K in SectionName]: InstanceType<(typeof SECTIONS)[K][number]> };
  NAMES.forEach((name, k) => {
    const kind = KINDS[words[5 + 4 * k]!];
    const offset = words[6 + 4 * k]!;
    const length = words[7 + 4 * k]!;
    if (!kind || !(SECTIONS[name] as readonly Kind[]).includes(kind)) throw damaged(`${name} has the wrong element type`);
    if (offset % 8 !== 0 || offset < HEADER_BYTES || offset + length > bytes.byteLength || length % kind.BYTES_PER_ELEMENT !== 0)
      throw damaged(`${name} lies outside the bytes`);
    (s as Record<string, Typed>)[name] = new kind(bytes.buffer as ArrayBuffer, bytes.byteOffset + offset, length / kind.BYTES_PER_ELEMENT);
  });

  const meta = readMeta(s.meta);
  const n = s.type.length;
  if (n < 1) throw damaged('no nodes');
  for (const [name, expected] of [
    ['parent', n],
    ['depth', n],
    ['childStart', n + 1],
    ['page', n],
    ['rangeStart', n],
    ['rangeEnd', n],
    ['box', 4 * n],
    ['bits', n],
    ['atomStart', n + 1],
    ['cellOf', n],
    ['idOffsets', n + 1],
  ] as const) {
    if (s[name].length !== expected) throw damaged(`${name} has ${s[name].length} entries for ${n} nodes`);
  }
  const types = meta.typeNames.length;
  for (let i = 0; i < n; i++) {
    const t = s.type[i]!;
    if (t < 0 || t >= types) throw damaged('a node type is out of range');
    const p = s.parent[i]!;
    // Parents come before their children, so every walk up the tree ends.
    if (i === 0 ? p !== -1 : p < 0 || p >= i) throw damaged('a parent is out of order');
  }
  ascending(s.idOffsets, s.idBytes.length, 'idOffsets');
  const hash = s.idHash;
  if (hash.length < 2 || (hash.length & (hash.length - 1)) !== 0) throw damaged('the id table size is not a power of two');
  for (let k = 0; k < hash.length; k++) if (hash[k]! < 0 || hash[k]! > n) throw damaged('the id table points past the nodes');
  ascending(s.childStart, s.childList.length, 'childStart');
  for (let i = 0; i < n; i++) {
    for (let k = s.childStart[i]!; k < s.childStart[i + 1]!; k++) {
      const child = s.childList[k]!;
      if (child <= i || child >= n || s.parent[child] !== i) throw damaged('a child list does not match the parents');
    }
  }
  const m = s.atomStart[n]!;
  ascending(s.atomStart, m, 'atomStart');
  if (s.atomConfidence.length !== m && s.atomConfidence.length !== 0) throw damaged('atomConfidence does not match the atoms');
  for (const [name, expected] of [
    ['atomPage', m],
    ['atomRange', 2 * m],
    ['atomBox', 4 * m],
    ['atomBits', m],
  ] as const) {
    if (s[name].length !== expected) throw damaged(`${name} has ${s[name].length} entries for ${m} atoms`);
  }
  if (s.cells.length % 4 !== 0) throw damaged('cells are not in fours');
  for (let i = 0; i < n; i++) if (s.cellOf[i]! < -1 || s.cellOf[i]! >= s.cells.length / 4) throw damaged('a cell is out of range');
  for (const page of meta.pages) if (page.node < 0 || page.node >= n) throw damaged('a page names no node');
  if (s.boxPageStart.length !== s.boxPages.length + 1) throw damaged('boxPageStart does not match boxPages');
  ascending(s.boxPageStart, s.boxList.length, 'boxPageStart');
  inNodes(s.boxList, n, 'boxList');
  const intervals = s.ivStarts.length;
  if (s.ivEnds.length !== intervals || s.ivValues.length !== intervals || s.ivMaxEnd.length !== 2 * leafBaseFor(intervals))
    throw damaged('the interval index is inconsistent');
  inNodes(s.ivValues, n, 'ivValues');

  const length = meta.markdownLength;
  if (s.markdown instanceof Uint16Array) {
    if (s.markdown.length !== length || s.checkpoints.length !== 0) throw damaged('the UTF-16 Markdown has the wrong length');
  } else {
    const count = Math.floor(length / MARKDOWN_STEP) + 1;
    if (s.checkpoints.length !== 2 * count) throw damaged('the Markdown checkpoints are missing');
    let unit = 0;
    let byte = 0;
    for (let k = 0; k < count; k++) {
      const u = s.checkpoints[2 * k]!;
      const b = s.checkpoints[2 * k + 1]!;
      if (u < unit || u > length || b < byte || b > s.markdown.length) throw damaged('the Markdown checkpoints are out of order');
      unit = u;
      byte = b;
    }
  }
  if (s.astralAtCodePoint.length !== s.astralAtUtf16.length) throw damaged('the code-point index is inconsistent');

  const columns: ModelColumns = {
    ids: new IdTable({ bytes: s.idBytes, offsets: s.idOffsets, hash: s.idHash }),
    typeNames: meta.typeNames,
    type: s.type,
    parent: s.parent,
    depth: s.depth,
    childStart: s.childStart,
    childList: s.childList,
    page: s.page,
    rangeStart: s.rangeStart,
    rangeEnd: s.rangeEnd,
    box: s.box,
    bits: s.bits,
    atomStart: s.atomStart,
    atomPage: s.atomPage,
    atomRange: s.atomRange,
    atomBox: s.atomBox,
    atomConfidence: s.atomConfidence,
    atomBits: s.atomBits,
    cellOf: s.cellOf,
    cells: s.cells,
    pages: meta.pages,
    boxPages: s.boxPages,
    boxPageStart: s.boxPageStart,
    boxList: s.boxList,
    failedPages: meta.failedPages,
    foreignRangeUnits: meta.foreignRangeUnits,
  };
  const text = new MarkdownText({ text: s.markdown, checkpoints: s.checkpoints, length });
  const index = new CodePointIndex({
    astralAtCodePoint: s.astralAtCodePoint,
    astralAtUtf16: s.astralAtUtf16,
    utf16Length: length,
    codePointLength: meta.codePointLength,
  });
  const ranges = new IntervalIndex({ starts: s.ivStarts, ends: s.ivEnds, values: s.ivValues, maxEnd: s.ivMaxEnd });
  return modelOf(columns, text, index, ranges);
}

function readMeta(bytes: Uint8Array): Meta {
  let value: unknown;
  try {
    value = JSON.parse(strictUtf8Decoder.decode(bytes));
  } catch {
    throw damaged('its summary is not JSON');
  }
  const v = value as Partial<Record<keyof Meta, unknown>> | null;
  const isString = (x: unknown): x is string => typeof x === 'string';
  const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
  const isLength = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
  if (
    typeof v !== 'object' ||
    v === null ||
    !Array.isArray(v.typeNames) ||
    !v.typeNames.every(isString) ||
    !Array.isArray(v.pages) ||
    !v.pages.every(pageInfoOk) ||
    !Array.isArray(v.failedPages) ||
    !v.failedPages.every(isNumber) ||
    !(v.foreignRangeUnits === null || isString(v.foreignRangeUnits)) ||
    !isLength(v.markdownLength) ||
    !isLength(v.codePointLength) ||
    v.markdownLength > 0x7fffffff
  ) {
    throw damaged('its summary is incomplete');
  }
  return v as Meta;
}

function pageInfoOk(p: unknown): p is PageInfo {
  const v = p as Partial<Record<keyof PageInfo, unknown>> | null;
  if (typeof v !== 'object' || v === null) return false;
  const ocr = v.ocr as { engine?: unknown; languages?: unknown } | null;
  const ocrOk =
    ocr === null ||
    (typeof ocr === 'object' &&
      typeof ocr.engine === 'string' &&
      Array.isArray(ocr.languages) &&
      ocr.languages.every((l) => typeof l === 'string'));
  return (
    typeof v.page === 'number' &&
    Number.isSafeInteger(v.node) &&
    typeof v.status === 'string' &&
    typeof v.reason === 'string' &&
    typeof v.failed === 'boolean' &&
    ocrOk
  );
}

/** Offsets from 0, never decreasing, ending at `end`. */
function ascending(offsets: Int32Array, end: number, name: string): void {
  if (offsets[0] !== 0 || offsets[offsets.length - 1] !== end) throw damaged(`${name} does not span its data`);
  for (let k = 1; k < offsets.length; k++) if (offsets[k]! < offsets[k - 1]!) throw damaged(`${name} goes backwards`);
}

function inNodes(indices: Int32Array, n: number, name: string): void {
  for (let k = 0; k < indices.length; k++) if (indices[k]! < 0 || indices[k]! >= n) throw damaged(`${name} points past the nodes`);
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}

function damaged(what: string): AppError {
  return unreadableModel(`it is damaged (${what})`);
}

function unreadableModel(why: string): AppError {
  return new AppError({
    code: 'unreadable_model',
    message: `This result's stored model cannot be read: ${why}.`,
    hint: 'Open the result again: its model is rebuilt from the stored result.',
  });
}
