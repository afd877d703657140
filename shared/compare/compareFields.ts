/**
 * Two extractions of one document, field by field. Fields are matched by path (`total`,
 * `address.city`: what flattenFields gives), never by position, so a schema that adds, drops or
 * reorders properties still lines up. Array items are matched by content (alignItems: most of
 * their values the same), so an item inserted at the front is one item only in B and the items
 * after it are compared with their true partners, whose paths then differ (A's `line_items[0]`
 * against B's `line_items[1]`): each row keeps both sides' fields, paths included. Values are
 * equal when they are the same JSON value: `"12"` and `12` differ, as do `"$1,242.00"` and
 * `1242` — a reviewer wants to see a changed type. Each side keeps its own ranges, grounded in
 * its own source parse result by the caller.
 */
import type { FieldEntry } from '../grounding/fields.js';
import { alignItems } from './alignItems.js';
import { fieldTree, leavesOf, type FieldNode } from './fieldTree.js';

/** differs: both have it, values differ; only_a / only_b: it vanished or appeared; same: equal values. */
export type FieldStatus = 'differs' | 'only_a' | 'only_b' | 'same';

export interface FieldComparison {
  /** A's path where A has the field, else B's; `a.path` and `b.path` are each side's own. */
  path: string;
  status: FieldStatus;
  a: FieldEntry | null;
  b: FieldEntry | null;
}

/** Whole array items of one array that one side has and the other not, and those paired with changes. */
export interface ItemsSummary {
  /** The array's path (A's, else B's): `line_items`. */
  array: string;
  onlyA: number;
  onlyB: number;
  changed: number;
}

export interface FieldsSummary {
  /** Paths in either extraction. */
  total: number;
  differs: number;
  onlyA: number;
  onlyB: number;
  same: number;
  /** Arrays whose items do not all have an equal partner. */
  items: ItemsSummary[];
  /** "3 of 12 fields differ (0 changed, 0 only in A, 3 only in B) · line_items: 1 item only in B". */
  text: string;
}

export interface FieldsComparison {
  /** The differing, vanished and appearing fields first (in A's order, B's where only B has them), then the equal ones. */
  rows: FieldComparison[];
  summary: FieldsSummary;
}

const STATUS_ORDER: Record<FieldStatus, number> = { differs: 0, only_a: 1, only_b: 2, same: 3 };

