import type { Credential } from '../keys/keysService.js';
import { authHeaders } from './auth.js';
import type { RetryOptions } from './retry.js';
import type { ServiceEndpoint } from './serviceCall.js';

export interface ClientConfig {
  /** The key to send; its `address` is the service address unless `address` overrides it. */
  credential: Pick<Credential, 'kind' | 'secret' | 'secret2' | 'address'>;
  address?: string;
  retry?: RetryOptions;
  timeoutMs?: number;
}

/** Clients never read keys themselves: they are handed a credential and turn it into headers here. */
export function endpointFor(config: ClientConfig): ServiceEndpoint {
  return {
    address: config.address ?? config.credential.address,
    headers: authHeaders(config.credential),
    ...(config.retry ? { retry: config.retry } : {}),
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
  };
}
