import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { schemaKeySchema } from '../../shared/ipc/ids.js';
import type { RuleSet, RuleTarget, RulesSetAside } from '../../shared/ipc/rules.js';
import { describeRuleError, parseRules, type Rule } from '../../shared/rules/parseRules.js';
import type { StoredResult } from '../../shared/result.js';
import { JsonDirStore } from '../storage/jsonDirStore.js';
import { SerialQueue } from '../workspace/serialQueue.js';
import type { Workspace } from '../workspace/workspace.js';
import { ENTRY_SUFFIX, FOLDERS, folderIn } from '../workspace/layout.js';
import { osUserName } from '../core/osUser.js';
import { RulesTrail, rulesHash } from './rulesTrail.js';

const ruleSetSchema = z.object({ schemaKey: schemaKeySchema, text: z.string(), updatedAt: z.string() }).strict();

/** A schema's rules as a reader other than the editor gets them: never a throw, an unreadable file said so. */
export type RulesRead =
  | {
      rules: Rule[];
      unreadable: false;
      /** `rulesHash` of the text stored (of "" when there is none): what a decision records. */ hash: string;
    }
  | { rules: Rule[]; unreadable: true; /** `rules/<key>.json`. */ file: string };

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
 * file that exists but does not parse or fit is refused (`unreadable_record`) to the editor on
 * reading and on saving, never taken for "no rules" and written over; `setAside` renames such
 * a file (and only such a file) out of the way. Readers other than the editor (the export, the
 * attention queue) get `readRules`/`rulesForExtraction`, which say "unreadable" instead of
 * throwing. Saves and set-asides run one at a time, each recorded in the rules trail
 * (`RulesTrail`, `audit/rules.jsonl`). Messages name files relative to the workspace.
 */
export class Rules {
  private readonly store: JsonDirStore<RuleSet>;
  private readonly writes = new SerialQueue();
  private readonly trail: RulesTrail;

  constructor(
    workspace: Workspace,
    /** Who the rules trail names; the OS user unless a test says otherwise. */
    user: () => string = osUserName,
  ) {
    this.trail = new RulesTrail(workspace.root, user);
    this.store = new JsonDirStore<RuleSet>({
      dir: folderIn(workspace.root, 'rules'),
      schema: ruleSetSchema,
      suffix: ENTRY_SUFFIX,
      label: 'rule set',
      logger: workspace.logger,
      pretty: true,
    });
  }

  /** For the editor: an unreadable file is refused, with what to do about it. */
  async get(target: RuleTarget): Promise<RuleSet> {
    const key = keyOfTarget(target);
    return (await this.readForEditor(key)) ?? emptySet(key);
  }

  async save(target: RuleTarget, text: string): Promise<RuleSet> {
    checkRules(text);
    const key = keyOfTarget(target);
    return this.writes.run(async () => {
      await this.readForEditor(key); // an unreadable file is not replaced: it may hold rules someone wrote
      const set: RuleSet = { schemaKey: key, text, updatedAt: new Date().toISOString() };
      // Recorded first: rules never come into force unrecorded (a save the crash cut short is recorded but not in force).
      await this.trail.saved(key, text);
      await this.store.write(key, set);
      return set;
    });
  }

  /** The schema's unreadable rules file renamed aside, kept beside the others; the schema starts with none. One that reads is refused. */
  async setAside(target: RuleTarget): Promise<RulesSetAside> {
    const key = keyOfTarget(target);
    return this.writes.run(async () => {
      let found: RuleSet | null;
      try {
        found = await this.store.readOrRefuse(key);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'unreadable_record') throw error;
        const movedTo = await this.store.setAside(key);
        if (movedTo) {
          await this.trail.setAside(key, basename(movedTo));
          return { movedTo: basename(movedTo), rules: emptySet(key) };
        }
        found = null; // gone in the meantime, by hand
      }
      if (!found) {
        throw new AppError({
          code: 'rules_not_found',
          message: 'There is no rules file of this schema to set aside.',
          hint: 'It may have been moved or fixed by hand: open the extraction again to read its rules.',
        });
      }
      throw new AppError({
        code: 'rules_readable',
        message: `The rules file of this schema reads fine (${relativeFile(key)}), so it was not set aside.`,
        hint: 'Edit the rules in the panel; only a file that cannot be read is set aside.',
      });
    });
  }

  /** A schema's stored rules, parsed (none when there are none or they no longer parse); an unreadable file is said so, not thrown. */
  async readRules(target: RuleTarget): Promise<RulesRead> {
    const key = keyOfTarget(target);
    try {
      const text = (await this.store.readOrRefuse(key))?.text ?? '';
      const parsed = parseRules(text);
      return { rules: parsed.ok ? parsed.rules : [], unreadable: false, hash: rulesHash(text) };
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'unreadable_record' && error.code !== 'record_read_failed')) throw error;
      return { rules: [], unreadable: true, file: relativeFile(key) };
    }
  }

  /**
   * The rules of the schema an extraction was made with: the key it recorded, else (one stored
   * before schemas were recorded) the editor's schema; null when there is neither to go by.
   */
  async rulesForExtraction(extraction: Pick<StoredResult, 'schemaKey'>, editorSchema?: Record<string, unknown>): Promise<RulesRead | null> {
    const target: RuleTarget | null = extraction.schemaKey
      ? { schemaKey: extraction.schemaKey }
      : editorSchema
        ? { schema: editorSchema }
        : null;
    return target ? this.readRules(target) : null;
  }

  private async readForEditor(key: string): Promise<RuleSet | null> {
    try {
      return await this.store.readOrRefuse(key);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'unreadable_record') throw error;
      throw new AppError({
        code: 'unreadable_record',
        message: `The rules saved for this schema cannot be read: ${relativeFile(key)}. Save is disabled until the file is fixed or set aside.`,
        hint: 'Fix the file by hand and choose “Try again”, or choose “Set aside and start empty”: it is renamed beside itself (nothing is deleted) and this schema starts with no rules.',
      });
    }
  }
}

function emptySet(key: string): RuleSet {
  return { schemaKey: key, text: '', updatedAt: new Date(0).toISOString() };
}

/** Where a schema's rules live, as the workspace folder names it. */
function relativeFile(key: string): string {
  return `${FOLDERS.rules}/${key}${ENTRY_SUFFIX}`;
}
