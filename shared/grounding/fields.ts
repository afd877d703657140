/**
 * An extraction as a flat list of fields: every leaf value of `extraction` (nested objects
 * and arrays included) with its path and the code-point ranges `extraction_metadata` gives
 * for it. The metadata mirrors the extraction's shape; a leaf's entry is `{ranges: [...]}`.
 */
import type { CodePointRange } from '../contracts/v2Parse.js';

export interface FieldEntry {
  /** `total`, `address.city`, `line_items[2].amount`. */
  path: string;
  value: unknown;
  ranges: CodePointRange[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function rangesOf(meta: unknown): CodePointRange[] {
  if (!isRecord(meta) || !Array.isArray(meta.ranges)) return [];
  return meta.ranges.filter((r): r is CodePointRange => isRecord(r) && Number.isInteger(r.start) && Number.isInteger(r.end));
}

export function flattenFields(extraction: unknown, metadata: unknown): FieldEntry[] {
  const out: FieldEntry[] = [];
  const walk = (value: unknown, meta: unknown, path: string) => {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push({ path, value, ranges: rangesOf(meta) });
      value.forEach((item, i) => walk(item, Array.isArray(meta) ? meta[i] : isRecord(meta) && Array.isArray(meta.items) ? meta.items[i] : undefined, `${path}[${i}]`));
      return;
    }
    if (isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        walk(child, isRecord(meta) ? meta[key] : undefined, path ? `${path}.${key}` : key);
      }
      return;
    }
    out.push({ path, value, ranges: rangesOf(meta) });
  };
  walk(extraction, metadata, '');
  return out;
}

export interface ExtractNotice {
  code: string;
  message: string;
}

/** Warnings (and a schema violation) as notices, whatever their shape: strings, `{code, msg}` or `{code, message}`. */
export function extractNotices(response: { warnings?: unknown; schema_violation_error?: unknown }): ExtractNotice[] {
  const notices: ExtractNotice[] = [];
  for (const warning of Array.isArray(response.warnings) ? response.warnings : []) {
    if (typeof warning === 'string') notices.push({ code: 'warning', message: warning });
    else if (isRecord(warning)) {
      const message = warning.msg ?? warning.message ?? JSON.stringify(warning);
      notices.push({ code: typeof warning.code === 'string' ? warning.code : 'warning', message: String(message) });
    }
  }
  if (typeof response.schema_violation_error === 'string' && response.schema_violation_error) {
    notices.push({ code: 'schema_violation', message: response.schema_violation_error });
  }
  return notices;
}

/** Whether a notice is about a field: it names the field's path (quoted or as a word), or a parent of it. */
export function noticeConcerns(notice: ExtractNotice, path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s"'\`(])${escaped}($|[\\s"'\`),.:;])`).test(notice.message);
}
