/**
 * A review's decisions are keyed by field path, and a path is whatever the extraction named:
 * `__proto__` and `constructor` included. So they are read as own properties only and written
 * as data properties, never through `obj[path] = …` (which for `__proto__` sets the prototype).
 */
import type { FieldDecision } from './review.js';

type Decisions = Readonly<Record<string, FieldDecision>>;

/** The decision on `path`, or undefined: never an inherited member such as `Object.prototype.constructor`. */
export function decisionOf(fields: Decisions | null | undefined, path: string): FieldDecision | undefined {
  return fields && Object.hasOwn(fields, path) ? fields[path] : undefined;
}

/** A copy of `fields` with `path` decided (undefined: taken back). */
export function withDecision(
  fields: Decisions | null | undefined,
  path: string,
  decision: FieldDecision | undefined,
): Record<string, FieldDecision> {
  const entries = Object.entries(fields ?? {}).filter(([key]) => key !== path);
  if (decision) entries.push([path, decision]);
  return Object.fromEntries(entries);
}
