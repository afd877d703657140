import { AppError } from '../../shared/errors.js';

/** The OS keychain as the keys service sees it. */
export interface Keychain {
  set(account: string, secret: string): Promise<void>;
  get(account: string): Promise<string | null>;
  delete(account: string): Promise<boolean>;
  list(): Promise<Array<{ account: string; secret: string }>>;
}

interface KeytarModule {
  setPassword(service: string, account: string, password: string): Promise<void>;
  getPassword(service: string, account: string): Promise<string | null>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

/**
 * The real keychain through keytar: Keychain on macOS, Credential Vault on Windows,
 * Secret Service on Linux. One keychain entry per key id under `service`.
 * There is no fallback: when no keychain is available, keys cannot be stored.
 */
export function createKeytarKeychain(service: string): Keychain {
  let loaded: Promise<KeytarModule> | undefined;
  const keytar = () => {
    loaded ??= import('keytar').then(
      (m) => (m as { default?: KeytarModule }).default ?? (m as unknown as KeytarModule),
      (error: unknown) => {
        loaded = undefined;
        throw keychainUnavailable(error);
      },
    );
    return loaded;
  };
  const call = async <T>(run: (k: KeytarModule) => Promise<T>): Promise<T> => {
    const k = await keytar();
    try {
      return await run(k);
    } catch (error) {
      throw keychainUnavailable(error);
    }
  };
  return {
    set: (account, secret) => call((k) => k.setPassword(service, account, secret)),
    get: (account) => call((k) => k.getPassword(service, account)),
    delete: (account) => call((k) => k.deletePassword(service, account)),
    list: () => call(async (k) => (await k.findCredentials(service)).map((c) => ({ account: c.account, secret: c.password }))),
  };
}

function keychainUnavailable(cause: unknown): AppError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  const hint =
    process.platform === 'linux'
      ? 'Groundwork keeps API keys only in the system keychain. Install and unlock a Secret Service ' +
        '(for example: sudo apt-get install gnome-keyring, then log in again), or start one with ' +
        '`dbus-run-session` + `gnome-keyring-daemon --unlock`. Keys are never stored in plain text.'
      : 'Groundwork keeps API keys only in the system keychain. Unlock it and try again.';
  return new AppError({
    code: 'keychain_unavailable',
    message: `The system keychain is not available (${detail.slice(0, 200)}).`,
    hint,
  });
}
