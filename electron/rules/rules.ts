import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import type { RuleSet, RuleTarget, RulesSetAside } from '../../shared/ipc/rules.js';
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

/** The key a request names: the one given, or the schema's. */
export function keyOfTarget(target: RuleTarget): string {
  return 'schemaKey' in target ? target.schemaKey : schemaKey(target.schema);
}

/**
 * Rules across fields, kept per extraction schema: `<workspace>/rules/<schema key>.json`,
 * written atomically, validated on read. A rule set that does not parse is never stored. A
 * file that exists but cannot be read is refused (`unreadable_record`) on reading and on
 * saving, never taken for "no rules" and written over; `setAside` renames it out of the way.
 * Asked by schema (the editor's) or by the key an extraction recorded of its own schema.
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

  async get(target: RuleTarget): Promise<RuleSet> {
    const key = keyOfTarget(target);
    return (await this.readOrRefuse(key)) ?? { schemaKey: key, text: '', updatedAt: new Date(0).toISOString() };
  }

  async save(target: RuleTarget, text: string): Promise<RuleSet> {
    checkRules(text);
    const key = keyOfTarget(target);
    await this.readOrRefuse(key); // an unreadable file is not replaced: it may hold rules someone wrote
    const set: RuleSet = { schemaKey: key, text, updatedAt: new Date().toISOString() };
    await this.store.write(key, set);
    return set;
  }

  /** The schema's rules file renamed aside, kept beside the others; the schema starts with none. */
  async setAside(target: RuleTarget): Promise<RulesSetAside> {
    const key = keyOfTarget(target);
    const movedTo = await this.store.setAside(key);
    if (!movedTo) throw new AppError({ code: 'rules_not_found', message: 'There is no rules file of this schema to set aside.' });
    return { movedTo, rules: await this.get({ schemaKey: key }) };
  }

  /** The stored rules of a schema, parsed (none when there are none or they no longer parse). */
  async rulesOf(target: RuleTarget): Promise<Rule[]> {
    const parsed = parseRules((await this.get(target)).text);
    return parsed.ok ? parsed.rules : [];
  }

  private async readOrRefuse(key: string): Promise<RuleSet | null> {
    try {
      return await this.store.readOrRefuse(key);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'unreadable_record') throw error;
      throw new AppError({
        code: 'unreadable_record',
        message: `The rules saved for this schema cannot be read: ${this.store.path(key)}. Save is disabled until the file is fixed or set aside.`,
        hint: 'Fix the file by hand, or choose “Set aside and start empty”: it is renamed beside itself (nothing is deleted) and this schema starts with no rules.',
      });
    }
  }
}
