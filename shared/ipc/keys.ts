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

/** Which secret of a key is copied: the key, or a v1 legacy pair's API secret. */
export const SECRET_PARTS = ['secret', 'secret2'] as const;
export type SecretPart = (typeof SECRET_PARTS)[number];

export const keysRequests = {
  list: noRequest,
  defaults: noRequest,
  add: addKeyRequestSchema,
  copySecret: z.object({ id: keyIdSchema, part: z.enum(SECRET_PARTS) }).strict(),
  rename: z.object({ id: keyIdSchema, name: z.string() }).strict(),
  setEnabled: z.object({ id: keyIdSchema, enabled: z.boolean() }).strict(),
  setAddress: z.object({ id: keyIdSchema, address: z.string().min(1).max(2000) }).strict(),
  delete: z.object({ id: keyIdSchema }).strict(),
  test: z.object({ id: keyIdSchema }).strict(),
  allowInferenceHost: z.object({ id: keyIdSchema, endpointUrl: z.string().min(1).max(8000) }).strict(),
  forgetInferenceHost: z.object({ id: keyIdSchema, origin: z.string().url().max(2000) }).strict(),
};
