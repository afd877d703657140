/**
 * The v2 parse response (v2.parse.response.open-shape) as zod schemas that tolerate additions:
 * unknown fields are kept (looseObject), unknown element types and page statuses are
 * plain strings. Results are stored verbatim; these schemas only check what we read.
 */
import { z } from 'zod';

/** Half-open `[start, end)` in Unicode code points of the top-level markdown. */
export const codePointRangeSchema = z.looseObject({
  start: z.number().int(),
  end: z.number().int(),
});
export type CodePointRange = z.infer<typeof codePointRangeSchema>;

/** Fractions of the page (0–1) as the v2 service sends them. */
export const v2BoxSchema = z.looseObject({
  xmin: z.number(),
  ymin: z.number(),
  xmax: z.number(),
  ymax: z.number(),
});
export type V2Box = z.infer<typeof v2BoxSchema>;

export const groundingSchema = z.looseObject({
  /** 1-indexed. */
  page: z.number().int(),
  range: codePointRangeSchema,
  box: v2BoxSchema,
});
export type Grounding = z.infer<typeof groundingSchema>;

/** A node of the tree. Where the official SDK types a field `| null`, null arrives and means "not given" (a null `grounding` is flagged by the model builder). */
export interface StructureNode {
  type: string;
  id?: string;
  page?: number;
  status?: string;
  reason?: string | null;
  grounding?: Grounding;
  atomic_grounding?: Grounding[] | null;
  markdown?: string | null;
  row?: number | null;
  col?: number | null;
  rowspan?: number | null;
  colspan?: number | null;
  children?: StructureNode[] | null;
  [extra: string]: unknown;
}

export const structureNodeSchema: z.ZodType<StructureNode> = z.lazy(() =>
  z.looseObject({
    type: z.string(),
    id: z.string().optional(),
    page: z.number().int().optional(),
    status: z.string().optional(),
    reason: z.string().nullable().optional(),
    grounding: groundingSchema.optional(),
    atomic_grounding: z.array(groundingSchema).nullable().optional(),
    markdown: z.string().nullable().optional(),
    row: z.number().int().nullable().optional(),
    col: z.number().int().nullable().optional(),
    rowspan: z.number().int().nullable().optional(),
    colspan: z.number().int().nullable().optional(),
    children: z.array(structureNodeSchema).nullable().optional(),
  }),
) as z.ZodType<StructureNode>;

/** Every field may be null (the SDK's V2ParseMetadata); `filename` and `version` are the contract's, which the SDK leaves out. */
export const parseMetadataSchema = z.looseObject({
  job_id: z.string().nullable().optional(),
  filename: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
  model_version: z.string().nullable().optional(),
  page_count: z.number().int().nullable().optional(),
  duration_ms: z.number().nullable().optional(),
  failed_pages: z.array(z.number().int()).nullable().optional(),
  output_markdown_chars: z.number().int().nullable().optional(),
  /** Read by the model builder, which flags any unit but code points; its type is not this schema's to refuse. */
  range_units: z.unknown().optional(),
  openapi_spec: z.string().optional(),
  billing: z.looseObject({ total_credits: z.number().nullable().optional() }).nullable().optional(),
});
export type ParseMetadata = z.infer<typeof parseMetadataSchema>;

export const parseResponseSchema = z.looseObject({
  markdown: z.string(),
  metadata: parseMetadataSchema,
  structure: structureNodeSchema,
});
export type ParseResponse = z.infer<typeof parseResponseSchema>;

/** Options of `POST /v2/parse` (v2.parse.options.known-keys). Unknown keys are a 422, so the schema is strict. */
export const parseOptionsSchema = z
  .object({
    pages: z.array(z.number().int()).nullable().optional(),
    blocks: z.record(z.string(), z.object({ markdown: z.unknown() }).strict()).optional(),
    atomic_grounding: z.boolean().optional(),
    inline_markdown: z.boolean().optional(),
    password: z.string().nullable().optional(),
  })
  .strict();
export type ParseOptions = z.infer<typeof parseOptionsSchema>;

/** Current job id format (v2.jobs.id-format); older formats stay accepted (v2.jobs.older-ids). */
export const CURRENT_JOB_ID = /^(parse|extract)-[0-9a-hjkmnp-tv-z]{26}$/;

/**
 * The top of a parse response, checked without walking its tree: for results that may
 * hold 60,000 nodes, where `buildParseModel` checks (and flags) each node as it reads it.
 */
export function looksLikeParseResponse(value: unknown): value is ParseResponse {
  const v = value as { markdown?: unknown; metadata?: unknown; structure?: { type?: unknown; children?: unknown } } | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.markdown === 'string' &&
    typeof v.metadata === 'object' &&
    v.metadata !== null &&
    typeof v.structure === 'object' &&
    v.structure !== null &&
    typeof v.structure.type === 'string' &&
    (v.structure.children === undefined || Array.isArray(v.structure.children))
  );
}
