/** Request schemas and answers of the rules:* channels: the rules kept per extraction schema. */
import { z } from 'zod';
import { MAX_RULES_CHARS } from '../rules/parseRules.js';
import { schemaKeySchema } from './ids.js';

/** A schema's rules as kept: `schemaKey` is the stable hash of the schema's JSON (keys sorted). */
export interface RuleSet {
  schemaKey: string;
  text: string;
  /** The epoch when none were ever saved. */
  updatedAt: string;
}

/** An extraction schema as the Fields panel sends it; bounded so a hash request stays small. */
export const ruleSchemaSchema = z
  .record(z.string(), z.unknown())
  .refine((s) => JSON.stringify(s).length <= 1_000_000, 'the schema is larger than 1 MB');

/**
 * Whose rules: a schema (the one in the editor), or the key an extraction recorded of the
 * schema it was made with (the schema itself is not kept, its key is enough to find its rules).
 */
export const ruleTargetSchema = z.union([
  z.object({ schema: ruleSchemaSchema }).strict(),
  z.object({ schemaKey: schemaKeySchema }).strict(),
]);
export type RuleTarget = z.infer<typeof ruleTargetSchema>;

const text = z.string().max(MAX_RULES_CHARS);

export const rulesRequests = {
  get: ruleTargetSchema,
  save: z.union([z.object({ schema: ruleSchemaSchema, text }).strict(), z.object({ schemaKey: schemaKeySchema, text }).strict()]),
  /** An unreadable rules file renamed aside (kept, not deleted), so the schema starts with none. */
  setAside: ruleTargetSchema,
};

/** What setting a rules file aside did: where it went, and the (empty) rules now. */
export interface RulesSetAside {
  movedTo: string;
  rules: RuleSet;
}
