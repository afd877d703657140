import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { useBatchStore } from '../../../../renderer/jobs/batchStore.js';
import type { AppEvent } from '../../../../shared/events.js';
import type { GroundworkApi } from '../../../../shared/ipc/table.js';
import type { Batch } from '../../../../shared/jobs.js';
import { DEMO_KEYS } from '../../../emulator/keys.js';
import { startEmulator, type Emulator } from '../../../emulator/server.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The batch panel's store against the real services and the emulator: files are imported with
// progress, a batch over the page limit waits for a yes, and a refused batch is the error.
let bridge: RendererBridge;
let emulator: Emulator;
let store: typeof useBatchStore;
const listeners: Array<(event: AppEvent) => void> = [];

async function pdfFile(name: string, pages: number): Promise<File> {
  const doc = await PDFDocument.create();
  doc.setTitle(name);
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]);
  return new File([new Uint8Array(await doc.save())], name, { type: 'application/pdf' });
}

beforeAll(async () => {
  emulator = await startEmulator();
  const withListeners = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    events: { subscribe: (listener) => (listeners.push(listener), api.events.subscribe(listener)) },
  });
  bridge = await openRendererWindow(withListeners);
  await bridge.services.keys.add({ name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  const { requireApi } = await import('../../../../renderer/ipc/client.js');
  await requireApi().jobs.setSettings({ pageWarningLimit: 3 });
  store = (await import('../../../../renderer/jobs/batchStore.js')).useBatchStore;
});

afterAll(async () => {
  await bridge?.close();
  await emulator?.close();
});

beforeEach(() => {
  store.setState({ error: null, confirm: null });
  bridge.calls.clear();
});

describe('batch store', () => {
  it('files that are no documents start nothing', async () => {
    await store.getState().startFromFiles([new File(['x'], 'notes.txt'), new File(['{}'], 'data.json')]);
    expect(bridge.calls.get('documents:import') ?? 0).toBe(0);
    expect(store.getState().importing).toBeNull();
    expect(store.getState().error).toBeNull();
  });

  it('shows the import under way; a batch over the page limit waits for a yes, and the yes sends it', async () => {
    const release = bridge.hold('documents:import');
    const starting = store.getState().startFromFiles([await pdfFile('long.pdf', 4), new File(['x'], 'readme.md')]);
    try {
      await expect.poll(() => store.getState().importing).toEqual({ done: 0, total: 1 });
    } finally {
      release();
      await starting;
    }
    expect(store.getState().importing).toBeNull();
    const confirm = store.getState().confirm;
    expect(confirm?.estimate).toMatchObject({ pages: 4, overLimit: true });
    expect(bridge.calls.get('batch:create') ?? 0).toBe(0);
    await store.getState().confirmStart();
    expect(store.getState().error).toBeNull();
    expect(store.getState().confirm).toBeNull();
    expect(bridge.calls.get('batch:create')).toBe(1);
    expect(store.getState().batches[0]?.items.map((i) => i.documentId)).toEqual(confirm?.documentIds);
  });

  it('a file that cannot be imported is the error, and the import is no longer shown as under way', async () => {
    await store.getState().startFromFiles([new File(['not a pdf'], 'broken.pdf')]);
    expect(store.getState().error).not.toBeNull();
    expect(store.getState().importing).toBeNull();
    expect(bridge.calls.get('batch:create') ?? 0).toBe(0);
    store.getState().clearError();
    expect(store.getState().error).toBeNull();
  });

  it('a yes to an estimate main no longer agrees with sends nothing and is the error', async () => {
    await store.getState().startFromFiles([await pdfFile('counted.pdf', 5)]);
    const confirm = store.getState().confirm!;
    store.setState({ confirm: { ...confirm, estimate: { ...confirm.estimate, pages: 4 } } });
    await store.getState().confirmStart();
    expect(store.getState().error?.code).toBe('page_warning');
    expect(store.getState().confirm).toBeNull();
    expect(bridge.calls.get('batch:create')).toBe(1);
  });

  it("main's batch events replace a batch in place, newest batch first", () => {
    const batch = (batchId: string, createdAt: string, paused = false) => ({ batchId, createdAt, paused, items: [] }) as unknown as Batch;
    store.setState({ batches: [] });
    const emit = (event: AppEvent) => listeners.forEach((listener) => listener(event));
    emit({ type: 'batch', batch: batch('b-old', '2026-01-01T00:00:00Z') });
    emit({ type: 'batch', batch: batch('b-new', '2026-02-01T00:00:00Z') });
    emit({ type: 'batch', batch: batch('b-old', '2026-01-01T00:00:00Z', true) });
    expect(store.getState().batches.map((b) => [b.batchId, b.paused])).toEqual([
      ['b-new', false],
      ['b-old', true],
    ]);
  });
});
