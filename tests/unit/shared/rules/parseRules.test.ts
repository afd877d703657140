import { describe, expect, it } from 'vitest';
import { describeRuleError, parseRules } from '../../../../shared/rules/parseRules.js';

const errorsOf = (text: string) => {
  const parsed = parseRules(text);
  if (parsed.ok) throw new Error('parsed');
  return parsed.errors.map(describeRuleError);
};

describe('parseRules', () => {
  it('reads every kind, skipping blank lines and comments', () => {
    const parsed = parseRules(
      [
        '# invoice checks',
        'required invoice_number',
        '',
        'pattern invoice_number /^INV-\\d+\\/x$/i',
        'range total 0..100000',
        'date due_date YYYY-MM-DD',
        'sum total = line_items[].amount + shipping ± 0.01',
        'before date <= due_date',
      ].join('\n'),
    );
    expect(parsed.ok).toBe(true);
    const rules = parsed.rules;
    expect(rules.map((r) => [r.line, r.kind])).toEqual([
      [2, 'required'],
      [4, 'pattern'],
      [5, 'range'],
      [6, 'date'],
      [7, 'sum'],
      [8, 'before'],
    ]);
    const pattern = rules[1]!;
    expect(pattern.kind === 'pattern' && pattern.regex.test('inv-12/x')).toBe(true);
    const sum = rules[4]!;
    expect(sum.kind === 'sum' && [sum.terms.map((t) => t.text), sum.tolerance]).toEqual([['line_items[].amount', 'shipping'], 0.01]);
    expect(sum.kind === 'sum' && sum.terms[0]!.steps).toEqual([{ key: 'line_items' }, { each: true }, { key: 'amount' }]);
    const before = rules[5]!;
    expect(before.kind === 'before' && before.orEqual).toBe(true);
  });

  it('accepts +- for ± and a sum without tolerance', () => {
    const parsed = parseRules('sum total = a[0].x + b +- 0.5\nsum t = a');
    expect(parsed.ok).toBe(true);
    expect(parsed.rules.map((r) => r.kind === 'sum' && r.tolerance)).toEqual([0.5, 0]);
  });

  it('gives the line and column of what does not parse', () => {
    expect(errorsOf('required total\n\nrange total 0..10\nsum total = ± 0.01')).toEqual(['line 4, column 13: expected a field path']);
    expect(errorsOf('  totl total')).toEqual([
      'line 1, column 3: unknown rule “totl”: expected required, pattern, range, date, sum, before',
    ]);
    expect(errorsOf('range total 10..1')).toEqual(['line 1, column 17: the upper bound 1 is below the lower bound 10']);
    expect(errorsOf('range total 0-1')).toEqual(['line 1, column 14: expected “..” between the bounds']);
    expect(errorsOf('date due YYYY-DD-MM')).toEqual([
      'line 1, column 10: expected a date format: YYYY-MM-DD, DD/MM/YYYY, MM/DD/YYYY, DD.MM.YYYY, YYYY/MM/DD',
    ]);
    expect(errorsOf('pattern x /abc')).toEqual(['line 1, column 11: the pattern has no closing “/”']);
    expect(errorsOf('pattern x /a(/')[0]).toMatch(/^line 1, column 11: the pattern cannot be used \(missing closing \)/);
    expect(errorsOf('required items[x]')).toEqual(['line 1, column 15: expected “[]” or “[n]” after a name']);
    expect(errorsOf('required total extra')).toEqual(['line 1, column 16: unexpected “extra” after the rule']);
    expect(errorsOf('before a > b')).toEqual(['line 1, column 10: expected “<” or “<=”']);
    expect(errorsOf('sum t = a * 2')).toEqual(['line 1, column 11: expected “±” and a tolerance, or the end of the rule']);
  });

  it('reports every bad line and keeps the good rules for the editor', () => {
    const parsed = parseRules('required a\nrequired\nrange b x\nrequired c');
    expect(parsed.ok).toBe(false);
    expect(parsed.rules.map((r) => r.line)).toEqual([1, 4]);
    expect(!parsed.ok && parsed.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 9],
      [3, 9],
    ]);
  });

  it('counts CRLF line ends as one', () => {
    expect(errorsOf('required a\r\nrequired b\r\nnope')[0]).toMatch(/^line 3, column 1/);
  });
});
