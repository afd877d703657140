/**
 * The older one-call analysis tool (analyzer.response.open-shape). Inner shapes of chunk types,
 * extracted_schema, extraction_metadata and metadata are not shown, so they stay open.
 */
import { z } from 'zod';

// "At most 50 MB": read as decimal megabytes, the stricter reading, so no image the service
// could count as over the limit is ever uploaded (and paid for) only to be refused.
export const ANALYZER_LIMITS = { maxPdfPages: 50, maxImageBytes: 50_000_000 } as const;

/** `{l, t, r, b}`: fractions of the page, as the older tool sends them. */
export const analyzerBoxSchema = z.looseObject({ l: z.number(), t: z.number(), r: z.number(), b: z.number() });

export const analyzerChunkSchema = z.looseObject({
  text: z.string(),
  grounding: z.array(z.looseObject({ box: analyzerBoxSchema, page: z.number().int() })),
  chunk_type: z.string(),
  chunk_id: z.string(),
  rotation_angle: z.number().optional(),
});
export type AnalyzerChunk = z.infer<typeof analyzerChunkSchema>;

export const analyzerPageErrorSchema = z.looseObject({
  page_num: z.number().int(),
  error: z.string(),
  error_code: z.number().int(),
});
export type AnalyzerPageError = z.infer<typeof analyzerPageErrorSchema>;

export const analyzerResponseSchema = z.looseObject({
  data: z.looseObject({
    markdown: z.string(),
    chunks: z.array(analyzerChunkSchema),
    extracted_schema: z.unknown().optional(),
    extraction_metadata: z.unknown().optional(),
  }),
  errors: z.array(analyzerPageErrorSchema).optional(),
  extraction_error: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type AnalyzerResponse = z.infer<typeof analyzerResponseSchema>;
