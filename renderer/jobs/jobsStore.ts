import { create } from 'zustand';
import type { JobStatus } from '../../shared/contracts/v2Jobs.js';
import { AppError } from '../../shared/errors.js';
import type { JobDetail, JobRow, JobService, JobSettings, LocalJobs, UnsureSettled } from '../../shared/jobs.js';
import { attemptWith } from '../ipc/attempt.js';
import { requireApi, subscribeEvents } from '../ipc/client.js';
import { importAsking } from '../state/library/protectedDocuments.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { useAppStore } from '../state/appStore.js';

interface JobsState {
  service: JobService;
  status: JobStatus | '';
  page: number;
  pageSize: number;
  rows: JobRow[];
  hasMore: boolean;
  /** The v2 key whose service list is shown ('' = the default key). */
  keyId: string;
  /** What this workspace started (every key, no network), and creates whose outcome is unknown. */
  local: LocalJobs;
  loading: boolean;
  detail: JobDetail | null;
  settings: JobSettings | null;
  /** A short confirmation (copied, retried). */
  note: string;
  error: AppError | null;
  /** Why the service's list could not be read (offline, no key): shown with that list only. */
  serviceError: AppError | null;
  /** Why the workspace's own job records could not be read. */
  localError: AppError | null;
  /** Reloads both lists: the local one never waits on (or fails with) the service's. */
  load(): Promise<void>;
  loadLocal(): Promise<void>;
  setQuery(patch: Partial<Pick<JobsState, 'service' | 'status' | 'pageSize' | 'keyId'>>): Promise<void>;
  goToPage(page: number): Promise<void>;
  showDetail(row: JobRow): Promise<void>;
  /**
   * Opens one job's details by its id, under the list's key; throws what the service said.
   * An answer that comes after the user opened, closed or paged elsewhere is dropped.
   */
  openById(service: JobService, jobId: string): Promise<void>;
  closeDetail(): void;
  openResult(row: JobRow): Promise<void>;
  /**
   * Imports a completed parse job's whole result into the workspace with its document: the
   * job's own (started here), else the one the user picked. Main refuses a result reaching past
   * the document's last page.
   */
  importResult(row: JobRow, document?: File): Promise<void>;
  retry(row: JobRow): Promise<void>;
  /** Polls a job again after a problem stopped it (a key added back, the network back). */
  recheck(row: JobRow): Promise<void>;
  settleUnsure(intentId: string, action: 'check' | 'forget' | 'resend'): Promise<void>;
  copyId(jobId: string): Promise<void>;
  loadSettings(): Promise<void>;
  saveSettings(patch: Partial<JobSettings>): Promise<void>;
  clearError(): void;
}

/** Why an extract job's result is not imported: its ranges point into a parse result's Markdown that only the user can name. */
export const EXTRACT_JOB_NOT_IMPORTED =
  "An extract job's result points into the Markdown of the parse result it was made from, which this workspace cannot tell; import that parse result (or parse the document), then extract from it here.";

