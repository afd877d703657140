import { describe, expect, it } from 'vitest';
import { extractNotices, flattenFields, noticeConcerns } from '../../../../shared/grounding/fields.js';

describe('fields', () => {
  it('flattens nested objects and arrays with their ranges', () => {
    const fields = flattenFields(
      { total: 12, vendor: { name: 'Acme' }, items: [{ sku: 'A1' }, { sku: 'B2' }] },
      {
        total: { ranges: [{ start: 1, end: 3 }] },
        vendor: { name: { ranges: [{ start: 5, end: 9 }] } },
        items: [{ sku: { ranges: [{ start: 10, end: 12 }] } }, { sku: { ranges: [] } }],
      },
    );
    expect(fields).toEqual([
      { path: 'total', value: 12, ranges: [{ start: 1, end: 3 }] },
      { path: 'vendor.name', value: 'Acme', ranges: [{ start: 5, end: 9 }] },
      { path: 'items[0].sku', value: 'A1', ranges: [{ start: 10, end: 12 }] },
      { path: 'items[1].sku', value: 'B2', ranges: [] },
    ]);
  });

  it('puts warnings next to the fields they name, and not next to fields that merely share a prefix', () => {
    const notices = extractNotices({
      warnings: [{ code: 'nonconformant_output', msg: 'Field "total": "12 EUR" is not a number' }],
      schema_violation_error: 'required field due_date missing',
    });
    expect(notices.map((n) => n.code)).toEqual(['nonconformant_output', 'schema_violation']);
    expect(noticeConcerns(notices[0]!, 'total')).toBe(true);
    expect(noticeConcerns(notices[0]!, 'tot')).toBe(false);
    expect(noticeConcerns(notices[1]!, 'due_date')).toBe(true);
  });
});
