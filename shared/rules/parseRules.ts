/**
 * The rule language: one rule per line, checked against an extraction's values.
 *
 *   required invoice_number
 *   pattern invoice_number /^INV-\d+$/
 *   range total 0..100000
 *   date due_date YYYY-MM-DD
 *   sum total = line_items[].amount ± 0.01
 *   before date < due_date
 *
 * Blank lines and lines starting with `#` are ignored. Paths are names joined by `.`, each
 * optionally followed by `[]` (every item of an array) or `[n]` (one item). A line that does
 * not parse is an error with its 1-based line and column; the whole set is refused.
 */
import { compilePattern, type RulePattern } from './rulePattern.js';

/** A field path: `total`, `address.city`, `line_items[].amount`, `line_items[0].amount`. */
export type PathStep = { key: string } | { index: number } | { each: true };

export interface RulePath {
  text: string;
  steps: PathStep[];
}

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY', 'YYYY/MM/DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export type Rule = { line: number; text: string } & (
  | { kind: 'required'; path: RulePath }
  | { kind: 'pattern'; path: RulePath; source: string; flags: string; regex: RulePattern }
  | { kind: 'range'; path: RulePath; min: number; max: number }
  | { kind: 'date'; path: RulePath; format: DateFormat }
  | { kind: 'sum'; path: RulePath; terms: RulePath[]; tolerance: number }
  | { kind: 'before'; path: RulePath; later: RulePath; orEqual: boolean }
);

export type RuleKind = Rule['kind'];
export const RULE_KINDS: readonly RuleKind[] = ['required', 'pattern', 'range', 'date', 'sum', 'before'];

export interface RuleParseError {
  line: number;
  column: number;
  message: string;
}

export type ParsedRules = { ok: true; rules: Rule[] } | { ok: false; errors: RuleParseError[]; rules: Rule[] };

/** At most this many characters of rules, and of rules in a set; more is refused, not truncated. */
export const MAX_RULES_CHARS = 100_000;
export const MAX_RULES = 500;

class Fail extends Error {
  constructor(
    readonly column: number,
    message: string,
  ) {
    super(message);
  }
}

/** A cursor over one line; columns are 1-based. */
class Line {
  pos = 0;
  constructor(readonly text: string) {}
  skipSpaces(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }
  get column(): number {
    return this.pos + 1;
  }
  atEnd(): boolean {
    this.skipSpaces();
    return this.pos >= this.text.length;
  }
  expectEnd(): void {
    if (!this.atEnd()) throw new Fail(this.column, `unexpected “${this.text.slice(this.pos, this.pos + 20)}” after the rule`);
  }
  word(): string {
    this.skipSpaces();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos));
    if (!m) return '';
    this.pos += m[0].length;
    return m[0];
  }
  /** Consumes one of `tokens` (after spaces) and returns it, or null. */
  take(...tokens: string[]): string | null {
    this.skipSpaces();
    for (const t of tokens) {
      if (this.text.startsWith(t, this.pos)) {
        this.pos += t.length;
        return t;
      }
    }
    return null;
  }
  /** Consumes a `+` that adds a term (not the `+-` of a tolerance). */
  peekPlus(): boolean {
    this.skipSpaces();
    if (this.text[this.pos] !== '+' || this.text[this.pos + 1] === '-') return false;
    this.pos++;
    return true;
  }
  expect(what: string, ...tokens: string[]): string {
    const got = this.take(...tokens);
    if (got === null) throw new Fail(this.column, `expected ${what}`);
    return got;
  }
  path(): RulePath {
    this.skipSpaces();
    const start = this.pos;
    const steps: PathStep[] = [];
    const name = () => {
      const m = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(this.text.slice(this.pos));
      if (!m) throw new Fail(this.column, 'expected a field path');
      this.pos += m[0].length;
      steps.push({ key: m[0] });
    };
    name();
    for (;;) {
      if (this.text[this.pos] === '[') {
        const m = /^\[(\d*)\]/.exec(this.text.slice(this.pos));
        if (!m) throw new Fail(this.column, 'expected “[]” or “[n]” after a name');
        steps.push(m[1] === '' ? { each: true } : { index: Number(m[1]) });
        this.pos += m[0].length;
      } else if (this.text[this.pos] === '.') {
        this.pos++;
        name();
      } else break;
    }
    return { text: this.text.slice(start, this.pos), steps };
  }
  number(what: string): number {
    this.skipSpaces();
    const m = /^-?\d+(\.\d+)?/.exec(this.text.slice(this.pos));
    if (!m) throw new Fail(this.column, `expected ${what}`);
    this.pos += m[0].length;
    return Number(m[0]);
  }
}

