import { z } from 'zod';
import { KEY_KINDS } from '../../shared/keys.js';

/**
 * What the keychain holds for one key. The kind travels with the secret so that keys can be
 * listed again if the settings file (which holds names and addresses) is lost. Where the key
 * may be sent travels with it too (`address`, `inferenceOrigins`): settings.json is a plain
 * file anything running as the user can edit, the keychain entry is not, so a destination
 * is the one bound here (keyBinding.ts). Keys saved before the binding have neither field;
 * they are bound to their settings on first use.
 */
export const keychainPayloadSchema = z.object({
  v: z.literal(1),
  kind: z.enum(KEY_KINDS),
  secret: z.string(),
  secret2: z.string().optional(),
  /** The service address this key was saved for or re-bound to after a confirmation in main. */
  address: z.string().optional(),
  /** Inference hosts (origins) the user confirmed in main for this key. */
  inferenceOrigins: z.array(z.string()).optional(),
});
export type KeychainPayload = z.infer<typeof keychainPayloadSchema>;

/** A payload whose destinations are bound, as written. */
export type BoundPayload = KeychainPayload & { address: string; inferenceOrigins: string[] };

export function parsePayload(text: string): KeychainPayload | null {
  try {
    const parsed = keychainPayloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Bound once it names an address (its hosts may be absent: none confirmed). */
export function isBound(payload: KeychainPayload): payload is KeychainPayload & { address: string } {
  return payload.address !== undefined;
}
