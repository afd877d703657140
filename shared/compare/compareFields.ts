/**
 * Two extractions of one document, field by field. Fields are matched by path (`total`,
 * `address.city`, `line_items[2].amount`: what flattenFields gives), never by position, so a
 * schema that adds, drops or reorders properties still lines up. Values are equal when they
 * are the same JSON value: `"12"` and `12` differ, as do `"$1,242.00"` and `1242` — a reviewer
 * wants to see a changed type. Each side keeps its own ranges, grounded in its own source
 * parse result by the caller. Array items are not aligned: an item inserted at the front
 * shifts the paths after it, so those show as differing (each with both values).
 */
import type { FieldEntry } from '../grounding/fields.js';

/** differs: both have it, values differ; only_a / only_b: it vanished or appeared; same: equal values. */
export type FieldStatus = 'differs' | 'only_a' | 'only_b' | 'same';

export interface FieldComparison {
  path: string;
  status: FieldStatus;
  a: FieldEntry | null;
  b: FieldEntry | null;
}

export interface FieldsSummary {
  /** Paths in either extraction. */
  total: number;
  differs: number;
  onlyA: number;
  onlyB: number;
  same: number;
  /** "7 of 42 fields differ (3 changed, 2 only in A, 2 only in B)". */
  text: string;
}

export interface FieldsComparison {
  /** The differing, vanished and appearing fields first (in A's order, then B's), then the equal ones. */
  rows: FieldComparison[];
  summary: FieldsSummary;
}

const STATUS_ORDER: Record<FieldStatus, number> = { differs: 0, only_a: 1, only_b: 2, same: 3 };

export function compareFields(a: readonly FieldEntry[], b: readonly FieldEntry[]): FieldsComparison {
  const inB = new Map<string, FieldEntry>();
  for (const field of b) if (!inB.has(field.path)) inB.set(field.path, field);
  const seen = new Set<string>();
  const rows: Array<FieldComparison & { order: number }> = [];
  for (const field of a) {
    if (seen.has(field.path)) continue;
    seen.add(field.path);
    const other = inB.get(field.path) ?? null;
    const status: FieldStatus = other === null ? 'only_a' : sameValue(field.value, other.value) ? 'same' : 'differs';
    rows.push({ path: field.path, status, a: field, b: other, order: rows.length });
  }
  for (const field of b) {
    if (seen.has(field.path)) continue;
    seen.add(field.path);
    rows.push({ path: field.path, status: 'only_b', a: null, b: field, order: rows.length });
  }
  rows.sort((x, y) => STATUS_ORDER[x.status] - STATUS_ORDER[y.status] || x.order - y.order);
  const count = (status: FieldStatus) => rows.filter((r) => r.status === status).length;
  const differs = count('differs');
  const onlyA = count('only_a');
  const onlyB = count('only_b');
  const changed = differs + onlyA + onlyB;
  const parts = [`${differs} changed`, `${onlyA} only in A`, `${onlyB} only in B`];
  return {
    rows: rows.map(({ order: _order, ...row }) => row),
    summary: {
      total: rows.length,
      differs,
      onlyA,
      onlyB,
      same: count('same'),
      text: `${changed} of ${rows.length} field${rows.length === 1 ? '' : 's'} ${changed === 1 ? 'differs' : 'differ'} (${parts.join(', ')})`,
    },
  };
}

/** Equal as JSON values: same type, same scalar, arrays item by item, objects key by key (in any order). */
export function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== typeof y || x === null || y === null || typeof x !== 'object') return false;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((item, i) => sameValue(item, y[i]));
  const xr = x as Record<string, unknown>;
  const yr = y as Record<string, unknown>;
  const keys = Object.keys(xr);
  return keys.length === Object.keys(yr).length && keys.every((k) => Object.hasOwn(yr, k) && sameValue(xr[k], yr[k]));
}

/** A value as one line of text, for the list: strings as they are, anything else as JSON (bounded). */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 500 ? `${text.slice(0, 500)}…` : text;
  } catch {
    return '(a value too deep to show)';
  }
}
