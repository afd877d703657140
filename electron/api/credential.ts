import type { KeyKind } from '../../shared/keys.js';

/** The credential a service client needs, handed out only inside main. */
export interface Credential {
  id: string;
  kind: KeyKind;
  address: string;
  secret: string;
  secret2?: string;
  /** Inference hosts (origins) the user confirmed for this key, besides its address. */
  inferenceOrigins: string[];
}
