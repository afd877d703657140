import { describe, expect, it } from 'vitest';
import { alignItems, MAX_ALIGN_WORK } from '../../../../shared/compare/alignItems.js';
import { compareFields, comparingFields } from '../../../../shared/compare/compareFields.js';
import { flattenFields, type FieldEntry } from '../../../../shared/grounding/fields.js';

const fieldsOf = (extraction: unknown): FieldEntry[] => flattenFields(extraction, undefined);
/** Rows as `status A-path B-path`, in the list's order. */
const rowsOf = (a: unknown, b: unknown) =>
  compareFields(fieldsOf(a), fieldsOf(b)).rows.map((r) => `${r.status} ${r.a?.path ?? '-'} ${r.b?.path ?? '-'}`);

const item = (sku: string, qty = 1, amount = '10.00') => ({ sku, qty, amount });

describe('array items aligned by content, not by index', () => {
  it('an item inserted at the front is one item only in B; the rest equal to their true partners', () => {
    const a = { line_items: [item('A'), item('B'), item('C')] };
    const b = { line_items: [item('N'), item('A'), item('B'), item('C')] };
    const { rows, summary } = compareFields(fieldsOf(a), fieldsOf(b));
    expect(summary).toMatchObject({ differs: 0, onlyA: 0, onlyB: 3, same: 9 });
    expect(summary.items).toEqual([{ array: 'line_items', onlyA: 0, onlyB: 1, changed: 0 }]);
    expect(summary.text).toBe('3 of 12 fields differ (0 changed, 0 only in A, 3 only in B) · line_items: 1 item only in B');
    expect(rows.filter((r) => r.status === 'only_b').map((r) => r.b!.path)).toEqual([
      'line_items[0].sku',
      'line_items[0].qty',
      'line_items[0].amount',
    ]);
    // Each side keeps its own path: A's first item is B's second.
    const sku = rows.find((r) => r.a?.path === 'line_items[0].sku')!;
    expect([sku.status, sku.b?.path]).toEqual(['same', 'line_items[1].sku']);
  });

  it('an item deleted in the middle is one item only in A', () => {
    const rows = rowsOf({ items: [item('A'), item('B'), item('C')] }, { items: [item('A'), item('C')] });
    expect(rows.filter((r) => !r.startsWith('same'))).toEqual([
      'only_a items[1].sku -',
      'only_a items[1].qty -',
      'only_a items[1].amount -',
    ]);
    expect(rows).toContain('same items[2].sku items[1].sku');
  });

  it('two items swapped are both found, equal, each at its own place', () => {
    const { rows, summary } = compareFields(fieldsOf({ items: [item('A'), item('B')] }), fieldsOf({ items: [item('B'), item('A')] }));
    expect(summary.text).toBe('0 of 6 fields differ (0 changed, 0 only in A, 0 only in B)');
    expect(rows.map((r) => `${r.a!.path}=${r.b!.path}`)).toContain('items[0].sku=items[1].sku');
  });

  it('an item edited on one value stays paired with its partner: that value differs, even after an insert', () => {
    const rows = rowsOf(
      { items: [item('A'), item('B', 2, '20.00')] },
      { items: [item('N', 9, '99.00'), item('A'), item('B', 3, '20.00')] },
    );
    expect(rows.filter((r) => r.startsWith('differs'))).toEqual(['differs items[1].qty items[2].qty']);
    expect(rows.filter((r) => r.startsWith('only_b'))).toHaveLength(3);
  });

  it('an item changed past likeness in its own place is still compared with the item there', () => {
    // One key each: the old index-by-index answer, kept where nothing was inserted.
    expect(rowsOf({ items: [{ sku: 'A' }, { sku: 'B' }] }, { items: [{ sku: 'A' }, { sku: 'C' }] })).toEqual([
      'differs items[1].sku items[1].sku',
      'same items[0].sku items[0].sku',
    ]);
  });

  it('arrays of scalars: an inserted and a removed value', () => {
    expect(rowsOf({ tags: ['x', 'y', 'z'] }, { tags: ['w', 'x', 'z'] })).toEqual([
      'only_a tags[1] -',
      'only_b - tags[0]',
      'same tags[0] tags[1]',
      'same tags[2] tags[2]',
    ]);
  });

  it('empty arrays: equal to an empty array; against items, the empty one vanished and the items appeared', () => {
    expect(rowsOf({ items: [] }, { items: [] })).toEqual(['same items items']);
    expect(rowsOf({ items: [] }, { items: ['a'] })).toEqual(['only_a items -', 'only_b - items[0]']);
  });

  it('arrays inside items are aligned within their item', () => {
    const rows = rowsOf(
      { groups: [{ name: 'g', rows: ['1', '2'] }] },
      {
        groups: [
          { name: 'new', rows: ['0'] },
          { name: 'g', rows: ['0', '1', '2'] },
        ],
      },
    );
    expect(rows.filter((r) => !r.startsWith('same'))).toEqual([
      'only_b - groups[0].name',
      'only_b - groups[0].rows[0]',
      'only_b - groups[1].rows[0]',
    ]);
  });

  it('long lists: equal ends aligned at once, and past MAX_ALIGN_CELLS the middle by position', () => {
    const many = (n: number, tag: string) => Array.from({ length: n }, (_, k) => item(`${tag}${k}`, k));
    const inserted = compareFields(fieldsOf({ items: many(2000, 'x') }), fieldsOf({ items: [item('new'), ...many(2000, 'x')] }));
    expect(inserted.summary.items).toEqual([{ array: 'items', onlyA: 0, onlyB: 1, changed: 0 }]);
    // 600 × 600 items, every one changed on its sku: too many pairs to weigh, so each stays with the item in its place.
    const changed = compareFields(fieldsOf({ items: many(600, 'a') }), fieldsOf({ items: many(600, 'b') }));
    expect(changed.summary).toMatchObject({ differs: 600, onlyA: 0, onlyB: 0 });
    expect(changed.rows.filter((r) => r.status === 'differs').every((r) => r.a!.path === r.b!.path)).toBe(true);
  });

  it('1,000 items, one inserted at the front and the last edited: one item only in B, one changed', () => {
    const many = Array.from({ length: 1000 }, (_, k) => item(`sku${k}`, k % 7, `${k}.00`));
    const edited = [item('new', 1, '1.00'), ...many.slice(0, 999), { ...many[999]!, qty: 99 }];
    const { summary } = compareFields(fieldsOf({ items: many }), fieldsOf({ items: edited }));
    expect(summary.items).toEqual([{ array: 'items', onlyA: 0, onlyB: 1, changed: 1 }]);
    expect(summary).toMatchObject({ differs: 1, onlyA: 0, onlyB: 3 });
  });

  it('equal items matched by key even among repeated ones, moved items found wherever they stand', () => {
    const same = item('same');
    const rows = rowsOf({ items: [same, item('M'), same, same] }, { items: [same, same, same, item('M')] });
    expect(rows.filter((r) => !r.startsWith('same'))).toEqual([]);
  });
});

