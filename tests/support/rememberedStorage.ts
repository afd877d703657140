import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A `localStorage` for stores that remember a setting across sessions: empty before each
 * test, with a fresh copy of every module (so a store reads it again, as a new window would).
 * Returns what is stored, to look at or to seed.
 */
export function useRememberedStorage(): Map<string, string> {
  const remembered = new Map<string, string>();
  beforeEach(() => {
    remembered.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => remembered.get(k) ?? null,
      setItem: (k: string, v: string) => void remembered.set(k, v),
    });
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());
  return remembered;
}
