import type { Credential } from './credential.js';
import { originOf } from './keyDestinations.js';
import { authHeaders } from './auth.js';
import type { RetryOptions } from './retry.js';
import type { ServiceEndpoint } from './serviceCall.js';

export interface ClientConfig {
  /** The key to send; its `address` is the service address. */
  credential: Pick<Credential, 'kind' | 'secret' | 'secret2' | 'address' | 'inferenceOrigins'>;
  retry?: RetryOptions;
  timeoutMs?: number;
}

/**
 * Clients never read keys themselves: they are handed a credential and turn it into headers
 * here, with the only places those headers may go (its address, and confirmed inference hosts).
 */
export function endpointFor(config: ClientConfig): ServiceEndpoint {
  return {
    address: config.credential.address,
    headers: authHeaders(config.credential),
    allowedOrigins: [originOf(config.credential.address), ...(config.credential.inferenceOrigins ?? [])],
    ...(config.retry ? { retry: config.retry } : {}),
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
  };
}
