import type { KeyKind } from '../../shared/keys.js';
import type { DefaultAddresses } from '../../shared/ipc/keys.js';

/** The real services (v2 host as in the official landingai-ade client); environment variables override them (regional deployments, proxies, the emulator). */
const PUBLIC_ADDRESSES = {
  v2: 'https://api.ade.landing.ai',
  analyzer: 'https://api.va.landing.ai',
  v1: 'https://api.landing.ai',
} as const;

/**
 * Keychain namespaces: the installed app's keys live under one, the browser preview's
 * under another, so the preview never lists or reveals the app's keys.
 */
export const KEYCHAIN_SERVICES = { electron: 'groundwork', preview: 'groundwork-preview' } as const;

export type ShellKind = keyof typeof KEYCHAIN_SERVICES;

/** What the process runs with, after the environment had its say. */
export interface AppConfig {
  /** The data folder; null means the shell's own default (the OS app-data folder, or ~/.groundwork-preview). */
  dataDir: string | null;
  keychainService: string;
  /** Default service addresses for new keys. */
  addresses: DefaultAddresses;
  /** A built engine worker to use instead of the bundled one (tests); null for the bundled one. */
  engineWorker: string | null;
  /** A built result-model worker to use instead of the bundled one (tests); null for the bundled one. */
  modelWorker: string | null;
  /** A built search worker to use instead of the bundled one (tests); null for the bundled one. */
  searchWorker: string | null;
  /** A built parser host (the process those workers run in) to use instead of the bundled one (tests); null for the bundled one. */
  parserHost: string | null;
}

/**
 * The only place the app reads GROUNDWORK_* variables. A packaged build ignores them all:
 * whoever can set an installed app's environment must not be able to point it at another
 * data folder, another keychain namespace, other service hosts (keys would follow) or
 * other code for the engine, model or search worker or the process they run in.
 */
export function readConfig(options: { shell: ShellKind; isPackaged: boolean; env?: NodeJS.ProcessEnv }): AppConfig {
  const env = options.env ?? process.env;
  const read = (name: string): string | undefined => (options.isPackaged ? undefined : env[name] || undefined);
  const v1 = read('GROUNDWORK_V1_URL') ?? PUBLIC_ADDRESSES.v1;
  const addresses: Record<KeyKind, string> = {
    v2: read('GROUNDWORK_V2_URL') ?? PUBLIC_ADDRESSES.v2,
    analyzer: read('GROUNDWORK_ANALYZER_URL') ?? PUBLIC_ADDRESSES.analyzer,
    v1,
    'v1-legacy': v1,
  };
  return {
    dataDir: read('GROUNDWORK_DATA_DIR') ?? null,
    // Tests use a namespace of their own so they never touch the user's keys.
    keychainService: read('GROUNDWORK_KEYCHAIN_SERVICE') ?? KEYCHAIN_SERVICES[options.shell],
    addresses,
    engineWorker: read('GROUNDWORK_ENGINE_WORKER') ?? null,
    modelWorker: read('GROUNDWORK_MODEL_WORKER') ?? null,
    searchWorker: read('GROUNDWORK_SEARCH_WORKER') ?? null,
    parserHost: read('GROUNDWORK_PARSER_HOST') ?? null,
  };
}

let applied: AppConfig | null = null;

/** Called once by an entry point (the Electron shell, the preview) before any service runs. */
export function applyConfig(config: AppConfig): AppConfig {
  applied = config;
  return config;
}

/**
 * The config in force: what the entry point applied. Without an entry point (unit tests,
 * dev scripts) the environment is read as an unpackaged preview reads it.
 */
export function activeConfig(): AppConfig {
  return applied ?? readConfig({ shell: 'preview', isPackaged: false });
}
