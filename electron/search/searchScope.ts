import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../../shared/ipc/search.js';
import type { SettingsStore } from '../settings/settings.js';
import type { SearchSource } from './searchClient.js';

export async function readSearchSettings(settings: SettingsStore): Promise<SearchSettings> {
  return { ...DEFAULT_SEARCH_SETTINGS, ...(await settings.read()).search };
}

export function updateSearchSettings(settings: SettingsStore, patch: Partial<SearchSettings>): Promise<SearchSettings> {
  return settings.update((current) => {
    const search = { ...DEFAULT_SEARCH_SETTINGS, ...current.search, ...patch };
    return { next: { ...current, search }, result: search };
  });
}

/**
 * The one place that decides which documents the search index holds: the workspace's listing,
 * less the documents opened with a password while `keepProtectedOut` is on. The index follows
 * the listing it is given (read before every query and after every change), so a document
 * left out here is never indexed, and one indexed before the setting was turned on leaves
 * the index at its next sync, as a trashed one does. An encrypted PDF that opens without a
 * password (owner password only) is not protected: anyone can read it, so it is indexed.
 */
export function searchScope(source: SearchSource, settings: SettingsStore): SearchSource {
  return {
    library: async () => {
      const [library, { keepProtectedOut }] = await Promise.all([source.library(), readSearchSettings(settings)]);
      return keepProtectedOut ? library.filter((entry) => !entry.document.needsPassword) : library;
    },
    resultModel: (id) => source.resultModel(id),
    resultResponsePath: (id) => source.resultResponsePath(id),
  };
}
