import { create } from 'zustand';
import type { JobStatus } from '../../shared/contracts/v2Jobs.js';
import type { AppError } from '../../shared/errors.js';
import type { JobDetail, JobRow, JobService, JobSettings } from '../../shared/jobs.js';
import { attemptWith } from '../ipc/attempt.js';
import { requireApi, subscribeEvents } from '../ipc/client.js';
import { useReviewStore } from '../review/reviewStore.js';
import { useAppStore } from '../shell/appStore.js';

interface JobsState {
  service: JobService;
  status: JobStatus | '';
  page: number;
  pageSize: number;
  rows: JobRow[];
  hasMore: boolean;
  loading: boolean;
  detail: JobDetail | null;
  settings: JobSettings | null;
  /** A short confirmation (copied, retried). */
  note: string;
  error: AppError | null;
  load(): Promise<void>;
  setQuery(patch: Partial<Pick<JobsState, 'service' | 'status' | 'pageSize'>>): Promise<void>;
  goToPage(page: number): Promise<void>;
  showDetail(row: JobRow): Promise<void>;
  openResult(row: JobRow): Promise<void>;
  retry(row: JobRow): Promise<void>;
  copyId(jobId: string): Promise<void>;
  loadSettings(): Promise<void>;
  saveSettings(patch: Partial<JobSettings>): Promise<void>;
  clearError(): void;
}

/** The Jobs screen: one page of the service's list (merged with local records), its filter and the open job. */
export const useJobsStore = create<JobsState>((set, get) => {
  const attempt = attemptWith(set);
  // A job created or settled anywhere in the app refreshes the list, at most twice a second.
  let refresh: ReturnType<typeof setTimeout> | null = null;
  subscribeEvents((event) => {
    if (event.type !== 'job' || refresh || useAppStore.getState().screen !== 'jobs') return;
    refresh = setTimeout(() => {
      refresh = null;
      void get().load();
    }, 500);
  });
  return {
    service: 'parse',
    status: '',
    page: 0,
    pageSize: 10,
    rows: [],
    hasMore: false,
    loading: false,
    detail: null,
    settings: null,
    note: '',
    error: null,

    load: () =>
      attempt(async () => {
        const { service, status, page, pageSize } = get();
        set({ loading: true });
        try {
          const list = await requireApi().jobs.list({ service, page, pageSize, ...(status ? { status } : {}) });
          set({ rows: list.rows, hasMore: list.hasMore });
        } finally {
          set({ loading: false });
        }
      }),

    setQuery: async (patch) => {
      set({ ...patch, page: 0, detail: null });
      await get().load();
    },

    goToPage: async (page) => {
      set({ page: Math.max(0, page), detail: null });
      await get().load();
    },

    showDetail: (row) =>
      attempt(async () => {
        set({ detail: await requireApi().jobs.detail({ service: row.service, jobId: row.jobId }) });
      }),

    openResult: (row) =>
      attempt(async () => {
        const local = row.local;
        if (!local?.resultId) return get().showDetail(row);
        await useReviewStore.getState().openDocument(local.documentId, local.resultId);
        useAppStore.getState().setScreen('review');
      }),

    retry: (row) =>
      attempt(async () => {
        const job = await requireApi().jobs.retry({ jobId: row.jobId });
        set({ note: `Sent again as ${job.jobId}.` });
        await get().goToPage(0);
      }),

    copyId: async (jobId) => {
      try {
        await navigator.clipboard.writeText(jobId);
        set({ note: `Copied ${jobId}.` });
      } catch {
        set({ note: `Copy this id: ${jobId}` });
      }
    },

    loadSettings: () =>
      attempt(async () => {
        set({ settings: await requireApi().jobs.settings({}) });
      }),

    saveSettings: (patch) =>
      attempt(async () => {
        set({ settings: await requireApi().jobs.setSettings(patch) });
      }),

    clearError: () => set({ error: null }),
  };
});
