import { create } from 'zustand';
import { DEFAULT_DATASET_SETTINGS, type DatasetsRegistry, type ProjectEntry } from '../../shared/datasets/registry.js';
import type { AppError } from '../../shared/errors.js';
import type { KeyInfo } from '../../shared/keys.js';
import { attemptWith } from '../ipc/attempt.js';
import { requireApi } from '../ipc/client.js';
import { createMetricsPoller, type PollStatus } from './metricsPoller.js';

export const DATASET_TABS = ['board', 'schema', 'training', 'snapshots', 'inference'] as const;
export type DatasetTab = (typeof DATASET_TABS)[number];

interface DatasetsState {
  registry: DatasetsRegistry | null;
  /** v1 and v1 legacy keys, masked (from keys:list). */
  keys: KeyInfo[];
  projectId: number | null;
  tab: DatasetTab;
  error: AppError | null;
  /** Runs whose metrics are being polled, by training id. */
  polls: Record<string, PollStatus>;
  /** The training run the Inference tab was opened from ("Infer with this run"). */
  inferFrom: string | null;
  load(): Promise<void>;
  /** Stops polling every run (leaving the Datasets screen). */
  stopPolling(): void;
  /** Polls a run's metrics until they come (after Start). */
  watchTraining(projectId: number, trainingId: string): void;
  checkMetricsNow(projectId: number, trainingId: string): Promise<void>;
  inferWith(trainingId: string): void;
  select(projectId: number | null): void;
  setTab(tab: DatasetTab): void;
  /** Puts a project answer from main into the registry. */
  put(project: ProjectEntry): void;
  /** The folders thumbnails may be read from, as main answered. */
  setImageFolders(folders: string[]): void;
  remove(projectId: number): void;
  setError(error: AppError | null): void;
  attempt(action: () => Promise<void>): Promise<void>;
}

export const useDatasetsStore = create<DatasetsState>((set, get) => {
  const attempt = attemptWith(set);
  const poller = createMetricsPoller({
    fetchMetrics: (projectId, trainingId) => requireApi().training.metrics({ projectId, trainingId }),
    onProject: (project) => get().put(project),
    onStatus: (trainingId, status) =>
      set((s) => {
        const polls = { ...s.polls };
        if (status) polls[trainingId] = status;
        else delete polls[trainingId];
        return { polls };
      }),
  });
  // Bumped when polling stops: a load that answers after the screen closed must not restart it.
  let pollEpoch = 0;
  return {
    registry: null,
    keys: [],
    projectId: null,
    tab: 'board',
    error: null,
    polls: {},
    inferFrom: null,
    load: () =>
      attempt(async () => {
        const api = requireApi();
        const epoch = pollEpoch;
        const [registry, keys] = await Promise.all([api.datasets.registry({}), api.keys.list({})]);
        const current = get().projectId;
        const projectId =
          current !== null && registry.projects.some((p) => p.id === current) ? current : (registry.projects[0]?.id ?? null);
        set({ registry, keys: keys.filter((k) => k.kind === 'v1' || k.kind === 'v1-legacy'), projectId });
        // Only the project shown is polled; runs already watched keep their backoff.
        if (epoch === pollEpoch) poller.watchWaiting(registry, projectId);
      }),
    stopPolling: () => {
      pollEpoch++;
      poller.stopAll();
    },
    watchTraining: (projectId, trainingId) => poller.watch(projectId, trainingId),
    checkMetricsNow: (projectId, trainingId) => poller.checkNow(projectId, trainingId),
    inferWith: (trainingId) => set({ inferFrom: trainingId, tab: 'inference' }),
    select: (projectId) => {
      if (projectId === get().projectId) return;
      poller.stopAll();
      set({ projectId });
      const registry = get().registry;
      if (registry && projectId !== null) poller.watchWaiting(registry, projectId);
    },
    setTab: (tab) => set({ tab, inferFrom: null }),
    put: (project) => {
      const registry = get().registry ?? { projects: [], settings: { ...DEFAULT_DATASET_SETTINGS }, imageFolders: [] };
      const known = registry.projects.some((p) => p.id === project.id);
      set({
        registry: {
          ...registry,
          projects: known ? registry.projects.map((p) => (p.id === project.id ? project : p)) : [...registry.projects, project],
        },
      });
    },
    setImageFolders: (imageFolders) => {
      const registry = get().registry;
      if (registry) set({ registry: { ...registry, imageFolders } });
    },
    remove: (projectId) => {
      const registry = get().registry;
      poller.stopProject(projectId);
      if (!registry) return;
      const projects = registry.projects.filter((p) => p.id !== projectId);
      const next = get().projectId === projectId ? (projects[0]?.id ?? null) : get().projectId;
      set({ registry: { ...registry, projects } });
      get().select(next);
    },
    setError: (error) => set({ error }),
    attempt,
  };
});

export function useActiveProject(): ProjectEntry | null {
  return useDatasetsStore((s) => s.registry?.projects.find((p) => p.id === s.projectId) ?? null);
}