describe('the work of aligning is bounded by the items’ sizes and runs in steps', () => {
  it('a gap whose exact weighing is past MAX_ALIGN_WORK is weighed by the rough estimate, never exactly', () => {
    const n = 100;
    const keys = (tag: string) => Array.from({ length: n }, (_, k) => `${tag}${k}`);
    let exact = 0;
    let rough = 0;
    const sizes = new Array<number>(n).fill(Math.ceil(MAX_ALIGN_WORK / (2 * n * n)) + 1);
    const pairs = alignItems({
      keysA: keys('a'),
      keysB: keys('b'),
      similarity: () => (exact++, 0.9),
      roughSimilarity: (i, j) => (rough++, i === j ? 0.9 : 0),
      sizesA: sizes,
      sizesB: sizes,
    });
    expect(exact).toBe(0);
    expect(rough).toBe(n * n);
    expect(pairs.every((p) => p.a === p.b)).toBe(true);
  });

  it('500 items × 200 values, every item edited and one deleted: the same answer in steps as at once, and each item with its partner', () => {
    const itemOf = (k: number, edit: string) =>
      Object.fromEntries(Array.from({ length: 200 }, (_, v) => [`v${v}`, v === 0 ? `${edit}${k}` : `item ${k} value ${v}`]));
    const a = fieldsOf({ items: Array.from({ length: 500 }, (_, k) => itemOf(k, 'a')) });
    const b = fieldsOf({ items: Array.from({ length: 500 }, (_, k) => itemOf(k, 'b')).filter((_, k) => k !== 250) });
    const steps = comparingFields(a, b);
    let count = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) count++;
    expect(count).toBeGreaterThan(100);
    expect(step.value.summary.items).toEqual([{ array: 'items', onlyA: 1, onlyB: 0, changed: 499 }]);
  });
});