export function compareFields(a: readonly FieldEntry[], b: readonly FieldEntry[]): FieldsComparison {
  const rows: Array<FieldComparison & { order: number }> = [];
  const items: ItemsSummary[] = [];
  const push = (x: FieldEntry | null, y: FieldEntry | null) => {
    const status: FieldStatus = !y ? 'only_a' : !x ? 'only_b' : sameValue(x.value, y.value) ? 'same' : 'differs';
    rows.push({ path: (x ?? y)!.path, status, a: x, b: y, order: rows.length });
  };
  const alone = (at: FieldNode, side: 'a' | 'b') => {
    for (const field of leavesOf(at)) push(side === 'a' ? field : null, side === 'b' ? field : null);
  };
  // `path`: where the two nodes are, A's path (array indices as in A).
  const walk = (x: FieldNode, y: FieldNode, path: string) => {
    if (x.field || y.field) push(x.field, y.field);
    for (const [key, child] of x.keys) {
      const other = y.keys.get(key);
      if (other) walk(child, other, path ? `${path}.${key}` : key);
      else alone(child, 'a');
    }
    for (const [key, child] of y.keys) if (!x.keys.has(key)) alone(child, 'b');
    if (x.items.size === 0 || y.items.size === 0) {
      for (const child of x.items.values()) alone(child, 'a');
      for (const child of y.items.values()) alone(child, 'b');
      return;
    }
    const listA = [...x.items.values()];
    const listB = [...y.items.values()];
    const indexA = [...x.items.keys()];
    const signA = listA.map((item) => signature(item));
    const signB = listB.map((item) => signature(item));
    const counts: ItemsSummary = { array: path, onlyA: 0, onlyB: 0, changed: 0 };
    const keys = (signs: Signature[]) => signs.map(keyOf);
    for (const pair of alignItems(keys(signA), keys(signB), (i, j) => similarity(signA[i]!, signB[j]!))) {
      if (pair.a === null) {
        counts.onlyB++;
        alone(listB[pair.b!]!, 'b');
      } else if (pair.b === null) {
        counts.onlyA++;
        alone(listA[pair.a]!, 'a');
      } else {
        if (similarity(signA[pair.a]!, signB[pair.b]!) < 1) counts.changed++;
        walk(listA[pair.a]!, listB[pair.b]!, `${path}[${indexA[pair.a]}]`);
      }
    }
    if (counts.onlyA + counts.onlyB + counts.changed > 0) items.push(counts);
  };
  walk(fieldTree(a), fieldTree(b), '');

  rows.sort((x, y) => STATUS_ORDER[x.status] - STATUS_ORDER[y.status] || x.order - y.order);
  const count = (status: FieldStatus) => rows.filter((r) => r.status === status).length;
  const differs = count('differs');
  const onlyA = count('only_a');
  const onlyB = count('only_b');
  const changed = differs + onlyA + onlyB;
  const parts = [`${differs} changed`, `${onlyA} only in A`, `${onlyB} only in B`];
  const itemParts = items.filter((s) => s.onlyA + s.onlyB > 0).map(itemsText);
  return {
    rows: rows.map(({ order: _order, ...row }) => row),
    summary: {
      total: rows.length,
      differs,
      onlyA,
      onlyB,
      same: count('same'),
      items,
      text:
        `${changed} of ${rows.length} field${rows.length === 1 ? '' : 's'} ${changed === 1 ? 'differs' : 'differ'} (${parts.join(', ')})` +
        (itemParts.length > 0 ? ` · ${itemParts.join('; ')}` : ''),
    },
  };
}

/** "line_items: 1 item only in B, 2 only in A". */
function itemsText(s: ItemsSummary): string {
  const parts: string[] = [];
  if (s.onlyB > 0) parts.push(`${s.onlyB} only in B`);
  if (s.onlyA > 0) parts.push(`${s.onlyA} only in A`);
  const first = s.onlyB > 0 ? s.onlyB : s.onlyA;
  parts[0] = parts[0]!.replace(/^(\d+) /, `$1 item${first === 1 ? '' : 's'} `);
  return `${s.array}: ${parts.join(', ')}`;
}

/**
 * An item's values as a multiset of `path within the item (indices left out)=value`: indices
 * left out so an item whose inner list gained a row is still like its old self.
 */
interface Signature {
  counts: Map<string, number>;
  size: number;
}

function signature(item: FieldNode): Signature {
  const counts = new Map<string, number>();
  let size = 0;
  const visit = (at: FieldNode, rel: string) => {
    if (at.field) {
      const key = `${rel}=${jsonOf(at.field.value)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      size++;
    }
    for (const [key, child] of at.keys) visit(child, `${rel}.${key}`);
    for (const child of at.items.values()) visit(child, `${rel}[]`);
  };
  visit(item, '');
  return { counts, size };
}

/** The same string exactly when the items are equal (similarity 1): the multiset of values, in a fixed order. */
function keyOf(sign: Signature): string {
  return JSON.stringify([...sign.counts].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)));
}

/** Share of the two items' values found in both (1: equal, for the same multiset of values at the same places). */
function similarity(x: Signature, y: Signature): number {
  const size = Math.max(x.size, y.size);
  if (size === 0) return 1;
  let same = 0;
  for (const [key, n] of x.counts) same += Math.min(n, y.counts.get(key) ?? 0);
  return same / size;
}

function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return String(value);
  }
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
