import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useDatasetsStore } from '../../../../renderer/datasets/datasetsStore.js';
import type { ProjectEntry } from '../../../../shared/datasets/registry.js';
import { AppError } from '../../../../shared/errors.js';
import type { GroundworkApi } from '../../../../shared/ipc/table.js';
import { DEMO_KEYS } from '../../../emulator/keys.js';
import { startEmulator, type Emulator } from '../../../emulator/server.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The Datasets screen's store against the real services and the emulator's v1 projects: which
// project stays chosen as the registry is listed again, and what a failed listing leaves.
let bridge: RendererBridge;
let emulator: Emulator;
let store: typeof useDatasetsStore;
let first: ProjectEntry;
let second: ProjectEntry;
/** The next registry listing fails (the data folder unreadable, say). */
let failNextListing = false;

beforeAll(async () => {
  emulator = await startEmulator();
  const withFailingListing = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    datasets: {
      ...api.datasets,
      registry: async (request) => {
        if (failNextListing) {
          failNextListing = false;
          throw new AppError({ code: 'io_error', message: 'The datasets registry could not be read.' });
        }
        return api.datasets.registry(request);
      },
    },
  });
  bridge = await openRendererWindow(withFailingListing);
  const v1 = await bridge.services.keys.add({ name: 'Emulator v1', kind: 'v1', secret: DEMO_KEYS.v1[0]!, address: emulator.url });
  await bridge.services.keys.add({ name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  const { requireApi } = await import('../../../../renderer/ipc/client.js');
  first = await requireApi().datasets.createProject({ keyId: v1.id, name: 'First' });
  second = await requireApi().datasets.createProject({ keyId: v1.id, name: 'Second' });
  store = (await import('../../../../renderer/datasets/datasetsStore.js')).useDatasetsStore;
});

afterAll(async () => {
  await bridge?.close();
  await emulator?.close();
});

const projectIds = () => store.getState().registry?.projects.map((p) => p.id);

describe('datasets store', () => {
  it('lists the projects and only the v1 keys, and chooses the first project when none was', async () => {
    await store.getState().load();
    const state = store.getState();
    expect(projectIds()).toEqual([first.id, second.id]);
    expect(state.keys.map((k) => k.name)).toEqual(['Emulator v1']);
    expect(state.projectId).toBe(first.id);
  });

  it('keeps the project chosen while a listing was on its way', async () => {
    store.getState().select(first.id);
    const release = bridge.hold('datasets:registry');
    const loading = store.getState().load();
    store.getState().select(second.id);
    release();
    await loading;
    expect(store.getState().projectId).toBe(second.id);
  });

  it('a failed listing is the error and keeps what was listed; the next listing clears it', async () => {
    failNextListing = true;
    await store.getState().load();
    expect(store.getState().error?.code).toBe('io_error');
    expect(projectIds()).toEqual([first.id, second.id]);
    await store.getState().load();
    expect(store.getState().error).toBeNull();
  });

  it('a project main no longer lists gives way to the first one', async () => {
    store.getState().select(second.id);
    const { requireApi } = await import('../../../../renderer/ipc/client.js');
    await requireApi().datasets.forgetProject({ projectId: second.id });
    await store.getState().load();
    expect(projectIds()).toEqual([first.id]);
    expect(store.getState().projectId).toBe(first.id);
  });

  it('put replaces a known project in place and adds a new one at the end; remove moves the choice on only if it was the one', () => {
    store.setState({ registry: { projects: [first, second], settings: { tagTimeout: 60 }, imageFolders: [] }, projectId: first.id });
    store.getState().put({ ...first, name: 'First renamed' });
    expect(store.getState().registry?.projects.map((p) => p.name)).toEqual(['First renamed', 'Second']);
    store.getState().put({ ...second, id: 9999, name: 'New' });
    expect(projectIds()).toEqual([first.id, second.id, 9999]);
    store.getState().remove(second.id);
    expect(store.getState().projectId).toBe(first.id);
    store.getState().remove(first.id);
    expect(store.getState().projectId).toBe(9999);
    store.getState().remove(9999);
    expect(store.getState().projectId).toBeNull();
  });
});
