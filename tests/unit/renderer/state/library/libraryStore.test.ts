import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useLibraryStore } from '../../../../../renderer/state/library/libraryStore.js';
import { AppError } from '../../../../../shared/errors.js';
import type { GroundworkApi } from '../../../../../shared/ipc/table.js';
import { openRendererWindow, type RendererBridge } from '../../../../support/rendererBridge.js';

// The library store against the real workspace, which announces every change as an event:
// one listing at a time, changes during it listed once after it, and a failed first listing
// that says so until a listing succeeds.
let bridge: RendererBridge;
let store: typeof useLibraryStore;
/** Every library:list request, in order. */
const listed: Array<{ documentIds?: string[]; first?: number }> = [];
/** Library listings fail while this is set. */
let listingFails = false;

beforeAll(async () => {
  const withListing = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    library: {
      ...api.library,
      list: async (request) => {
        listed.push(request as (typeof listed)[number]);
        if (listingFails) throw new AppError({ code: 'io_error', message: 'The library could not be read.' });
        return api.library.list(request);
      },
    },
  });
  bridge = await openRendererWindow(withListing);
  store = (await import('../../../../../renderer/state/library/libraryStore.js')).useLibraryStore;
});

afterAll(async () => {
  await bridge?.close();
});

const names = () =>
  store
    .getState()
    .library.map((e) => e.document.name)
    .sort();
/** A one-page PDF of its own (the workspace keeps one copy of identical files). */
async function add(name: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(name);
  doc.addPage([300, 400]);
  return bridge.services.workspace.addDocument(name, new Uint8Array(await doc.save()));
}

describe('library store', () => {
  it('a failed first listing is the error and says the library is not listed; the next listing completes it', async () => {
    listingFails = true;
    await store.getState().load();
    expect(store.getState().error?.code).toBe('io_error');
    expect(store.getState().listingFailed).toBe(true);
    expect(store.getState().complete).toBe(false);
    listingFails = false;
    await add('first.pdf');
    await expect.poll(() => store.getState().complete).toBe(true);
    expect(store.getState().listingFailed).toBe(false);
    expect(store.getState().error).toBeNull();
    expect(names()).toEqual(['first.pdf']);
  });

  it('documents added during a listing are listed once after it, by their ids only', async () => {
    const release = bridge.hold('library:list');
    listed.length = 0;
    const loading = store.getState().load();
    const added = [await add('a.pdf'), await add('b.pdf'), await add('c.pdf')];
    release();
    await loading;
    await expect.poll(names).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'first.pdf']);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toEqual({});
    expect(listed[1]?.documentIds?.sort()).toEqual(added.map((d) => d.id).sort());
  });

  it('a deleted document leaves the library for the trash, and comes back when restored', async () => {
    const doc = store.getState().library.find((e) => e.document.name === 'b.pdf')!.document;
    await store.getState().deleteDocument(doc.id);
    await expect.poll(names).toEqual(['a.pdf', 'c.pdf', 'first.pdf']);
    const trashed = store.getState().trash.find((t) => t.document.id === doc.id);
    expect(trashed).toBeDefined();
    await store.getState().restore(trashed!.id);
    await expect.poll(names).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'first.pdf']);
    expect(store.getState().trash.some((t) => t.id === trashed!.id)).toBe(false);
  });

  it('a refused delete is the error, and the next action clears it', async () => {
    await store.getState().deleteDocument(crypto.randomUUID());
    expect(store.getState().error).not.toBeNull();
    const doc = store.getState().library[0]!.document;
    await store.getState().deleteDocument(doc.id);
    expect(store.getState().error).toBeNull();
  });

  it('news of another document stays until that document is seen; the open one gets none', () => {
    store.getState().markSeen('open-doc');
    store.getState().noteNews('other-doc', 'run-1', 'failed');
    store.getState().noteNews('open-doc', 'run-2', 'result');
    expect(store.getState().news).toEqual({ 'other-doc': { 'run-1': 'failed' } });
    store.getState().markSeen('other-doc');
    expect(store.getState().news).toEqual({});
    expect(store.getState().openDocumentId).toBe('other-doc');
  });

  it('the first load is listed once however often it is asked for (the window’s start, each return to the workspace)', async () => {
    await expect.poll(() => store.getState().complete).toBe(true);
    listed.length = 0;
    const first = store.getState().loadOnce();
    expect(store.getState().loadOnce()).toBe(first);
    await first;
    await store.getState().loadOnce();
    expect(listed).toEqual([{}]);
  });
});
