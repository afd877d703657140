import { z } from 'zod';
import { DOCUMENT_MIMES, DOCUMENT_WARNING_CODES } from '../../shared/document.js';
import { schemaKeySchema } from '../../shared/ipc/ids.js';

/** A re-run of a parse result's failed pages, as a job's request and its intent keep it (jobs/, job-intents/). */
export const rerunRequestSchema = z
  .object({
    resultId: z.string(),
    pages: z.array(z.number().int().min(1)).min(1),
  })
  .strict();

/** documents/<id>/document.json as read back (older versions wrote less). */
export const documentInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.enum(DOCUMENT_MIMES),
  size: z.number(),
  addedAt: z.string(),
  // Absent in documents stored before pages were counted at import (filled in on first read).
  pageCount: z.number().int().nonnegative().nullable().exactOptional(),
  warnings: z.array(z.object({ code: z.enum(DOCUMENT_WARNING_CODES), message: z.string() })).exactOptional(),
  encrypted: z.boolean().exactOptional(),
  needsPassword: z.boolean().exactOptional(),
  sourceUrl: z.string().exactOptional(),
});
export type StoredDocumentInfo = z.infer<typeof documentInfoSchema>;

/** A document as the library lists it (DocumentInfo): its pages counted, null when they could not be. */
export const listedDocumentSchema = documentInfoSchema.extend({ pageCount: z.number().int().nonnegative().nullable() });

/** results/<id>.info.json: a result's summary. */
export const resultInfoSchema = z.looseObject({
  id: z.string(),
  documentId: z.string(),
  kind: z.enum(['parse', 'extract', 'analyzer']),
  engine: z.enum(['local', 'parse', 'analyzer', 'extract', 'import']),
  createdAt: z.string(),
  modelVersion: z.string().nullable(),
  pageCount: z.number().nullable(),
  credits: z.number().nullable(),
  partial: z.boolean(),
  sourceResultId: z.string().exactOptional(),
  schemaKey: schemaKeySchema.exactOptional(),
  decryptedCopy: z.boolean().exactOptional(),
  // The re-run it merges (see rerunRequestSchema), and the job that answered it.
  rerun: rerunRequestSchema
    .extend({
      jobId: z.string().exactOptional(),
      answerId: z.string().exactOptional(),
    })
    .strict()
    .exactOptional(),
});
