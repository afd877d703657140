/** Request schemas and answers of the keys:* channels. */
import { z } from 'zod';
import { KEY_KINDS, type KeyKind } from '../keys.js';
import { noRequest } from './app.js';
import { keyIdSchema } from './ids.js';

export type DefaultAddresses = Record<KeyKind, string>;

export const addKeyRequestSchema = z
  .object({
    name: z.string(),
    kind: z.enum(KEY_KINDS),
    secret: z.string(),
    secret2: z.string().optional(),
    /** Empty or absent means the default address for the kind. */
    address: z.string().optional(),
  })
  .strict();
export type AddKeyRequest = z.infer<typeof addKeyRequestSchema>;

export const keysRequests = {
  list: noRequest,
  defaults: noRequest,
  add: addKeyRequestSchema,
  reveal: z.object({ id: keyIdSchema }).strict(),
  rename: z.object({ id: keyIdSchema, name: z.string() }).strict(),
  setEnabled: z.object({ id: keyIdSchema, enabled: z.boolean() }).strict(),
  delete: z.object({ id: keyIdSchema }).strict(),
  test: z.object({ id: keyIdSchema }).strict(),
  allowInferenceHost: z.object({ id: keyIdSchema, endpointUrl: z.string().min(1).max(8000) }).strict(),
  forgetInferenceHost: z.object({ id: keyIdSchema, origin: z.string().url().max(2000) }).strict(),
};
