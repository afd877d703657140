import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useAppStore } from '../../../../renderer/state/appStore.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The shell's store against the real services: what main says about itself, and notices that
// go once dismissed.
let bridge: RendererBridge;
let store: typeof useAppStore;

beforeAll(async () => {
  bridge = await openRendererWindow();
  store = (await import('../../../../renderer/state/appStore.js')).useAppStore;
});

afterAll(async () => {
  await bridge?.close();
});

describe('app store', () => {
  it('holds what main says about itself', async () => {
    expect(store.getState().info).toBeNull();
    await store.getState().loadInfo();
    expect(store.getState().info).toMatchObject({ shell: 'preview', version: 'test' });
  });

  it('a dismissed notice leaves the list, here and in main; the others stay', async () => {
    bridge.services.notices.add({ id: 'a', level: 'info', message: 'A' });
    bridge.services.notices.add({ id: 'b', level: 'warning', message: 'B' });
    await store.getState().loadInfo();
    expect(store.getState().info?.notices.map((n) => n.id)).toEqual(['a', 'b']);
    await store.getState().dismissNotice('a');
    expect(store.getState().info?.notices.map((n) => n.id)).toEqual(['b']);
    await store.getState().loadInfo();
    expect(store.getState().info?.notices.map((n) => n.id)).toEqual(['b']);
  });

  it('a notice main refused to dismiss stays', async () => {
    const info = store.getState().info!;
    const refused = 'x'.repeat(201);
    store.setState({ info: { ...info, notices: [...info.notices, { id: refused, level: 'info', message: 'An id main will not take' }] } });
    await expect(store.getState().dismissNotice(refused)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(store.getState().info?.notices.map((n) => n.id)).toEqual(['b', refused]);
  });
});
