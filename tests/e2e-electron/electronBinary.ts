import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The Electron binary, or why there is none. `require('electron')` returns its path but
 * throws when the postinstall download did not happen (offline machines, CI with
 * ELECTRON_SKIP_BINARY_DOWNLOAD=1).
 */
export function electronBinary(): { path: string } | { missing: string } {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown as string;
    if (typeof path === 'string' && existsSync(path)) return { path };
    return { missing: `the Electron binary is not at ${String(path)}` };
  } catch (error) {
    return { missing: error instanceof Error ? (error.message.split('\n')[0] ?? 'unknown') : String(error) };
  }
}
