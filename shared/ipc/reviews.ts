/** Request schemas and answers of the reviews:* channels: the reviewer's decisions on an extraction's fields. */
import { z } from 'zod';
import { REVIEW_STATUSES } from '../review.js';
import { workspaceIdSchema } from './ids.js';
import { ruleSchemaSchema } from './rules.js';

/** A review exported as a file the renderer saves. */
export interface ReviewExport {
  fileName: string;
  mime: string;
  content: string;
}

export const reviewsRequests = {
  get: z.object({ extractionId: workspaceIdSchema }).strict(),
  decide: z
    .object({
      extractionId: workspaceIdSchema,
      path: z.string().min(1).max(1000),
      /** null takes the decision back. */
      decision: z
        .object({
          status: z.enum(REVIEW_STATUSES),
          correctedValue: z.string().max(100_000).optional(),
          note: z.string().max(10_000).optional(),
        })
        .strict()
        .nullable(),
      /** The reviewer's undo: names the action in the audit trail only if main finds the decision restores the field's state before its latest entry. */
      undo: z.boolean().optional(),
      /** The schema in the Fields panel: an accept one of its stored rules fails on is recorded as an override. */
      schema: ruleSchemaSchema.optional(),
    })
    .strict(),
  export: z
    .object({
      extractionId: workspaceIdSchema,
      format: z.enum(['json', 'csv']),
      /** The schema the extraction was made with: its stored rules run and their results go in the export. */
      schema: ruleSchemaSchema.optional(),
    })
    .strict(),
};
