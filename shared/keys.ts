/** The kinds of credential the app stores (keys.kinds). */
export const KEY_KINDS = ['v2', 'analyzer', 'v1', 'v1-legacy'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

export const KEY_KIND_LABELS: Record<KeyKind, string> = {
  v2: 'v2 parse / extract',
  analyzer: 'Older analyzer',
  v1: 'v1 datasets key',
  'v1-legacy': 'v1 legacy key + secret',
};

/** Which service address a kind of key talks to. */
export const KEY_KIND_SERVICE: Record<KeyKind, 'v2' | 'analyzer' | 'v1'> = {
  v2: 'v2',
  analyzer: 'analyzer',
  v1: 'v1',
  'v1-legacy': 'v1',
};

export const KEY_NAME_MAX = 80;

/** A key as every channel returns it: metadata plus a masked secret (no channel answers a secret). */
export interface KeyInfo {
  id: string;
  name: string;
  kind: KeyKind;
  address: string;
  createdAt: string;
  enabled: boolean;
  /** The secret with most characters replaced by asterisks. */
  masked: string;
  /** The masked legacy secret, for `v1-legacy` keys. */
  masked2?: string | undefined;
  /** False when the keychain no longer holds this key's secret. */
  inKeychain: boolean;
  /** Inference endpoints' origins the user confirmed sending this v1 key to. */
  inferenceOrigins?: string[] | undefined;
  /**
   * What settings.json says of this key's address or hosts that its keychain entry does not
   * (changed outside the app): the key is refused until its address is entered again.
   */
  destinationChanged?: string | undefined;
}

/** What the window is told of a copy: that main put the secret on the clipboard, and when it clears it. */
export interface SecretCopied {
  clearAfterSeconds: number;
}

export interface KeyTestResult {
  ok: boolean;
  status: number | null;
  message: string;
  checkedAt: string;
  /**
   * How far an accepted key was proven: `used` — a real read answered with the key;
   * `not_refused` — an empty request was refused as invalid (422), which a service that
   * checks bodies before keys would answer to any key. Absent when not accepted.
   */
  proof?: 'used' | 'not_refused';
}

/**
 * Shows enough of a secret to tell keys apart and never more than a third of it (keys.masked):
 * the first and last four characters of long keys, fewer of shorter ones.
 */
export function maskSecret(secret: string): string {
  const chars = Array.from(secret);
  const hidden = '*'.repeat(8);
  if (chars.length >= 24) return `${chars.slice(0, 4).join('')}${hidden}${chars.slice(-4).join('')}`;
  if (chars.length >= 12) return `${hidden}${chars.slice(-4).join('')}`;
  if (chars.length >= 6) return `${hidden}${chars.slice(-2).join('')}`;
  return hidden;
}
