/** Request schemas of the documents:* and library:* channels. */
import { z } from 'zod';
import { noRequest } from './app.js';
import { keyIdSchema, workspaceIdSchema } from './ids.js';

export const MAX_DOCUMENT_BYTES = 512 * 1024 * 1024;
/** A PDF password as typed; its value never appears in a validation message. */
const documentPassword = z.string().min(1, 'empty').max(1024, 'too long');

export const documentsRequests = {
  /** `password` only for a PDF that needs one (after a `password_required`); checked, held in main's memory, never stored. */
  import: z
    .object({
      name: z.string().min(1).max(1000),
      bytes: z.instanceof(Uint8Array).refine((b) => b.length <= MAX_DOCUMENT_BYTES, 'larger than 512 MB'),
      password: documentPassword.optional(),
    })
    .strict(),
  /** Downloads a document from a web address (checked in main), stores it and remembers the address for `document_url`. */
  importUrl: z
    .object({
      url: z.string().trim().min(1, 'empty').max(8000, 'too long'),
      keyId: keyIdSchema.optional(),
      password: documentPassword.optional(),
    })
    .strict(),
  read: z.object({ id: workspaceIdSchema }).strict(),
  /** The password of a stored PDF that needs one, for this session: `wrong_password` when it does not open it. */
  unlock: z.object({ id: workspaceIdSchema, password: documentPassword }).strict(),
};

export const libraryRequests = {
  /**
   * Newest first. `first`: only that many entries, what a window draws before the rest arrives;
   * `documentIds`: only those documents' entries (one not listed is gone), what a change touched.
   */
  list: z
    .object({ first: z.number().int().positive().max(100_000).optional(), documentIds: z.array(workspaceIdSchema).max(1000).optional() })
    .strict(),
  trash: noRequest,
  /** Moves a document (with all its results) or a result (with the extractions made from it) to the trash. */
  delete: z.union([z.object({ documentId: workspaceIdSchema }).strict(), z.object({ resultId: workspaceIdSchema }).strict()]),
  restore: z.object({ trashId: workspaceIdSchema }).strict(),
};
