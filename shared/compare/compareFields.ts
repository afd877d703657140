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
import { aligningItems } from './alignItems.js';
import { sketchOf, sketchSimilarity, type ItemSketch } from './itemSketch.js';
import { growingFieldTree, leavesOf, type FieldNode } from './fieldTree.js';

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

/** Fields compared or item values read between two steps of `comparingFields`. */
const WORK_PER_STEP = 500;
/** Item pairs past which a list's items are sketched up front (likeness then may be estimated). */
const SKETCHED_AFTER = 10_000;

export function compareFields(a: readonly FieldEntry[], b: readonly FieldEntry[]): FieldsComparison {
  const steps = comparingFields(a, b);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The comparison in small steps (a few thousand fields compared, or one row of array items
 * weighed, per step), so a window can run it between frames; each step yields how far it is (0–1).
 */
export function* comparingFields(a: readonly FieldEntry[], b: readonly FieldEntry[]): Generator<number, FieldsComparison> {
  const rows: FieldComparison[] = [];
  let work = 0;
  const total = Math.max(1, a.length + b.length);
  const items: ItemsSummary[] = [];
  const push = (x: FieldEntry | null, y: FieldEntry | null) => {
    const status: FieldStatus = !y ? 'only_a' : !x ? 'only_b' : sameValue(x.value, y.value) ? 'same' : 'differs';
    rows.push({ path: (x ?? y)!.path, status, a: x, b: y });
  };
  const alone = (at: FieldNode, side: 'a' | 'b') => {
    for (const field of leavesOf(at)) push(side === 'a' ? field : null, side === 'b' ? field : null);
  };
  // Work done since the last step: true when it is time to yield.
  const due = (units: number) => {
    work += units;
    if (work < WORK_PER_STEP) return false;
    work = 0;
    return true;
  };
  // `path`: where the two nodes are, A's path (array indices as in A).
  const walk = function* (x: FieldNode, y: FieldNode, path: string): Generator<void, void> {
    if (x.field || y.field) push(x.field, y.field);
    if (due(1)) yield;
    for (const [key, child] of x.keys) {
      const other = y.keys.get(key);
      if (other) yield* walk(child, other, path ? `${path}.${key}` : key);
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
    const signs = function* (list: FieldNode[]): Generator<void, Signature[]> {
      const out: Signature[] = [];
      for (const item of list) {
        const sign = signature(item);
        out.push(sign);
        if (due(2 * sign.size)) yield; // the signature, and its key
      }
      return out;
    };
    const signA = yield* signs(listA);
    const signB = yield* signs(listB);
    const counts: ItemsSummary = { array: path, onlyA: 0, onlyB: 0, changed: 0 };
    // Sketches only for lists long enough that their likeness may be estimated, each made in its own step.
    const sketches = function* (list: Signature[]): Generator<void, ItemSketch[]> {
      const out: ItemSketch[] = [];
      if (signA.length * signB.length <= SKETCHED_AFTER) return out;
      for (const sign of list) {
        out.push(sketchOf(sign.counts, sign.size));
        if (due(sign.size)) yield;
      }
      return out;
    };
    const sketchA = yield* sketches(signA);
    const sketchB = yield* sketches(signB);
    const pairs = yield* aligningItems({
      keysA: signA.map((sign) => sign.key),
      keysB: signB.map((sign) => sign.key),
      similarity: (i, j) => similarity(signA[i]!, signB[j]!),
      sizesA: signA.map((sign) => sign.size),
      sizesB: signB.map((sign) => sign.size),
      roughSimilarity: (i, j) =>
        sketchSimilarity(
          (sketchA[i] ??= sketchOf(signA[i]!.counts, signA[i]!.size)),
          (sketchB[j] ??= sketchOf(signB[j]!.counts, signB[j]!.size)),
        ),
    });
    for (const pair of pairs) {
      if (pair.a === null) {
        counts.onlyB++;
        alone(listB[pair.b!]!, 'b');
      } else if (pair.b === null) {
        counts.onlyA++;
        alone(listA[pair.a]!, 'a');
      } else {
        if (similarity(signA[pair.a]!, signB[pair.b]!) < 1) counts.changed++;
        yield* walk(listA[pair.a]!, listB[pair.b]!, `${path}[${indexA[pair.a]}]`);
      }
    }
    if (counts.onlyA + counts.onlyB + counts.changed > 0) items.push(counts);
  };
  const treeA = yield* reporting(growingFieldTree(a), () => 0);
  const treeB = yield* reporting(growingFieldTree(b), () => 0);
  yield* reporting(walk(treeA, treeB, ''), () => rows.length / total);

  // By status, each in the order found: one pass, where a sort of 100,000 rows would hold the window.
  const byStatus: Record<FieldStatus, FieldComparison[]> = { differs: [], only_a: [], only_b: [], same: [] };
  for (const row of rows) byStatus[row.status].push(row);
  yield 1;
  const differs = byStatus.differs.length;
  const onlyA = byStatus.only_a.length;
  const onlyB = byStatus.only_b.length;
  const changed = differs + onlyA + onlyB;
  const parts = [`${differs} changed`, `${onlyA} only in A`, `${onlyB} only in B`];
  const itemParts = items.filter((s) => s.onlyA + s.onlyB > 0).map(itemsText);
  return {
    rows: [...byStatus.differs, ...byStatus.only_a, ...byStatus.only_b, ...byStatus.same],
    summary: {
      total: rows.length,
      differs,
      onlyA,
      onlyB,
      same: byStatus.same.length,
      items,
      text:
        `${changed} of ${rows.length} field${rows.length === 1 ? '' : 's'} ${changed === 1 ? 'differs' : 'differ'} (${parts.join(', ')})` +
        (itemParts.length > 0 ? ` · ${itemParts.join('; ')}` : ''),
    },
  };
}

/** Steps that say nothing, each reported as how far the whole is. */
function* reporting<T>(steps: Generator<void, T>, done: () => number): Generator<number, T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    yield done();
  }
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
  /** The same string exactly when two items are equal (similarity 1): the multiset of values, in a fixed order. */
  key: string;
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
  const key = JSON.stringify([...counts].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)));
  return { counts, size, key };
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
