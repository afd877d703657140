import { describe, expect, it } from 'vitest';
import { evaluateRules, failingRulesByPath, readDate, readNumber } from '../../../../shared/rules/evaluateRules.js';
import { parseRules } from '../../../../shared/rules/parseRules.js';

const run = (text: string, values: unknown) => {
  const parsed = parseRules(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return evaluateRules(parsed.rules, values);
};
const one = (text: string, values: unknown) => run(text, values)[0]!;

const invoice = {
  invoice_number: 'INV-2024-0042',
  date: '2024-03-15',
  due_date: '2024-04-14',
  total: '$1,242.00',
  line_items: [
    { description: 'A', amount: '1,000.00' },
    { description: 'B', amount: 242.004 },
  ],
};

describe('evaluateRules', () => {
  it('required: a value passes; null, blank or missing fails; every array item must have it', () => {
    expect(one('required total', invoice).status).toBe('pass');
    expect(one('required po', invoice)).toMatchObject({ status: 'fail', paths: ['po'], values: [{ path: 'po', value: null }] });
    expect(one('required total', { total: '  ' }).status).toBe('fail');
    // Own keys only: an Object member is not a value of the extraction.
    expect(one('required constructor', invoice).status).toBe('fail');
    expect(one('required toString', invoice).status).toBe('fail');
    expect(one('required constructor', { constructor: 'x' }).status).toBe('pass');
    const items = one('required line_items[].amount', { line_items: [{ amount: 1 }, { amount: null }] });
    expect(items).toMatchObject({ status: 'fail', message: 'no value at line_items[1].amount' });
    expect(items.paths).toEqual(['line_items[0].amount', 'line_items[1].amount']);
    expect(one('required line_items[].amount', { line_items: [] })).toMatchObject({ status: 'fail', paths: ['line_items[].amount'] });
  });

  it('pattern: tests strings; a missing value is not applicable', () => {
    expect(one('pattern invoice_number /^INV-\\d{4}-\\d+$/', invoice).status).toBe('pass');
    expect(one('pattern invoice_number /^INV-\\d+$/', invoice)).toMatchObject({
      status: 'fail',
      message: 'invoice_number “INV-2024-0042” does not match /^INV-\\d+$/',
      values: [{ path: 'invoice_number', value: 'INV-2024-0042' }],
    });
    expect(one('pattern po /x/', invoice).status).toBe('not_applicable');
  });

  it('range: reads numbers as extractions write them', () => {
    expect(one('range total 0..100000', invoice).status).toBe('pass');
    expect(one('range total 0..1000', invoice)).toMatchObject({ status: 'fail', message: 'total 1242 is outside 0..1000' });
    expect(one('range total 0..10', { total: 'twelve' })).toMatchObject({ status: 'fail', message: 'total “twelve” is not a number' });
    expect(one('range line_items[].amount 0..500', invoice)).toMatchObject({
      status: 'fail',
      paths: ['line_items[0].amount', 'line_items[1].amount'],
    });
    expect([readNumber('$1,242.00'), readNumber('-3.5'), readNumber('1,24'), readNumber('12 EUR'), readNumber(true)]).toEqual([
      1242,
      -3.5,
      null,
      12,
      null,
    ]);
  });

  it('date: a real calendar date in the format', () => {
    expect(one('date due_date YYYY-MM-DD', invoice).status).toBe('pass');
    expect(one('date due_date DD/MM/YYYY', invoice).status).toBe('fail');
    expect(one('date d YYYY-MM-DD', { d: '2023-02-29' }).status).toBe('fail');
    expect(one('date d YYYY-MM-DD', { d: '2024-02-29' }).status).toBe('pass');
    expect(readDate('14.04.2024', 'DD.MM.YYYY')).toBe(readDate('2024-04-14', 'YYYY-MM-DD'));
    expect(readDate('04/14/2024', 'MM/DD/YYYY')).toBe(readDate('2024-04-14', 'YYYY-MM-DD'));
  });

  it('sum: within the tolerance passes, outside fails, with the values used', () => {
    const pass = one('sum total = line_items[].amount ± 0.01', invoice);
    expect(pass).toMatchObject({ status: 'pass', message: '1000 + 242.004 = 1242.004, total is 1242 (± 0.01)' });
    expect(pass.values).toEqual([
      { path: 'total', value: '$1,242.00' },
      { path: 'line_items[0].amount', value: '1,000.00' },
      { path: 'line_items[1].amount', value: 242.004 },
    ]);
    expect(one('sum total = line_items[].amount ± 0.001', invoice)).toMatchObject({
      status: 'fail',
      message: '1000 + 242.004 = 1242.004, not 1242 (± 0.001)',
    });
    expect(one('sum total = line_items[].amount', invoice).status).toBe('fail');
    expect(one('sum total = a + b', { total: 3, a: 1, b: '2' }).status).toBe('pass');
    expect(one('sum total = items[].x', { total: 3, items: [] })).toMatchObject({
      status: 'not_applicable',
      paths: ['total', 'items[].x'],
    });
    expect(one('sum total = items[].x', { total: 3, items: [{ x: 'n/a' }] }).status).toBe('fail');
  });

  it('before: dates in order; equal passes only with <=; unreadable dates fail', () => {
    expect(one('before date < due_date', invoice).status).toBe('pass');
    expect(one('before due_date < date', invoice)).toMatchObject({
      status: 'fail',
      message: 'due_date “2024-04-14” is not before date “2024-03-15”',
      paths: ['due_date', 'date'],
    });
    expect(one('before a < b', { a: '2024-01-01', b: '2024-01-01' }).status).toBe('fail');
    expect(one('before a <= b', { a: '2024-01-01', b: '2024-01-01T10:00:00Z' }).status).toBe('pass');
    expect(one('before a < b', { a: '15.03.2024', b: '2024-04-14' }).status).toBe('pass');
    expect(one('before a < b', { a: '03/04/2024', b: '2024-04-14' }).status).toBe('fail'); // 3 April or 4 March: not read
    expect(one('before a < b', { b: '2024-04-14' })).toMatchObject({ status: 'not_applicable', paths: ['a', 'b'] });
  });

  it('maps failing rules to the concrete paths they name', () => {
    const results = run('required total\npattern invoice_number /^X/\nrange line_items[].amount 0..500', invoice);
    const byPath = failingRulesByPath(results);
    expect([...byPath.keys()]).toEqual(['invoice_number', 'line_items[0].amount', 'line_items[1].amount']);
    expect(byPath.get('invoice_number')!.map((r) => r.line)).toEqual([2]);
  });
});

describe('evaluateRules on long arrays', () => {
  it('sums every item but names at most eight in a message', () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ amount: i === 3 || i === 15 ? null : 1 }));
    expect(one('sum total = items[].amount', { total: 18, items })).toMatchObject({
      status: 'pass',
      message: 'the 18 values add up to 18, total is 18 (± 0)',
    });
    const missing = one('required items[].amount', { items: Array.from({ length: 12 }, () => ({ amount: null })) });
    expect(missing.message).toBe(
      'no value at items[0].amount, items[1].amount, items[2].amount, items[3].amount, items[4].amount, items[5].amount, items[6].amount, items[7].amount and 4 more',
    );
    expect(missing.paths).toHaveLength(12);
  });
});
