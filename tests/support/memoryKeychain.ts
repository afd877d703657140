import type { Keychain } from '../../electron/keys/keychain.js';

/** A keychain in memory, for tests about what the app does with entries rather than about the OS keychain. */
export function memoryKeychain(entries = new Map<string, string>()): Keychain {
  return {
    set: async (account, secret) => void entries.set(account, secret),
    get: async (account) => entries.get(account) ?? null,
    delete: async (account) => entries.delete(account),
    list: async () => [...entries].map(([account, secret]) => ({ account, secret })),
  };
}
