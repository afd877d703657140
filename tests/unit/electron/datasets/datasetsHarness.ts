import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createDatasets, type Datasets } from '../../../../electron/datasets/datasets.js';
import type { Credential } from '../../../../electron/api/credential.js';
import { createLogger, type Logger } from '../../../../electron/core/log.js';
import { Notices } from '../../../../electron/core/notices.js';
import { AppError } from '../../../../shared/errors.js';
import type { AppEvent } from '../../../../shared/events.js';
import type { Emulator } from '../../../emulator/server.js';
import { credential, KEYS } from '../../../support/emulatorHarness.js';

export const KEY_IDS = {
  v1: '11111111-1111-4111-8111-111111111111',
  legacy: '22222222-2222-4222-8222-222222222222',
  badLegacy: '33333333-3333-4333-8333-333333333333',
  v2: '44444444-4444-4444-8444-444444444444',
  /** A v1 key of another service address. */
  elsewhere: '55555555-5555-4555-8555-555555555555',
};

export type DatasetsState = Datasets & { dataDir: string; events: AppEvent[]; logger: Logger };

/** The datasets services on a fresh data folder, with keys that point at the file's emulator. */
export function useDatasets(holder: { readonly emulator: Emulator }) {
  const state = {} as DatasetsState;
  beforeEach(async () => {
    state.dataDir = await mkdtemp(join(tmpdir(), 'groundwork-datasets-'));
    state.events = [];
    state.logger = createLogger(null, { console: false });
    const url = () => holder.emulator.url;
    const creds: Record<string, () => Credential> = {
      [KEY_IDS.v1]: () => credential('v1', url(), KEYS.v1),
      [KEY_IDS.legacy]: () => credential('v1-legacy', url(), KEYS.pair.key, KEYS.pair.secret),
      [KEY_IDS.badLegacy]: () => credential('v1-legacy', url(), KEYS.pair.key, 'wrong'),
      [KEY_IDS.v2]: () => credential('v2', url(), KEYS.v2),
      [KEY_IDS.elsewhere]: () => credential('v1', 'http://127.0.0.1:9', KEYS.v1),
    };
    Object.assign(
      state,
      createDatasets({
        dataDir: state.dataDir,
        keys: {
          credential: async (id: string) => {
            const make = creds[id];
            if (!make) throw new AppError({ code: 'unknown_key', message: 'no such key' });
            return { ...make(), id };
          },
        },
        logger: state.logger,
        notices: new Notices(),
        emit: (event) => state.events.push(event),
        clientOptions: { retry: { policy: { maxAttempts: 1 } } },
      }),
    );
  });
  afterEach(async () => {
    await rm(state.dataDir, { recursive: true, force: true });
  });
  return state;
}

/** A project with a `color` metadata of two choices. */
export async function projectWithColor(ds: DatasetsState, keyId = KEY_IDS.v1) {
  const project = await ds.projects.createProject(keyId, 'Defects');
  await ds.projects.createMetadata(project.id, { name: 'color', allowMultiple: false, predefinedChoices: ['red', 'blue'] });
  return project;
}
