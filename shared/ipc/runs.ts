/** Request schemas of the runs:* channels: a parse or extract by the offline engine or a cloud service, and its cancel. */
import { z } from 'zod';
import { parseOptionsSchema } from '../contracts/v2Parse.js';
import { SERVICE_TIERS } from '../jobs.js';
import { keyIdSchema, runIdSchema, workspaceIdSchema } from './ids.js';

/** The sample documents the app ships (resources/samples). */
export const SAMPLE_NAMES = ['invoice.pdf', 'report.pdf'] as const;
export type SampleName = (typeof SAMPLE_NAMES)[number];

export const runsRequests = {
  parse: z.discriminatedUnion('engine', [
    z
      .object({ engine: z.literal('local'), runId: runIdSchema, documentId: workspaceIdSchema, options: parseOptionsSchema.optional() })
      .strict(),
    z
      .object({
        engine: z.literal('parse'),
        runId: runIdSchema,
        documentId: workspaceIdSchema,
        keyId: keyIdSchema.optional(),
        model: z.string().trim().min(1).max(120).optional(),
        // Checked by the client's preflight, which names unknown keys in its message.
        options: z.record(z.string(), z.unknown()).optional(),
        /** Main decides sync or job (auto), so job-only options are never dropped. */
        mode: z.enum(['auto', 'sync', 'job']),
        serviceTier: z.enum(SERVICE_TIERS).optional(),
        outputSaveUrl: z.string().trim().min(1).max(8000).optional(),
        /** Send the document's remembered web address (`document_url`) instead of its bytes. */
        byUrl: z.boolean().optional(),
      })
      .strict(),
    z
      .object({
        engine: z.literal('analyzer'),
        runId: runIdSchema,
        documentId: workspaceIdSchema,
        keyId: keyIdSchema.optional(),
        options: z
          .object({
            pages: z.array(z.number().int().min(0)).optional(),
            include_marginalia: z.boolean().optional(),
            include_metadata_in_markdown: z.boolean().optional(),
            fields_schema: z.record(z.string(), z.unknown()).optional(),
            enable_rotation_detection: z.boolean().optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ]),
  extract: z.discriminatedUnion('engine', [
    z.object({ engine: z.literal('local'), resultId: workspaceIdSchema, schema: z.record(z.string(), z.unknown()) }).strict(),
    z
      .object({
        engine: z.literal('extract'),
        runId: runIdSchema,
        resultId: workspaceIdSchema,
        keyId: keyIdSchema.optional(),
        model: z.string().trim().min(1).max(120).optional(),
        schema: z.record(z.string(), z.unknown()),
      })
      .strict(),
  ]),
  cancel: z.object({ runId: runIdSchema }).strict(),
  /** Re-run a partial cloud parse's failed pages; the merge is stored as a new result. */
  rerunPages: z.object({ runId: runIdSchema, resultId: workspaceIdSchema, keyId: keyIdSchema.optional() }).strict(),
};

export const samplesRequests = {
  open: z.object({ name: z.enum(SAMPLE_NAMES).optional() }).strict(),
};
