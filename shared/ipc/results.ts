/** Request schemas and answers of the results:* channels. */
import { z } from 'zod';
import type { ResultInfo } from '../result.js';
import { MAX_DOCUMENT_BYTES } from './documents.js';
import { workspaceIdSchema } from './ids.js';

/** The largest result model `results:model` sends; a bigger one is refused `result_too_large`. */
export const MAX_MODEL_BYTES = 512 * 1024 * 1024;

/** What `results:model` answers. */
export interface ResultModel {
  result: ResultInfo;
  model: Uint8Array;
}

export const resultsRequests = {
  get: z.object({ id: workspaceIdSchema }).strict(),
  /**
   * A parse or analyzer result's summary and its result model as bytes (decodeModel), built in
   * main and cached beside the result. `rebuild` ignores the cache (the window could not read it).
   */
  model: z.object({ id: workspaceIdSchema, rebuild: z.literal(true).optional() }).strict(),
  import: z
    .object({
      documentId: workspaceIdSchema,
      fileName: z.string().min(1).max(1000),
      text: z.string().max(MAX_DOCUMENT_BYTES),
      sourceResultId: workspaceIdSchema.optional(),
      wholeDocument: z.literal(true).optional(),
    })
    .strict(),
};
