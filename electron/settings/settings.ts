import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_JOB_SETTINGS } from '../../shared/jobs.js';
import { keyIdSchema } from '../../shared/ipc/ids.js';
import { DEFAULT_SEARCH_SETTINGS } from '../../shared/ipc/search.js';
import { KEY_KINDS } from '../../shared/keys.js';
import { DEFAULT_NETWORK_SETTINGS } from '../api/networkLimits.js';
import type { Logger } from '../core/log.js';
import type { Notices } from '../core/notices.js';
import { JsonFileStore } from '../storage/jsonFileStore.js';

/** Non-secret key metadata. The secret itself lives only in the OS keychain. */
export const keyRecordSchema = z.object({
  id: keyIdSchema,
  name: z.string().min(1),
  kind: z.enum(KEY_KINDS),
  address: z.string().url(),
  createdAt: z.string(),
  enabled: z.boolean(),
  masked: z.string(),
  masked2: z.string().optional(),
  /** Inference endpoints' origins the user confirmed sending this key to (v1 keys). */
  inferenceOrigins: z.array(z.string().url()).optional(),
});
export type KeyRecord = z.infer<typeof keyRecordSchema>;

/** Jobs and batches; every field has a default, so older settings files read as they are. */
export const jobSettingsSchema = z.object({
  jobAbovePages: z.number().int().min(1).max(100_000).default(DEFAULT_JOB_SETTINGS.jobAbovePages),
  jobAboveMb: z.number().min(0.1).max(10_000).default(DEFAULT_JOB_SETTINGS.jobAboveMb),
  batchConcurrency: z.number().int().min(1).max(64).default(DEFAULT_JOB_SETTINGS.batchConcurrency),
  pageWarningLimit: z.number().int().min(1).max(10_000_000).default(DEFAULT_JOB_SETTINGS.pageWarningLimit),
});

/** What is read from the network (see api/networkLimits.ts); defaults, so older settings files read as they are. */
export const networkSettingsSchema = z.object({
  maxResponseMb: z.number().min(1).max(4096).default(DEFAULT_NETWORK_SETTINGS.maxResponseMb),
  maxDownloadMb: z
    .number()
    .min(1)
    .max(16 * 1024 * 1024)
    .default(DEFAULT_NETWORK_SETTINGS.maxDownloadMb),
});

/** Which documents the search index holds (shared/ipc/search.ts); a default, so older settings files read as they are. */
export const searchSettingsSchema = z.object({
  keepProtectedOut: z.boolean().default(DEFAULT_SEARCH_SETTINGS.keepProtectedOut),
});

/** The settings file. Unknown fields (from a newer version of the app) are kept. */
export const settingsSchema = z.looseObject({
  version: z.literal(1),
  keys: z.array(keyRecordSchema),
  jobs: jobSettingsSchema.optional(),
  network: networkSettingsSchema.optional(),
  search: searchSettingsSchema.optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

export type SettingsStore = JsonFileStore<typeof settingsSchema>;

export function createSettingsStore(dataDir: string, deps: { logger: Logger; notices: Notices }): SettingsStore {
  return new JsonFileStore(join(dataDir, 'settings.json'), settingsSchema, () => ({ version: 1, keys: [] }), {
    ...deps,
    label: 'settings',
  });
}