function parseLine(text: string, lineNo: number): Rule | null {
  const line = new Line(text);
  if (line.atEnd() || text.trimStart().startsWith('#')) return null;
  const kindColumn = line.column;
  const kind = line.word();
  const base = { line: lineNo, text: text.trim() };
  switch (kind) {
    case 'required': {
      const path = line.path();
      line.expectEnd();
      return { ...base, kind, path };
    }
    case 'pattern': {
      const path = line.path();
      line.skipSpaces();
      const open = line.column;
      if (line.take('/') === null) throw new Fail(line.column, 'expected a pattern between slashes, e.g. /^INV-\\d+$/');
      let source = '';
      let closed = false;
      while (line.pos < text.length) {
        const c = text[line.pos]!;
        if (c === '\\' && line.pos + 1 < text.length) {
          source += c + text[line.pos + 1]!;
          line.pos += 2;
          continue;
        }
        line.pos++;
        if (c === '/') {
          closed = true;
          break;
        }
        source += c;
      }
      if (!closed) throw new Fail(open, 'the pattern has no closing “/”');
      const flags = /^[imsu]*/.exec(text.slice(line.pos))![0];
      line.pos += flags.length;
      let regex: RulePattern;
      try {
        regex = compilePattern(source, flags);
      } catch (error) {
        throw new Fail(open, `the pattern cannot be used (${error instanceof Error ? error.message : String(error)})`);
      }
      line.expectEnd();
      return { ...base, kind, path, source, flags, regex };
    }
    case 'range': {
      const path = line.path();
      const min = line.number('a lower bound, e.g. 0..100000');
      line.expect('“..” between the bounds', '..');
      const maxColumn = line.column;
      const max = line.number('an upper bound after “..”');
      if (max < min) throw new Fail(maxColumn, `the upper bound ${max} is below the lower bound ${min}`);
      line.expectEnd();
      return { ...base, kind, path, min, max };
    }
    case 'date': {
      const path = line.path();
      line.skipSpaces();
      const column = line.column;
      const format = /^\S+/.exec(text.slice(line.pos))?.[0] ?? '';
      if (!(DATE_FORMATS as readonly string[]).includes(format))
        throw new Fail(column, `expected a date format: ${DATE_FORMATS.join(', ')}`);
      line.pos += format.length;
      line.expectEnd();
      return { ...base, kind, path, format: format as DateFormat };
    }
    case 'sum': {
      const path = line.path();
      line.expect('“=”', '=');
      const terms = [line.path()];
      while (line.peekPlus()) terms.push(line.path());
      let tolerance = 0;
      if (!line.atEnd()) {
        line.expect('“±” and a tolerance, or the end of the rule', '±', '+-');
        tolerance = line.number('a tolerance after “±”, e.g. 0.01');
      }
      line.expectEnd();
      return { ...base, kind, path, terms, tolerance: Math.abs(tolerance) };
    }
    case 'before': {
      const path = line.path();
      const op = line.expect('“<” or “<=”', '<=', '<');
      const later = line.path();
      line.expectEnd();
      return { ...base, kind, path, later, orEqual: op === '<=' };
    }
    case '':
      throw new Fail(kindColumn, `expected a rule: ${RULE_KINDS.join(', ')}`);
    default:
      throw new Fail(kindColumn, `unknown rule “${kind}”: expected ${RULE_KINDS.join(', ')}`);
  }
}

/** Every line's rule, or every line's error with its position (the rules that did parse are still given, for the editor). */
export function parseRules(text: string): ParsedRules {
  const rules: Rule[] = [];
  const errors: RuleParseError[] = [];
  if (text.length > MAX_RULES_CHARS) {
    return { ok: false, rules, errors: [{ line: 1, column: 1, message: `the rules are longer than ${MAX_RULES_CHARS} characters` }] };
  }
  const lines = text.split(/\r\n|\n|\r/);
  lines.forEach((line, i) => {
    try {
      const rule = parseLine(line, i + 1);
      if (rule) rules.push(rule);
    } catch (error) {
      if (!(error instanceof Fail)) throw error;
      errors.push({ line: i + 1, column: error.column, message: error.message });
    }
  });
  if (rules.length > MAX_RULES) errors.push({ line: rules[MAX_RULES]!.line, column: 1, message: `more than ${MAX_RULES} rules` });
  return errors.length > 0 ? { ok: false, errors, rules } : { ok: true, rules };
}

/** `line 3, column 12: expected a field path`. */
export function describeRuleError(error: RuleParseError): string {
  return `line ${error.line}, column ${error.column}: ${error.message}`;
}
