import { create } from 'zustand';
import type { AppError } from '../../shared/errors.js';
import { requireApi, subscribeEvents, toAppError } from '../ipc/client.js';
import { useDatasetsStore } from './datasetsStore.js';

export type DownloadPhase =
  | { phase: 'idle' }
  | { phase: 'downloading'; done: number; total: number }
  | { phase: 'saved'; path: string }
  | { phase: 'failed'; error: AppError };

/** One export's download: its project and link (a project may export one version twice). */
export const downloadKey = (projectId: number, downloadUrl: string) => `${projectId} ${downloadUrl}`;

interface SnapshotDownloadsState {
  /** Downloads started this session, by `downloadKey`; one not here shows what the registry remembers. */
  phases: Record<string, DownloadPhase>;
  /**
   * Downloads an export's archive. It lives here, not in its card, so leaving the tab (or the
   * screen) mid-download neither loses its progress nor starts it twice. Resolves to an error
   * about the folder (to show beside it), else null; other failures become the phase.
   */
  start(request: { projectId: number; downloadUrl: string; folder: string }): Promise<AppError | null>;
}

export const useSnapshotDownloads = create<SnapshotDownloadsState>((set, get) => {
  const setPhase = (key: string, phase: DownloadPhase | null) =>
    set((s) => {
      const phases = { ...s.phases };
      if (phase) phases[key] = phase;
      else delete phases[key];
      return { phases };
    });
  return {
    phases: {},
    start: async ({ projectId, downloadUrl, folder }) => {
      const key = downloadKey(projectId, downloadUrl);
      if (get().phases[key]?.phase === 'downloading') return null;
      const previous = get().phases[key] ?? null;
      const runId = crypto.randomUUID();
      setPhase(key, { phase: 'downloading', done: 0, total: 0 });
      const stop = subscribeEvents((event) => {
        if (event.type === 'progress' && event.taskId === runId)
          setPhase(key, { phase: 'downloading', done: event.done, total: event.total });
      });
      try {
        const result = await requireApi().snapshots.download({ runId, projectId, downloadUrl, folder });
        setPhase(key, { phase: 'saved', path: result.path });
        rememberDownload(projectId, downloadUrl, result.path, folder);
        return null;
      } catch (thrown) {
        const error = toAppError(thrown);
        // A folder problem belongs beside the folder; the card goes back to what it showed.
        if (error.fields?.folder) {
          setPhase(key, previous);
          return error;
        }
        setPhase(key, { phase: 'failed', error });
        return null;
      } finally {
        stop();
      }
    },
  };
});

/** What main remembered after the download, put into the loaded registry (no reload: that would resume polling off-screen). */
function rememberDownload(projectId: number, downloadUrl: string, path: string, folder: string) {
  const store = useDatasetsStore.getState();
  const project = store.registry?.projects.find((p) => p.id === projectId);
  if (project) {
    store.put({ ...project, exports: project.exports.map((e) => (e.downloadUrl === downloadUrl ? { ...e, downloadedTo: path } : e)) });
  }
  setDownloadFolder(folder);
}

/** The destination main remembers, mirrored into the loaded registry so every card sees it at once. */
export function setDownloadFolder(folder: string) {
  useDatasetsStore.setState((s) => (s.registry ? { registry: { ...s.registry, downloadFolder: folder } } : {}));
}
