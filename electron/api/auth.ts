import type { Credential } from './credential.js';

/** The auth headers each kind of key sends (v2.auth.bearer, v1.auth.apikey, v1.auth.legacy-pair). */
export function authHeaders(credential: Pick<Credential, 'kind' | 'secret' | 'secret2'>): Record<string, string> {
  switch (credential.kind) {
    case 'v2':
    case 'analyzer':
      return { Authorization: `Bearer ${credential.secret}` };
    case 'v1':
      return { apikey: credential.secret };
    case 'v1-legacy':
      return { apikey: credential.secret, apisecret: credential.secret2 ?? '' };
  }
}
