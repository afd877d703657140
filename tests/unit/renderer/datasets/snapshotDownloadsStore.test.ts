import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { useDatasetsStore } from '../../../../renderer/datasets/datasetsStore.js';
import type { downloadKey as DownloadKey, useSnapshotDownloads } from '../../../../renderer/datasets/snapshotDownloadsStore.js';
import type { ProjectEntry } from '../../../../shared/datasets/registry.js';
import type { AppErrorData } from '../../../../shared/errors.js';
import type { AppEvent } from '../../../../shared/events.js';
import type { GroundworkApi } from '../../../../shared/ipc/table.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// Snapshot downloads live outside their cards: progress of this download only, one download
// per export at a time, a folder problem handed back to show beside the folder (the card as it
// was), any other failure the card's, and a saved archive remembered in the loaded registry.
let bridge: RendererBridge;
let store: typeof useSnapshotDownloads;
let datasets: typeof useDatasetsStore;
let downloadKey: typeof DownloadKey;
const listeners = new Set<(event: AppEvent) => void>();
/** The downloads main was asked for (their run ids). */
const runIds: string[] = [];
/** The next download's end: called with the path saved, or an error. */
let finish: ((outcome: { path: string } | { error: AppErrorData }) => void) | null = null;

const PROJECT = 7;
const URL_A = 'https://files.example.test/a.zip';
const exported = (downloadUrl: string) => ({
  downloadUrl,
  downloadExpiresAt: '2026-04-01T00:00:00Z',
  status: 'completed',
  version: 1,
  retry: false,
  requestedAt: '2026-03-01T00:00:00Z',
});
const project = (): ProjectEntry => ({
  id: PROJECT,
  name: 'Invoices',
  keyId: 'k1',
  origin: 'added',
  addedAt: '2026-03-01T00:00:00Z',
  tags: [],
  metadata: [],
  media: [],
  trainings: [],
  exports: [exported(URL_A), exported('https://files.example.test/b.zip')],
});
const progress = (taskId: string, done: number, total: number) =>
  listeners.forEach((listener) => listener({ type: 'progress', taskId, done, total }));
const phase = () => store.getState().phases[downloadKey(PROJECT, URL_A)];

beforeAll(async () => {
  const withDownloads = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    events: { subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)) },
    snapshots: {
      ...api.snapshots,
      download: (request) => {
        runIds.push((request as { runId: string }).runId);
        return new Promise((resolve) => {
          finish = (outcome) =>
            resolve('path' in outcome ? { ok: true, value: { ...outcome, bytes: 1 } } : { ok: false, error: outcome.error });
        });
      },
    },
  });
  bridge = await openRendererWindow(withDownloads);
  ({ useSnapshotDownloads: store, downloadKey } = await import('../../../../renderer/datasets/snapshotDownloadsStore.js'));
  datasets = (await import('../../../../renderer/datasets/datasetsStore.js')).useDatasetsStore;
});

afterAll(async () => {
  await bridge?.close();
});

beforeEach(() => {
  runIds.length = 0;
  finish = null;
  store.setState(store.getInitialState(), true);
  datasets.setState({ registry: { projects: [project()], settings: { tagTimeout: 60 }, imageFolders: [] } });
});

const start = (folder = '/saved') => store.getState().start({ projectId: PROJECT, downloadUrl: URL_A, folder });

describe('snapshot downloads store', () => {
  it("shows its own download's progress only, then the saved path, remembered in the loaded registry", async () => {
    const download = start();
    expect(phase()).toEqual({ phase: 'downloading', done: 0, total: 0 });
    progress(runIds[0]!, 3, 10);
    progress('another-run', 9, 10);
    expect(phase()).toEqual({ phase: 'downloading', done: 3, total: 10 });
    finish!({ path: '/saved/a.zip' });
    expect(await download).toBeNull();
    expect(phase()).toEqual({ phase: 'saved', path: '/saved/a.zip' });
    const registry = datasets.getState().registry!;
    expect(registry.downloadFolder).toBe('/saved');
    expect(registry.projects[0]!.exports.map((e) => e.downloadedTo)).toEqual(['/saved/a.zip', undefined]);
    // Progress that comes after the end changes nothing: the store stopped listening.
    progress(runIds[0]!, 4, 10);
    expect(phase()).toEqual({ phase: 'saved', path: '/saved/a.zip' });
  });

  it('a second start while the export is downloading asks main for nothing', async () => {
    const first = start();
    expect(await start()).toBeNull();
    expect(runIds).toHaveLength(1);
    finish!({ path: '/saved/a.zip' });
    await first;
  });

  it('a folder problem is handed back and the card shows what it showed before', async () => {
    const saved = start();
    finish!({ path: '/saved/a.zip' });
    await saved;
    const again = start('/nowhere');
    expect(phase()?.phase).toBe('downloading');
    finish!({ error: { code: 'folder_missing', message: 'No such folder.', fields: { folder: 'No such folder.' } } });
    expect(await again).toMatchObject({ code: 'folder_missing' });
    expect(phase()).toEqual({ phase: 'saved', path: '/saved/a.zip' });
    expect(datasets.getState().registry!.downloadFolder).toBe('/saved');
  });

  it('a folder problem on a first download leaves no phase behind', async () => {
    const download = start('/nowhere');
    finish!({ error: { code: 'folder_missing', message: 'No such folder.', fields: { folder: 'No such folder.' } } });
    await download;
    expect(phase()).toBeUndefined();
  });

  it('any other failure is the card’s, and it can be started again', async () => {
    const download = start();
    finish!({ error: { code: 'download_failed', message: 'The link expired.', fields: { downloadUrl: 'Expired.' } } });
    expect(await download).toBeNull();
    expect(phase()).toMatchObject({ phase: 'failed', error: { code: 'download_failed' } });
    const again = start();
    expect(runIds).toHaveLength(2);
    expect(runIds[1]).not.toBe(runIds[0]);
    finish!({ path: '/saved/a.zip' });
    await again;
    expect(phase()).toEqual({ phase: 'saved', path: '/saved/a.zip' });
  });
});
