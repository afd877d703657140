import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import type { RuleSet } from '../../shared/ipc/rules.js';
import { describeRuleError, parseRules, type Rule } from '../../shared/rules/parseRules.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import type { Workspace } from '../workspace/workspace.js';

const ruleSetSchema = z.object({ schemaKey: z.string(), text: z.string(), updatedAt: z.string() }).strict();

/** JSON with every object's keys sorted, so a schema hashes the same whatever order its keys were written in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The key of a schema's rules: the first 32 hex digits of the SHA-256 of its canonical JSON. */
export function schemaKey(schema: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(schema)).digest('hex').slice(0, 32);
}

/** Parses a rule set or refuses it with the first bad line's position (every bad line in `fields`). */
export function checkRules(text: string): Rule[] {
  const parsed = parseRules(text);
  if (parsed.ok) return parsed.rules;
  const [first] = parsed.errors;
  throw new AppError({
    code: 'invalid_rules',
    message: `The rules do not parse: ${describeRuleError(first!)}`,
    hint: 'Fix the line shown; see docs/rules.md for the rule language.',
    fields: Object.fromEntries(parsed.errors.map((e) => [`line ${e.line}`, describeRuleError(e)])),
  });
}

/**
 * Rules across fields, kept per extraction schema: `<workspace>/rules/<schema key>.json`,
 * written atomically, validated on read. A rule set that does not parse is never stored.
 */
export class Rules {
  private readonly store: JsonDirStore<RuleSet>;

  constructor(workspace: Workspace) {
    this.store = new JsonDirStore<RuleSet>({
      dir: join(workspace.root, 'rules'),
      schema: ruleSetSchema,
      suffix: '.json',
      label: 'rule set',
      logger: workspace.logger,
      pretty: true,
    });
  }

  async get(schema: Record<string, unknown>): Promise<RuleSet> {
    const key = schemaKey(schema);
    return (await this.store.read(key)) ?? { schemaKey: key, text: '', updatedAt: new Date(0).toISOString() };
  }

  async save(schema: Record<string, unknown>, text: string): Promise<RuleSet> {
    checkRules(text);
    const set: RuleSet = { schemaKey: schemaKey(schema), text, updatedAt: new Date().toISOString() };
    await this.store.write(set.schemaKey, set);
    return set;
  }

  /** The stored rules of a schema, parsed (none when there are none or they no longer parse). */
  async rulesOf(schema: Record<string, unknown>): Promise<Rule[]> {
    const parsed = parseRules((await this.get(schema)).text);
    return parsed.ok ? parsed.rules : [];
  }
}
