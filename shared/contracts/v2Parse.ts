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
  /** On the wire a page's or the document's may be absent: completeParseResponse fills it in where an answer enters. */
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
    // The SDK types a page's and the document's `type` optional (their place says what they are): completeParseResponse fills it in.
    type: z.string().optional(),
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

/**
 * The answer on the wire: the SDK types `markdown` and `structure` `?: … | null` too. Such an
 * answer is completed by `completeParseResponse` where it enters the app (the client, a job's
 * output, an import): never refused.
 */
export const parseResponseSchema = z.looseObject({
  markdown: z.string().nullable().optional(),
  metadata: parseMetadataSchema,
  structure: structureNodeSchema.nullable().optional(),
});
export type WireParseResponse = z.infer<typeof parseResponseSchema>;

/** A parse answer as the app keeps it: always a Markdown string and a document node. */
export type ParseResponse = WireParseResponse & { markdown: string; structure: StructureNode };

/**
 * A checked answer without Markdown or structure becomes an empty document in place: `""` and
 * a document node without pages (docs/contracts.md, v2.parse.null-markdown); the rest is kept
 * as it came. The same object is returned, so what is stored is what arrived, completed.
 */
export function completeParseResponse(response: WireParseResponse): ParseResponse {
  if (typeof response.markdown !== 'string') response.markdown = '';
  if (!response.structure) response.structure = { type: 'document', children: [] };
  const root = response.structure;
  // Typed present, but absent on the wire where the SDK allows it.
  if ((root.type as string | undefined) === undefined) root.type = 'document';
  if (root.type === 'document')
    for (const page of root.children ?? []) if ((page.type as string | undefined) === undefined) page.type = 'page';
  return response as ParseResponse;
}

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
