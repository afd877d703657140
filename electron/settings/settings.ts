import { join } from 'node:path';
import { z } from 'zod';
import { KEY_KINDS } from '../../shared/keys.js';
import type { Logger } from '../log.js';
import type { Notices } from '../notices.js';
import { JsonFileStore } from './jsonFileStore.js';

/** Non-secret key metadata. The secret itself lives only in the OS keychain. */
export const keyRecordSchema = z.object({
  id: z.string().uuid(),
  name: z.string().min(1),
  kind: z.enum(KEY_KINDS),
  address: z.string().url(),
  createdAt: z.string(),
  enabled: z.boolean(),
  masked: z.string(),
  masked2: z.string().optional(),
});
export type KeyRecord = z.infer<typeof keyRecordSchema>;

/** The settings file. Unknown fields (from a newer version of the app) are kept. */
export const settingsSchema = z.looseObject({
  version: z.literal(1),
  keys: z.array(keyRecordSchema),
});
export type Settings = z.infer<typeof settingsSchema>;

export type SettingsStore = JsonFileStore<typeof settingsSchema>;

export function createSettingsStore(dataDir: string, deps: { logger: Logger; notices: Notices }): SettingsStore {
  return new JsonFileStore(join(dataDir, 'settings.json'), settingsSchema, () => ({ version: 1, keys: [] }), {
    ...deps,
    label: 'settings',
  });
}
