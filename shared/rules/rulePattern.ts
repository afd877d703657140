/**
 * The regular expressions of `pattern` rules. JavaScript's engine backtracks: `/^(a+)+$/` on 25
 * characters held the process for seconds, and rules run in main (review, export, the
 * attention queue) as well as in the window. RE2JS matches in time linear in the value's
 * length times the pattern's compiled size, so both are capped, and all the pattern matching of
 * one evaluation shares a time limit: what is left when it runs out is reported, not checked.
 * What RE2 cannot run in linear time (backreferences, lookahead) is refused when parsing.
 */
import { RE2JS } from 're2js';

/** Characters of a pattern between its slashes. */
export const MAX_PATTERN_LENGTH = 1_000;
/** RE2 instructions of a compiled pattern (`[a-z]{1,300}` alone is about 600). */
export const MAX_PATTERN_PROGRAM = 2_000;
/** Characters of one value a pattern is matched against; a longer value is not checked. */
export const MAX_MATCHED_LENGTH = 10_000;
/** Milliseconds all the pattern rules of one evaluation may take together. */
export const PATTERN_TIME_LIMIT_MS = 500;

export interface RulePattern {
  /** Whether the pattern matches anywhere in `value`, as `RegExp.prototype.test` does. */
  test(value: string): boolean;
}

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0 };

/** The pattern compiled, or throws an Error saying why it cannot be run (its syntax, its size). */
export function compilePattern(source: string, flags: string): RulePattern {
  if (source.length > MAX_PATTERN_LENGTH)
    throw new Error(`the pattern is ${source.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed`);
  // RE2JS would read `\k<name>` as the letter k: a backreference must be refused, not changed.
  if (namedBackreference(source)) throw new Error('`\\k<…>` is a backreference; backreferences and lookahead are not supported');
  let bits = RE2JS.LOOKBEHINDS;
  for (const flag of flags) bits |= FLAG_BITS[flag] ?? 0;
  let compiled: RE2JS;
  try {
    // JavaScript syntax (`(?<name>…)`, `\u00e9`, `\u{1F600}`) in RE2's spelling.
    compiled = RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    throw new Error(`${message}; backreferences and lookahead are not supported`, { cause: error });
  }
  if (compiled.programSize() > MAX_PATTERN_PROGRAM)
    throw new Error('the pattern is too large to run (long counted repeats such as {1,1000}); write it shorter');
  return compiled;
}

function namedBackreference(source: string): boolean {
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== '\\') continue;
    if (source[i + 1] === 'k' && source[i + 2] === '<') return true;
    i++; // the escaped character: `\\k<` is a backslash, then k
  }
  return false;
}

/** The shared time limit of one evaluation's pattern matching. */
export class PatternBudget {
  private readonly until: number;
  constructor(limitMs = PATTERN_TIME_LIMIT_MS) {
    this.until = Date.now() + limitMs;
  }
  spent(): boolean {
    return Date.now() > this.until;
  }
}

export type PatternOutcome = 'match' | 'no_match' | 'too_long' | 'out_of_time';

export function matchPattern(pattern: RulePattern, value: string, budget: PatternBudget): PatternOutcome {
  if (value.length > MAX_MATCHED_LENGTH) return 'too_long';
  if (budget.spent()) return 'out_of_time';
  return pattern.test(value) ? 'match' : 'no_match';
}
