import type { KeyKind } from '../shared/keys.js';
import type { DefaultAddresses } from '../shared/ipc.js';

/** The real services (v2 host as in the official landingai-ade client); environment variables override them (regional deployments, proxies, the emulator). */
const PUBLIC_ADDRESSES = {
  v2: 'https://api.ade.landing.ai',
  analyzer: 'https://api.va.landing.ai',
  v1: 'https://api.landing.ai',
} as const;

export function defaultAddresses(env: NodeJS.ProcessEnv = process.env): DefaultAddresses {
  const v2 = env.GROUNDWORK_V2_URL || PUBLIC_ADDRESSES.v2;
  const analyzer = env.GROUNDWORK_ANALYZER_URL || PUBLIC_ADDRESSES.analyzer;
  const v1 = env.GROUNDWORK_V1_URL || PUBLIC_ADDRESSES.v1;
  const byKind: Record<KeyKind, string> = { v2, analyzer, v1, 'v1-legacy': v1 };
  return byKind;
}
