/**
 * An extraction as a flat list of fields: every leaf value of `extraction` (nested objects
 * and arrays included) with its path and the code-point ranges `extraction_metadata` gives
 * for it. The metadata mirrors the extraction's shape; a leaf's entry is `{ranges: [...]}`.
 */
import type { CodePointRange } from '../contracts/v2Parse.js';

/**
 * Why a field is shown with a warning: a range entry that is not two whole numbers (it is
 * left out), a range outside the Markdown it points into, or a value nested too deeply to
 * be walked (shown as one value).
 */
export type FieldFlag = 'range_invalid' | 'range_out_of_bounds' | 'too_deep' | 'range_units_unknown';

export const FIELD_FLAG_LABELS: Record<FieldFlag, string> = {
  range_invalid: 'unreadable range left out',
  range_out_of_bounds: 'range outside the Markdown',
  too_deep: 'nested too deeply to list',
  range_units_unknown: 'range in units other than code points; not linked to the page',
};

export interface FieldEntry {
  /** `total`, `address.city`, `line_items[2].amount`. */
  path: string;
  value: unknown;
  ranges: CodePointRange[];
  /** Present when something about the field is questionable. */
  flags?: FieldFlag[];
}

/** Extractions nest a few levels; deeper values are one field each, flagged, so the walk stays bounded. */
export const MAX_FIELD_DEPTH = 32;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `record[key]` if it is the record's own: a field may be named `constructor` or `__proto__`. */
const own = (record: unknown, key: string): unknown => (isRecord(record) && Object.hasOwn(record, key) ? record[key] : undefined);

function rangesOf(meta: unknown, flags: FieldFlag[]): CodePointRange[] {
  const sent = own(meta, 'ranges');
  if (sent === undefined || sent === null) return [];
  const all: unknown[] = Array.isArray(sent) ? sent : [sent];
  const ranges = all.filter((r): r is CodePointRange => isRecord(r) && Number.isInteger(r.start) && Number.isInteger(r.end));
  if (ranges.length < all.length) flags.push('range_invalid');
  return ranges;
}

/**
 * Every leaf of the extraction with its path and ranges, in document order; at most `limit`
 * of them (the walk stops there, so a million-element array costs no more than the limit).
 */
export function flattenFields(extraction: unknown, metadata: unknown, limit = Infinity): FieldEntry[] {
  const out: FieldEntry[] = [];
  const leaf = (path: string, value: unknown, meta: unknown, extra?: FieldFlag) => {
    const flags: FieldFlag[] = extra ? [extra] : [];
    const ranges = rangesOf(meta, flags);
    out.push(flags.length > 0 ? { path, value, ranges, flags } : { path, value, ranges });
  };
  const walk = (value: unknown, meta: unknown, path: string, depth: number) => {
    if (out.length >= limit) return;
    if (depth > MAX_FIELD_DEPTH && (Array.isArray(value) || isRecord(value))) return leaf(path, '(nested too deeply)', meta, 'too_deep');
    if (Array.isArray(value)) {
      if (value.length === 0) leaf(path, value, meta);
      const items = Array.isArray(meta) ? meta : own(meta, 'items');
      for (let i = 0; i < value.length && out.length < limit; i++) {
        walk(value[i], Array.isArray(items) ? (items as unknown[])[i] : undefined, `${path}[${i}]`, depth + 1);
      }
      return;
    }
    if (isRecord(value)) {
      for (const key of Object.keys(value)) {
        if (out.length >= limit) return;
        walk(value[key], own(meta, key), path ? `${path}.${key}` : key, depth + 1);
      }
      return;
    }
    leaf(path, value, meta);
  };
  walk(extraction, metadata, '', 0);
  return out;
}

export interface ExtractNotice {
  code: string;
  message: string;
}

/** A service sends a few warnings; past this many the rest are counted in one last notice. */
export const MAX_NOTICES = 100;

/** Warnings (and a schema violation) as notices, whatever their shape: strings, `{code, msg}` or `{code, message}`. */
export function extractNotices(response: { warnings?: unknown; schema_violation_error?: unknown }): ExtractNotice[] {
  const notices: ExtractNotice[] = [];
  const { warnings: sent } = response;
  // Not a list (one object, a string): kept and shown as one warning.
  const warnings = Array.isArray(sent) ? sent : sent === undefined || sent === null ? [] : [sent];
  for (const warning of warnings.slice(0, MAX_NOTICES)) {
    if (typeof warning === 'string') notices.push({ code: 'warning', message: warning });
    else if (isRecord(warning)) {
      const message =
        typeof warning.msg === 'string'
          ? warning.msg
          : typeof warning.message === 'string'
            ? warning.message
            : textOf(warning.msg ?? warning.message ?? warning);
      notices.push({ code: typeof warning.code === 'string' ? warning.code : 'warning', message });
    } else notices.push({ code: 'warning', message: textOf(warning) }); // a number, a list, null: shown as it came
  }
  if (warnings.length > MAX_NOTICES)
    notices.push({ code: 'more_warnings', message: `${warnings.length - MAX_NOTICES} more warnings are not listed.` });
  const violation = response.schema_violation_error;
  if (violation !== null && violation !== undefined && violation !== '') {
    notices.push({ code: 'schema_violation', message: textOf(violation) });
  }
  return notices;
}

/** Any JSON value as short text for a notice; never throws (a value may be nested past JSON.stringify's reach). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  try {
    return (JSON.stringify(value) ?? '').slice(0, 500);
  } catch {
    return 'an unreadable warning';
  }
}

/** Only the start of a long message is searched for field names: enough for any real warning, bounded for a huge one. */
const SEARCHED_CHARACTERS = 2_000;

function concernsPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s"'\`(])${escaped}($|[\\s"'\`),.:;])`);
}

/** Whether a notice is about a field: it names the field's path (quoted or as a word), or a parent of it. */
export function noticeConcerns(notice: ExtractNotice, path: string): boolean {
  return concernsPattern(path).test(notice.message.slice(0, SEARCHED_CHARACTERS));
}

/** Each field's notices, and those about no field; each field's pattern is built once, not once per notice. */
export function noticesByField(
  fields: readonly FieldEntry[],
  notices: readonly ExtractNotice[],
): { byPath: Map<string, ExtractNotice[]>; general: ExtractNotice[] } {
  const byPath = new Map<string, ExtractNotice[]>();
  const placed = new Set<ExtractNotice>();
  if (notices.length > 0) {
    for (const field of fields) {
      const pattern = concernsPattern(field.path);
      const mine = notices.filter((n) => pattern.test(n.message.slice(0, SEARCHED_CHARACTERS)));
      if (mine.length === 0) continue;
      byPath.set(field.path, mine);
      for (const n of mine) placed.add(n);
    }
  }
  return { byPath, general: notices.filter((n) => !placed.has(n)) };
}