/** The Jobs screen: what this workspace started, one page of the service's list (merged with local records), its filter and the open job. */
export const useJobsStore = create<JobsState>((set, get) => {
  const attempt = attemptWith(set);
  // Every change of the detail panel takes a new turn; a detail answer is shown only in its own turn.
  let detailTurn = 0;
  const nextDetailTurn = () => ++detailTurn;
  const setDetailIfCurrent = (turn: number, detail: JobDetail) => {
    if (turn === detailTurn) set({ detail });
  };
  // A job created or settled anywhere in the app (or an interrupted create settled) refreshes the list, at most twice a second.
  let refresh: ReturnType<typeof setTimeout> | null = null;
  subscribeEvents((event) => {
    if ((event.type !== 'job' && event.type !== 'intent') || refresh || useAppStore.getState().screen !== 'jobs') return;
    refresh = setTimeout(() => {
      refresh = null;
      void get().load();
    }, 500);
  });
  // Each list keeps its own error, and a reload never clears the error of an action the user took.
  const attemptServiceList = attemptWith((patch) => set({ serviceError: patch.error }));
  const attemptLocal = attemptWith((patch) => set({ localError: patch.error }));
  // Each listing takes a turn: one that answers after a newer was asked for (another service,
  // status, key or page) is dropped, its rows and its error, so the list shows what is chosen.
  let listTurn = 0;
  const loadServiceList = () =>
    attemptServiceList(async () => {
      const turn = ++listTurn;
      const { service, status, page, pageSize, keyId } = get();
      set({ loading: true });
      try {
        const list = await requireApi().jobs.list({ service, page, pageSize, ...(status ? { status } : {}), ...(keyId ? { keyId } : {}) });
        if (turn === listTurn) set({ rows: list.rows, hasMore: list.hasMore });
      } catch (error) {
        if (turn === listTurn) throw error;
      } finally {
        if (turn === listTurn) set({ loading: false });
      }
    });
  return {
    service: 'parse',
    status: '',
    page: 0,
    pageSize: 10,
    rows: [],
    hasMore: false,
    keyId: '',
    local: { rows: [], unsure: [] },
    loading: false,
    detail: null,
    settings: null,
    note: '',
    error: null,
    serviceError: null,
    localError: null,

    load: async () => {
      await Promise.all([get().loadLocal(), loadServiceList()]);
    },

    loadLocal: () =>
      attemptLocal(async () => {
        set({ local: await requireApi().jobs.local({}) });
      }),

    setQuery: async (patch) => {
      nextDetailTurn();
      set({ ...patch, page: 0, detail: null });
      await get().load();
    },

    goToPage: async (page) => {
      nextDetailTurn();
      set({ page: Math.max(0, page), detail: null });
      await get().load();
    },

    showDetail: (row) =>
      attempt(async () => {
        const turn = nextDetailTurn();
        // A job is visible only to its key: the one it was created with, or the key the list was read with.
        const keyId = row.local?.keyId ?? get().keyId;
        setDetailIfCurrent(turn, await requireApi().jobs.detail({ service: row.service, jobId: row.jobId, ...(keyId ? { keyId } : {}) }));
      }),

    openById: async (service, jobId) => {
      const turn = nextDetailTurn();
      const keyId = get().keyId;
      try {
        setDetailIfCurrent(turn, await requireApi().jobs.detail({ service, jobId, ...(keyId ? { keyId } : {}) }));
      } catch (error) {
        // A failure of a request the user has moved on from is no longer news.
        if (turn === detailTurn) throw error;
      }
    },

    closeDetail: () => {
      nextDetailTurn();
      set({ detail: null });
    },

    openResult: (row) =>
      attempt(async () => {
        const local = row.local;
        if (!local?.resultId) return get().showDetail(row);
        await useReviewStore.getState().openDocument(local.documentId, local.resultId);
        useAppStore.getState().setScreen('workspace');
      }),

    importResult: (row, document) =>
      attempt(async () => {
        if (row.service !== 'parse')
          throw new AppError({
            code: 'job_result_not_parse',
            message: EXTRACT_JOB_NOT_IMPORTED,
            hint: 'Import the parse result it was made from, then extract from it here.',
          });
        const api = requireApi();
        const keyId = row.local?.keyId ?? get().keyId;
        if (!row.local && !document)
          throw new AppError({
            code: 'result_needs_document',
            message: 'A job from elsewhere needs the document it was run on.',
            hint: 'Pick the PDF or image the job was run on.',
          });
        // A job started here knows its document; one from elsewhere takes the one picked.
        const target = row.local
          ? { id: row.local.documentId }
          : await importAsking(document!.name, new Uint8Array(await document!.arrayBuffer()));
        // The password was asked for and not given: nothing is imported.
        if (!target) return;
        const result = await api.jobs.result({ service: row.service, jobId: row.jobId, ...(keyId ? { keyId } : {}) });
        const stored = await api.results.import({
          documentId: target.id,
          fileName: result.fileName,
          text: result.text,
          wholeDocument: true,
        });
        useAppStore.getState().setScreen('workspace');
        await useReviewStore.getState().openDocument(target.id, stored.id);
      }),

    retry: (row) =>
      attempt(async () => {
        const job = await requireApi().jobs.retry({ jobId: row.jobId });
        set({ note: `Sent again as ${job.jobId}.` });
        await get().goToPage(0);
      }),

    recheck: (row) =>
      attempt(async () => {
        await requireApi().jobs.recheck({ jobId: row.jobId });
        set({ note: `Checking ${row.jobId} again.` });
        await get().loadLocal();
      }),

    settleUnsure: (intentId, action) =>
      attempt(async () => {
        const { outcome, job } = await requireApi().jobs.settleUnsure({ intentId, action });
        const notes: Record<UnsureSettled['outcome'], string> = {
          found: `Found its job on the service: ${job?.jobId ?? ''}. It is followed like any other.`,
          no_job: 'The service has no job for it: nothing was made or paid for. Send the document again if you still need it.',
          still_unsure: 'The service still cannot tell which job, if any, is this one.',
          forgotten: 'Dismissed.',
          sent: `Sent again as ${job?.jobId ?? 'a new job'}.`,
        };
        set({ note: notes[outcome] });
        await get().load();
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
