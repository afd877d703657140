import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { useKeysStore } from '../../../../renderer/state/keysStore.js';
import { AppError } from '../../../../shared/errors.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The Keys screen's store against the real keys service (over an in-memory keychain): its busy
// flags, and which failures it keeps as the screen's error.
let bridge: RendererBridge;
let store: typeof useKeysStore;

beforeAll(async () => {
  bridge = await openRendererWindow();
  store = (await import('../../../../renderer/state/keysStore.js')).useKeysStore;
});

afterAll(async () => {
  await bridge?.close();
});

beforeEach(() => store.setState({ error: null, tests: {} }));

const secret = (n: number) => `gw-test-secret-${n}-abcdefghijklmnop`;

describe('keys store', () => {
  it('is loading while the list is on its way, then holds the keys and the default addresses', async () => {
    await bridge.services.keys.add({ name: 'Listed', kind: 'v2', secret: secret(1) });
    const release = bridge.hold('keys:list');
    const loading = store.getState().load();
    expect(store.getState().loading).toBe(true);
    release();
    await loading;
    expect(store.getState().loading).toBe(false);
    expect(store.getState().keys.map((k) => k.name)).toContain('Listed');
    expect(store.getState().defaults?.v2).toMatch(/^https:\/\//);
    expect(store.getState().error).toBeNull();
  });

  it('add throws its refusal for the form to show by field, and leaves the screen error alone', async () => {
    const before = store.getState().keys.length;
    const refused = await store
      .getState()
      .add({ name: '  ', kind: 'v2', secret: secret(2) })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).fields?.name).toBeTruthy();
    expect(store.getState().error).toBeNull();
    expect(store.getState().keys).toHaveLength(before);
    const added = await store.getState().add({ name: 'Added', kind: 'v2', secret: secret(3) });
    expect(store.getState().keys.at(-1)).toEqual(added);
  });

  it('a refused rename is kept as the error and changes no key; the next action clears it', async () => {
    const key = await store.getState().add({ name: 'Renamed', kind: 'v2', secret: secret(4) });
    await store.getState().rename(key.id, '');
    expect(store.getState().error?.code).toBe('invalid_key_name');
    expect(store.getState().keys.find((k) => k.id === key.id)?.name).toBe('Renamed');
    await store.getState().rename(key.id, 'Renamed again');
    expect(store.getState().error).toBeNull();
    expect(store.getState().keys.find((k) => k.id === key.id)?.name).toBe('Renamed again');
  });

  it('a key is "running" while its test is out; a test that fails leaves no "running" behind, only the error', async () => {
    const key = await store.getState().add({ name: 'Tested', kind: 'v2', secret: secret(5) });
    await bridge.services.keys.delete(key.id);
    const release = bridge.hold('keys:test');
    const testing = store.getState().test(key.id);
    expect(store.getState().tests[key.id]).toBe('running');
    release();
    await testing;
    expect(store.getState().tests).not.toHaveProperty(key.id);
    expect(store.getState().error?.code).toBe('key_not_found');
    store.getState().clearError();
    expect(store.getState().error).toBeNull();
  });

  it('a load still out when a key is added or removed does not put back the list from before', async () => {
    const gone = await store.getState().add({ name: 'Removed while loading', kind: 'v2', secret: secret(8) });
    const release = bridge.hold('keys:list');
    const loading = store.getState().load();
    const added = await store.getState().add({ name: 'Added while loading', kind: 'v2', secret: secret(9) });
    await store.getState().remove(gone.id);
    release(); // the held answer was read before the add and the remove
    await loading;
    const ids = store.getState().keys.map((k) => k.id);
    expect(ids).toContain(added.id);
    expect(ids).not.toContain(gone.id);
    expect(store.getState().loading).toBe(false);
  });

  it('a deleted key leaves the list, and only that one', async () => {
    const gone = await store.getState().add({ name: 'Gone', kind: 'v2', secret: secret(7) });
    const kept = await store.getState().add({ name: 'Kept', kind: 'v2', secret: secret(6) });
    await store.getState().remove(gone.id);
    expect(store.getState().keys.map((k) => k.id)).toContain(kept.id);
    expect(store.getState().keys.map((k) => k.id)).not.toContain(gone.id);
    await store.getState().setEnabled(kept.id, false);
    expect(store.getState().keys.find((k) => k.id === kept.id)?.enabled).toBe(false);
  });
});
