/**
 * Rules run over an extraction's values: each gives pass, fail or not applicable (a value it
 * needs is missing and another rule, `required`, is the one to say so), with the values it
 * used and the field paths involved — the same paths the Fields panel and the export use
 * (`line_items[0].amount`), so a failing rule can point at its fields' evidence.
 */
import type { DateFormat, Rule, RulePath } from './parseRules.js';
import { MAX_MATCHED_LENGTH, matchPattern, PATTERN_TIME_LIMIT_MS, PatternBudget } from './rulePattern.js';

export type RuleStatus = 'pass' | 'fail' | 'not_applicable';

export interface RuleValue {
  path: string;
  value: unknown;
}

export interface RuleResult {
  line: number;
  /** The rule as written. */
  rule: string;
  kind: Rule['kind'];
  status: RuleStatus;
  /** Why, in words: "12.50 + 30.00 = 42.50, not 43.00 (± 0.01)". */
  message: string;
  /** The values the rule read, by concrete path (null where a path had no value). */
  values: RuleValue[];
  /** Every field path the rule names, concrete (`items[0].x`), for marks and highlights. */
  paths: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every value a path reaches, with its concrete path; a missing step gives `undefined` at the path so far. */
export function resolvePath(root: unknown, path: RulePath): RuleValue[] {
  let current: { path: string; value: unknown }[] = [{ path: '', value: root }];
  for (const step of path.steps) {
    const next: { path: string; value: unknown }[] = [];
    for (const { path: at, value } of current) {
      if ('key' in step) {
        // Own keys only: `constructor required` on an extraction without one has no value.
        const found = isRecord(value) && Object.hasOwn(value, step.key) ? value[step.key] : undefined;
        next.push({ path: at ? `${at}.${step.key}` : step.key, value: found });
      } else if ('index' in step) {
        next.push({ path: `${at}[${step.index}]`, value: Array.isArray(value) ? value[step.index] : undefined });
      } else if (Array.isArray(value)) {
        value.forEach((item, i) => next.push({ path: `${at}[${i}]`, value: item }));
      }
    }
    current = next;
  }
  return current.map(({ path: p, value }) => ({ path: p, value: value === undefined ? null : value }));
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A number as extractions write them: 1242, "1242.00", "$1,242.00", "1 242,5" is not read (ambiguous). */
export function readNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const cleaned = v.trim().replace(/^[^\d\-+.]+|[^\d.]+$/g, '');
  if (!/^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[-+]?\.\d+$/.test(cleaned)) return null;
  return Number(cleaned.replace(/,/g, ''));
}

const DATE_SHAPES: Record<DateFormat, { re: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{2})-(\d{2})$/, order: ['y', 'm', 'd'] },
  'YYYY/MM/DD': { re: /^(\d{4})\/(\d{2})\/(\d{2})$/, order: ['y', 'm', 'd'] },
  'DD/MM/YYYY': { re: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { re: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  'DD.MM.YYYY': { re: /^(\d{2})\.(\d{2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
};

/** Days since 1970-01-01 of a real calendar date written in `format`, else null (2024-02-30 is null). */
export function readDate(v: unknown, format: DateFormat): number | null {
  if (typeof v !== 'string') return null;
  const shape = DATE_SHAPES[format];
  const m = shape.re.exec(v.trim());
  if (!m) return null;
  const parts = { y: 0, m: 0, d: 0 };
  shape.order.forEach((k, i) => (parts[k] = Number(m[i + 1])));
  const time = Date.UTC(parts.y, parts.m - 1, parts.d);
  const back = new Date(time);
  if (back.getUTCFullYear() !== parts.y || back.getUTCMonth() !== parts.m - 1 || back.getUTCDate() !== parts.d) return null;
  return time / 86_400_000;
}

/** A date for `before`: YYYY-MM-DD (a time after it is allowed) or any of the formats that reads it one way only. */
function readAnyDate(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(v.trim());
  if (iso) return readDate(iso[1], 'YYYY-MM-DD');
  const day = readDate(v, 'YYYY/MM/DD') ?? readDate(v, 'DD.MM.YYYY');
  if (day !== null) return day;
  const dmy = readDate(v, 'DD/MM/YYYY');
  const mdy = readDate(v, 'MM/DD/YYYY');
  return dmy !== null && mdy !== null && dmy !== mdy ? null : (dmy ?? mdy);
}

/** How many values a message names before it says "and n more". */
const MAX_LISTED = 8;
const listed = (items: string[], separator = ', ') =>
  items.length <= MAX_LISTED
    ? items.join(separator)
    : `${items.slice(0, MAX_LISTED).join(separator)} and ${items.length - MAX_LISTED} more`;

const show = (v: unknown) => (typeof v === 'string' ? `“${v}”` : JSON.stringify(v));
const round = (n: number) => String(Math.round(n * 1e6) / 1e6);

function check(rule: Rule, values: unknown, budget: PatternBudget): Omit<RuleResult, 'line' | 'rule' | 'kind'> {
  const at = (p: RulePath) => resolvePath(values, p);
  const result = (status: RuleStatus, message: string, used: RuleValue[], extra: string[] = []) => ({
    status,
    message,
    values: used,
    paths: [...new Set([...used.map((u) => u.path), ...extra])],
  });
  const subject = at(rule.path);
  const present = subject.filter((v) => !isEmpty(v.value));
  const noValue = () => result('not_applicable', `${rule.path.text} has no value`, subject, subject.length ? [] : [rule.path.text]);

  switch (rule.kind) {
    case 'required': {
      if (subject.length === 0) return result('fail', `${rule.path.text} has no items`, [], [rule.path.text]);
      const missing = subject.filter((v) => isEmpty(v.value));
      return missing.length === 0
        ? result('pass', `${rule.path.text} has a value`, subject)
        : result('fail', `no value at ${listed(missing.map((v) => v.path))}`, subject);
    }
    case 'pattern': {
      if (present.length === 0) return noValue();
      const outcomes = present.map((v) =>
        matchPattern(rule.regex, typeof v.value === 'string' ? v.value : JSON.stringify(v.value), budget),
      );
      const which = (outcome: string) => present.filter((_, i) => outcomes[i] === outcome);
      const [bad, long, late] = [which('no_match'), which('too_long'), which('out_of_time')];
      const problems = [
        ...(bad.length ? [`${listed(bad.map((v) => `${v.path} ${show(v.value)}`))} does not match /${rule.source}/${rule.flags}`] : []),
        ...(long.length ? [`${listed(long.map((v) => v.path))} is longer than ${MAX_MATCHED_LENGTH} characters: not checked`] : []),
        ...(late.length
          ? [`${listed(late.map((v) => v.path))} not checked: patterns may take ${PATTERN_TIME_LIMIT_MS} ms per extraction`]
          : []),
      ];
      return problems.length === 0
        ? result('pass', `matches /${rule.source}/${rule.flags}`, present)
        : result('fail', problems.join('; '), present);
    }
    case 'range': {
      if (present.length === 0) return noValue();
      const problems = present.flatMap((v) => {
        const n = readNumber(v.value);
        if (n === null) return [`${v.path} ${show(v.value)} is not a number`];
        return n < rule.min || n > rule.max ? [`${v.path} ${round(n)} is outside ${rule.min}..${rule.max}`] : [];
      });
      return problems.length === 0
        ? result('pass', `within ${rule.min}..${rule.max}`, present)
        : result('fail', listed(problems, '; '), present);
    }
    case 'date': {
      if (present.length === 0) return noValue();
      const bad = present.filter((v) => readDate(v.value, rule.format) === null);
      return bad.length === 0
        ? result('pass', `a real date written ${rule.format}`, present)
        : result('fail', `${listed(bad.map((v) => `${v.path} ${show(v.value)}`))} is not a date written ${rule.format}`, present);
    }
    case 'sum': {
      const termValues = rule.terms.flatMap((t) => at(t));
      const termPaths = rule.terms.map((t) => t.text);
      const used = [...subject, ...termValues];
      if (present.length === 0) return result('not_applicable', `${rule.path.text} has no value`, used, termPaths);
      if (present.length > 1) return result('fail', `${rule.path.text} names ${present.length} values; a sum needs one`, used);
      const total = readNumber(present[0]!.value);
      if (total === null) return result('fail', `${present[0]!.path} ${show(present[0]!.value)} is not a number`, used);
      const addends = termValues.filter((v) => !isEmpty(v.value));
      if (addends.length === 0) return result('not_applicable', `${termPaths.join(' + ')} has no values`, used, termPaths);
      const numbers = addends.map((v) => readNumber(v.value));
      const notNumbers = addends.filter((_, i) => numbers[i] === null);
      if (notNumbers.length > 0)
        return result('fail', `${listed(notNumbers.map((v) => `${v.path} ${show(v.value)}`))} is not a number`, used);
      const sum = numbers.reduce((s: number, n) => s + n!, 0);
      const diff = Math.abs(total - sum);
      const within = diff <= rule.tolerance + 1e-9;
      // A long list of terms is summarised: a message is read, not scrolled.
      const sumText =
        numbers.length <= MAX_LISTED
          ? `${numbers.map((n) => round(n!)).join(' + ')} = ${round(sum)}`
          : `the ${numbers.length} values add up to ${round(sum)}`;
      return result(
        within ? 'pass' : 'fail',
        within
          ? `${sumText}, ${rule.path.text} is ${round(total)} (± ${rule.tolerance})`
          : `${sumText}, not ${round(total)} (± ${rule.tolerance})`,
        used,
      );
    }
    case 'before': {
      const later = at(rule.later);
      const used = [...subject, ...later];
      const a = present;
      const b = later.filter((v) => !isEmpty(v.value));
      if (a.length === 0 || b.length === 0)
        return result('not_applicable', `${a.length === 0 ? rule.path.text : rule.later.text} has no value`, used, [
          rule.path.text,
          rule.later.text,
        ]);
      const problems: string[] = [];
      for (const x of a)
        for (const y of b) {
          const dx = readAnyDate(x.value);
          const dy = readAnyDate(y.value);
          if (dx === null) problems.push(`${x.path} ${show(x.value)} is not a date`);
          else if (dy === null) problems.push(`${y.path} ${show(y.value)} is not a date`);
          else if (rule.orEqual ? dx > dy : dx >= dy)
            problems.push(`${x.path} ${show(x.value)} is not ${rule.orEqual ? 'on or before' : 'before'} ${y.path} ${show(y.value)}`);
        }
      const unique = [...new Set(problems)];
      return unique.length === 0
        ? result('pass', `${rule.path.text} is ${rule.orEqual ? 'on or before' : 'before'} ${rule.later.text}`, used)
        : result('fail', listed(unique, '; '), used);
    }
  }
}

/** Each rule's result, in the order written; the pattern rules share one time limit (`budget`, a test's to set). */
export function evaluateRules(rules: readonly Rule[], values: unknown, budget = new PatternBudget()): RuleResult[] {
  return rules.map((rule) => ({ line: rule.line, rule: rule.text, kind: rule.kind, ...check(rule, values, budget) }));
}

/** The failing rules that name a field (by its concrete path). */
export function failingRulesByPath(results: readonly RuleResult[]): Map<string, RuleResult[]> {
  const out = new Map<string, RuleResult[]>();
  for (const r of results) {
    if (r.status !== 'fail') continue;
    for (const p of r.paths) out.set(p, [...(out.get(p) ?? []), r]);
  }
  return out;
}
