/** The v2 error object (v2.errors.shape): every v2 error body and the `error` of a failed job. */
import { z } from 'zod';

/** The SDK types both as `string | null` (its `JobError`); the app says what it can of a null one. */
export const v2ErrorSchema = z.looseObject({
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type V2Error = z.infer<typeof v2ErrorSchema>;

/** Codes the contract names (v2.errors.codes); the full list is not shown, so others may arrive. */
export const KNOWN_V2_ERROR_CODES = [
  'validation_error',
  'unknown_model_version',
  'invalid_url',
  'invalid_api_key',
  'rate_limit_exceeded',
] as const;
