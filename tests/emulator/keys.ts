/**
 * Who may call the emulator. Keys are given per service, and every key belongs to an
 * organization (v1.auth.organization): organization 1 unless `organizations` names another.
 * v1 projects belong to the organization of the key that made them; v2 jobs to the key itself.
 */
export type KeyService = 'v2' | 'analyzer' | 'v1';

/** The organization of every key that `organizations` does not name. */
export const DEFAULT_ORGANIZATION = 1;

export interface EmulatorKeys {
  v2: string[];
  analyzer: string[];
  v1: string[];
  /** Legacy v1 pairs: both headers required; the key alone is refused. */
  pairs: { key: string; secret: string }[];
  /** key (or a legacy pair's key) → its organization, for keys outside organization 1. */
  organizations?: Record<string, number>;
}

/** Built-in demo keys (documented in README.md), used when none are configured: organization 1, and a second one with its own keys. */
export const DEMO_KEYS: EmulatorKeys = {
  v2: ['demo-v2-key', 'demo-v2-key-2', 'other-org-v2-key'],
  analyzer: ['demo-analyzer-key'],
  v1: ['demo-v1-key', 'other-org-v1-key'],
  pairs: [{ key: 'demo-legacy-key', secret: 'demo-legacy-secret' }],
  organizations: { 'other-org-v2-key': 2, 'other-org-v1-key': 2 },
};

export type AuthResult = { ok: true; principal: string } | { ok: false; reason: string };

export class KeyRegistry {
  /** Keys revoked on the service side: refused with 401 until activated again. */
  private readonly revoked = new Set<string>();

  constructor(private readonly keys: EmulatorKeys) {}

  /** Whether a key (a v2, analyzer or v1 key, or a legacy pair's key) is configured at all. */
  has(key: string): boolean {
    const { v2, analyzer, v1, pairs } = this.keys;
    return v2.includes(key) || analyzer.includes(key) || v1.includes(key) || pairs.some((p) => p.key === key);
  }

  revoke(key: string): void {
    this.revoked.add(key);
  }

  activate(key: string): void {
    this.revoked.delete(key);
  }

  /** Every revoked key active again (a reset). */
  activateAll(): void {
    this.revoked.clear();
  }

  revokedKeys(): string[] {
    return [...this.revoked];
  }

  /** `Authorization: Bearer <key>` for v2 and the older tool (v2.auth.bearer). */
  bearer(service: 'v2' | 'analyzer', authorization: string | undefined): AuthResult {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) return { ok: false, reason: 'Missing "Authorization: Bearer <API key>" header.' };
    const key = match[1]!;
    if (this.revoked.has(key)) return { ok: false, reason: 'The API key has been revoked.' };
    return this.keys[service].includes(key) ? { ok: true, principal: key } : { ok: false, reason: 'The API key is invalid or revoked.' };
  }

  /** `apikey` (and `apisecret` for legacy pairs) for v1 (v1.auth.apikey, v1.auth.legacy-pair). */
  apiKey(apikey: string | undefined, apisecret: string | undefined): AuthResult {
    if (!apikey) return { ok: false, reason: 'Missing "apikey" header.' };
    if (this.revoked.has(apikey)) return { ok: false, reason: 'The API key has been revoked.' };
    const pair = this.keys.pairs.find((p) => p.key === apikey);
    if (pair) {
      if (!apisecret) return { ok: false, reason: 'This key belongs to a legacy key+secret pair: send "apisecret" too.' };
      if (apisecret !== pair.secret) return { ok: false, reason: 'The API secret does not match the key.' };
      return { ok: true, principal: apikey };
    }
    return this.keys.v1.includes(apikey) ? { ok: true, principal: apikey } : { ok: false, reason: 'The API key is invalid or revoked.' };
  }

  /** The organization a key belongs to: a key of one organization reaches nothing of another's. */
  organizationOf(principal: string): number {
    return this.keys.organizations?.[principal] ?? DEFAULT_ORGANIZATION;
  }

  list(): EmulatorKeys {
    return this.keys;
  }
}

/** `--key v2:abc`, `--key analyzer:abc`, `--key v1:abc`, `--pair key:secret`, `--org 2:abc,def` (those keys in organization 2). */
export function parseKeyFlags(keyFlags: string[], pairFlags: string[], orgFlags: string[] = []): EmulatorKeys {
  const keys: EmulatorKeys = { v2: [], analyzer: [], v1: [], pairs: [] };
  for (const flag of keyFlags) {
    const [service, ...rest] = flag.split(':');
    const key = rest.join(':');
    if ((service !== 'v2' && service !== 'analyzer' && service !== 'v1') || !key) {
      throw new Error(`--key expects v2:<key>, analyzer:<key> or v1:<key>; got "${flag}"`);
    }
    keys[service].push(key);
  }
  for (const flag of pairFlags) {
    const parts = flag.split(':');
    const [key, secret] = parts[0] === 'v1' ? [parts[1], parts[2]] : [parts[0], parts[1]];
    if (!key || !secret) throw new Error(`--pair expects [v1:]<key>:<secret>; got "${flag}"`);
    keys.pairs.push({ key, secret });
  }
  const registry = new KeyRegistry(keys);
  for (const flag of orgFlags) {
    const match = /^(\d+):(.+)$/.exec(flag);
    const members = match?.[2]!.split(',') ?? [];
    if (!match || Number(match[1]) < 1 || members.some((key) => !registry.has(key)))
      throw new Error(`--org expects <organization number>:<key>[,<key>…] naming configured keys; got "${flag}"`);
    keys.organizations = { ...keys.organizations, ...Object.fromEntries(members.map((key) => [key, Number(match[1])])) };
  }
  return keys;
}
