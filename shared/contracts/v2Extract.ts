/**
 * v2 extract (v2.extract.response, v2.extract.partial). The request body is not shown in the contract (v2.extract.request-body); we
 * send what the official landingai-ade client sends: a JSON body
 * `{schema, markdown | markdown_url, model?, options?: {strict?, grounding?}}`, plus
 * `output_save_url` on jobs (`service_tier` is a parse-job field only: v2.parse-jobs.service-tier).
 */
import { z } from 'zod';
import { codePointRangeSchema } from './v2Parse.js';

export const extractOptionsSchema = z
  .object({
    strict: z.boolean().optional(),
    grounding: z.boolean().optional(),
  })
  .strict();
export type ExtractOptions = z.infer<typeof extractOptionsSchema>;

/** The wire body of `POST /v2/extract` and `POST /v2/extract/jobs` (unknown keys are a 422). */
export interface ExtractRequestBody {
  schema: Record<string, unknown>;
  markdown?: string;
  markdown_url?: string;
  model?: string;
  options?: ExtractOptions;
  output_save_url?: string;
}

export const extractFieldMetadataSchema = z.looseObject({
  ranges: z.array(codePointRangeSchema).nullable().optional(),
});

/**
 * A warning's shape is open: `{code, msg}` in the contract's examples, any object in the
 * official client's types, plain strings from some deployments. Whatever comes is kept;
 * extractNotices (shared/grounding/fields.ts) says what it can and shows the rest as JSON.
 */
export const extractWarningSchema = z.unknown();
export type ExtractWarning = z.infer<typeof extractWarningSchema>;

export const extractMetadataSchema = z.looseObject({
  job_id: z.string().nullable().optional(),
  doc_id: z.string().nullable().optional(),
  model_version: z.string().nullable().optional(),
  duration_ms: z.number().nullable().optional(),
  /** Read by the model builder, which flags any unit but code points; its type is not this schema's to refuse. */
  range_units: z.unknown().optional(),
  openapi_spec: z.string().optional(),
  input_markdown_chars: z.number().int().nullable().optional(),
  output_extraction_chars: z.number().int().nullable().optional(),
  billing: z.looseObject({ total_credits: z.number().nullable().optional() }).nullable().optional(),
});

export const extractResponseSchema = z.looseObject({
  extraction: z.record(z.string(), z.unknown()),
  /** Per field; the per-field structure is not shown beyond `ranges`, so nested shapes pass. */
  extraction_metadata: z.record(z.string(), z.unknown()),
  markdown: z.string().optional(),
  metadata: extractMetadataSchema,
  /** A list in the official client's types; anything else is kept too and shown as it came (extractNotices). */
  warnings: z.unknown().optional(),
  /** A string in the official client's types; any other value is kept and shown as JSON. */
  schema_violation_error: z.unknown().optional(),
});
export type ExtractResponse = z.infer<typeof extractResponseSchema>;

/** Partial when there is any warning or any schema violation, whatever shape they came in. */
export function isPartialExtract(response: Pick<ExtractResponse, 'warnings' | 'schema_violation_error'>): boolean {
  const { warnings, schema_violation_error: violation } = response;
  const warned = Array.isArray(warnings) ? warnings.length > 0 : warnings !== undefined && warnings !== null;
  return warned || (violation !== undefined && violation !== null && violation !== '' && violation !== false);
}
