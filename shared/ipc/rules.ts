/** Request schemas and answers of the rules:* channels: the rules kept per extraction schema. */
import { z } from 'zod';
import { MAX_RULES_CHARS } from '../rules/parseRules.js';

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

export const rulesRequests = {
  get: z.object({ schema: ruleSchemaSchema }).strict(),
  save: z.object({ schema: ruleSchemaSchema, text: z.string().max(MAX_RULES_CHARS) }).strict(),
};
