import { afterAll, describe, expect, it } from 'vitest';
import { evaluateRules } from '../../../../shared/rules/evaluateRules.js';
import { parseRules } from '../../../../shared/rules/parseRules.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

// A rule's pattern runs in main (review, export, attention queue) as in the window: no pattern
// may hold either for long, whatever the value. JavaScript's engine took 2.7 s for
// /^(a+)+$/ on 25 characters; patterns now run in linear time, with capped sizes.
const parse = (text: string) => parseRules(text);
const run = (text: string, values: unknown, budget?: { spent(): boolean }) => {
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return evaluateRules(parsed.rules, values, budget as never)[0]!;
};
const timed = <T>(work: () => T): { value: T; ms: number } => {
  const started = Date.now();
  const value = work();
  return { value, ms: Date.now() - started };
};

/** Patterns that backtrack exponentially or polynomially in a backtracking engine, with a value that makes them. */
const HOSTILE: [string, string][] = [
  ['^(a+)+$', `${'a'.repeat(25)}!`],
  ['^(a|a)+$', `${'a'.repeat(30)}!`],
  ['^(a|aa)+$', `${'a'.repeat(40)}!`],
  ['^(\\w+\\s?)*$', `${'word '.repeat(12)}!`],
  ['^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$', `${'a'.repeat(40)}!`],
  ['(.*a){12}', 'a'.repeat(40)],
  ['^(\\d+)*$', `${'1'.repeat(30)}x`],
  ['(x+x+)+y', 'x'.repeat(5_000)],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', `${'a'.repeat(35)}!`],
  ['(a|b)*a(a|b){20}$', 'ab'.repeat(2_000)],
];

const tally: { case: string; ok: boolean }[] = [];
afterAll(() =>
  recordTrustRow({
    check: 'rule patterns',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? 'backtracking patterns on hostile values, each in linear time; sizes capped',
  }),
);

describe('pattern rules run in linear time', () => {
  it('a hostile pattern on a hostile value answers at once', () => {
    for (const [pattern, value] of HOSTILE) {
      const { value: result, ms } = timed(() => run(`pattern v /${pattern}/`, { v: value }));
      tally.push({ case: `/${pattern}/ took ${ms} ms`, ok: ms < 300 && (result.status === 'pass' || result.status === 'fail') });
    }
    expect(tally.filter((t) => !t.ok).map((t) => t.case)).toEqual([]);
  });

  it('hostile patterns over many values stop at the time limit, and say which values were not checked', () => {
    const items = Array.from({ length: 10_000 }, () => ({ v: 'ab'.repeat(500) }));
    const { value: result, ms } = timed(() => run('pattern items[].v /(a|b)*a(a|b){200}$/', { items }));
    tally.push({ case: `10,000 values took ${ms} ms`, ok: ms < 2_000 });
    expect(ms).toBeLessThan(2_000);
    expect(result.status).toBe('fail');
    // However far the time limit let it get, every value is either matched or said to be unchecked.
    expect(result.message).toMatch(/does not match|not checked: patterns may take 500 ms per extraction$/);
    const spent = run('pattern v /^a$/', { v: 'a' }, { spent: () => true });
    expect(spent).toMatchObject({ status: 'fail', message: 'v not checked: patterns may take 500 ms per extraction' });
  });

  it('a value longer than the cap fails, said so, rather than being matched', () => {
    const result = run('pattern note /a/', { note: 'a'.repeat(10_001) });
    expect(result).toMatchObject({ status: 'fail', message: 'note is longer than 10000 characters: not checked' });
    expect(run('pattern note /a/', { note: 'a'.repeat(10_000) }).status).toBe('pass');
  });

  it('refuses what cannot run in linear time, and a pattern too large, with the column', () => {
    for (const [text, why] of [
      ['pattern v /(a)\\1/', /backreferences and lookahead are not supported/],
      ['pattern v /(?<n>a)\\k<n>/', /backreferences and lookahead are not supported/],
      ['pattern v /a(?=b)/', /backreferences and lookahead are not supported/],
      ['pattern v /[a-z]{1,1000}[0-9]{1,1000}/', /too large/],
      [`pattern v /${'a'.repeat(1_001)}/`, /at most 1000/],
    ] as const) {
      const parsed = parse(text);
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.errors[0]).toMatchObject({ line: 1, column: 11, message: expect.stringMatching(why) });
    }
  });

  it('keeps the JavaScript syntax rules are written in: classes, flags, named groups, escapes, lookbehind', () => {
    const cases: [string, string, boolean][] = [
      ['/^INV-\\d+$/', 'INV-42', true],
      ['/^inv-\\d+$/i', 'INV-42', true],
      ['/^b$/m', 'a\nb', true],
      ['/a.b/s', 'a\nb', true],
      ['/^(?<year>\\d{4})-\\d{2}$/', '2024-03', true],
      ['/^caf\\u00e9$/', 'café', true],
      ['/^\\u{1F600}$/u', '😀', true],
      ['/^a\\/b$/', 'a/b', true],
      ['/^a\\\\k<$/', 'a\\k<', true],
      ['/(?<=\\$)\\d+/', '$12', true],
      ['/(?<!\\$)\\b\\d+$/', '$12', false],
      ['/^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$/', 'GB82WEST12345698765432', true],
      ['/^\\d+$/', '12a', false],
    ];
    for (const [pattern, value, matches] of cases)
      expect([pattern, run(`pattern v ${pattern}`, { v: value }).status]).toEqual([pattern, matches ? 'pass' : 'fail']);
  });
});
