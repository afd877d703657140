import { describe, expect, it, vi } from 'vitest';
import { useRememberedStorage } from '../../../support/rememberedStorage.js';

// Who moved the page last, and the follow lock (remembered across sessions): a report of the
// page already shown is no move, and releasing the lock brings the panels back.
useRememberedStorage();

const load = async () => (await import('../../../../renderer/viewer/viewStore.js')).useViewStore;

describe('view store', () => {
  it('the viewer reporting the page it shows is no move; a panel asking for it again is', async () => {
    const view = await load();
    view.getState().setPage(3, 'markdown');
    expect(view.getState()).toMatchObject({ page: 3, pageSource: 'markdown', pageMove: 1 });
    view.getState().setPage(3, 'viewer');
    view.getState().setPage(3, 'selection');
    expect(view.getState()).toMatchObject({ pageSource: 'markdown', pageMove: 1 });
    view.getState().setPage(3, 'tree');
    expect(view.getState()).toMatchObject({ pageSource: 'tree', pageMove: 2 });
    view.getState().setPage(4, 'viewer');
    expect(view.getState()).toMatchObject({ page: 4, pageSource: 'viewer', pageMove: 3 });
  });

  it('locking moves nothing; releasing brings the panels back to the page as a move; a new window remembers the lock', async () => {
    const view = await load();
    expect(view.getState().follow).toBe(true);
    view.getState().setFollow(false);
    expect(view.getState()).toMatchObject({ follow: false, pageSource: 'open', pageMove: 0 });
    vi.resetModules();
    expect((await load()).getState().follow).toBe(false);
    view.getState().setFollow(true);
    expect(view.getState()).toMatchObject({ follow: true, pageSource: 'follow', pageMove: 1 });
    vi.resetModules();
    expect((await load()).getState().follow).toBe(true);
  });
});
