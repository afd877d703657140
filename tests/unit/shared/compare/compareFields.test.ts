import { describe, expect, it } from 'vitest';
import { compareFields, sameValue } from '../../../../shared/compare/compareFields.js';
import { flattenFields } from '../../../../shared/grounding/fields.js';

const r = (start: number, end: number) => ({ ranges: [{ start, end }] });

describe('comparing two extractions field by field', () => {
  const a = flattenFields(
    {
      invoice_number: 'INV-1',
      total: '$1,242.00',
      due_date: '2024-04-14',
      address: { city: 'Berlin' },
      items: [{ sku: 'A' }, { sku: 'B' }],
    },
    {
      invoice_number: r(0, 5),
      total: r(10, 19),
      due_date: r(30, 40),
      address: { city: r(50, 56) },
      items: [{ sku: r(60, 61) }, { sku: r(70, 71) }],
    },
  );
  const b = flattenFields(
    // Keys in another order, total as a number, due_date gone, a PO number new, the second item changed.
    { items: [{ sku: 'A' }, { sku: 'C' }], total: 1242, address: { city: 'Berlin' }, invoice_number: 'INV-1', po_number: 'PO-7' },
    {
      items: [{ sku: r(61, 62) }, { sku: r(71, 72) }],
      total: r(11, 19),
      address: { city: r(51, 57) },
      invoice_number: r(1, 6),
      po_number: r(80, 84),
    },
  );

  it('matches by path whatever the order; lists the differing, vanished and appearing ones first with both values and ranges', () => {
    const { rows, summary } = compareFields(a, b);
    expect(rows.map((row) => [row.path, row.status])).toEqual([
      ['total', 'differs'],
      ['items[1].sku', 'differs'],
      ['due_date', 'only_a'],
      ['po_number', 'only_b'],
      ['invoice_number', 'same'],
      ['address.city', 'same'],
      ['items[0].sku', 'same'],
    ]);
    const total = rows[0]!;
    expect([total.a?.value, total.b?.value]).toEqual(['$1,242.00', 1242]);
    expect([total.a?.ranges, total.b?.ranges]).toEqual([[{ start: 10, end: 19 }], [{ start: 11, end: 19 }]]);
    expect(rows[2]!.b).toBeNull();
    expect(rows[3]!.a).toBeNull();
    expect(summary).toMatchObject({ total: 7, differs: 2, onlyA: 1, onlyB: 1, same: 3 });
    expect(summary.text).toBe('4 of 7 fields differ (2 changed, 1 only in A, 1 only in B)');
  });

  it('two equal extractions: nothing differs', () => {
    const { summary } = compareFields(a, a);
    expect(summary.text).toBe('0 of 6 fields differ (0 changed, 0 only in A, 0 only in B)');
  });

  it('compares JSON values by type and content, objects in any key order', () => {
    expect(sameValue('12', 12)).toBe(false);
    expect(sameValue(null, null)).toBe(true);
    expect(sameValue(null, 'null')).toBe(false);
    expect(sameValue([], [])).toBe(true);
    expect(sameValue({ x: 1, y: [2] }, { y: [2], x: 1 })).toBe(true);
    expect(sameValue({ x: 1 }, { x: 1, y: undefined })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});
