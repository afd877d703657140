import { create } from 'zustand';
import type { AppError } from '../../shared/errors.js';
import type { AuditPage } from '../../shared/ipc/audit.js';
import { attemptWith } from '../ipc/attempt.js';
import { requireApi } from '../ipc/client.js';
import { downloadText } from '../state/download.js';

/** Entries one read asks for: the newest after each decision, older ones on demand. */
export const AUDIT_TRAIL_PAGE = 100;

interface AuditTrailState {
  /** The document whose trail `entries` is (newest first). */
  documentId: string | null;
  /** Entries, and lines of the trail that do not read (shown as such). */
  entries: AuditPage['entries'];
  /** Where the older entries start (null: all are shown). */
  next: number | null;
  loading: boolean;
  error: AppError | null;
  /** The newest page of a document's trail (older pages shown before are let go). */
  load(documentId: string): Promise<void>;
  /** The page of entries older than the ones shown. */
  loadOlder(): Promise<void>;
  exportCsv(documentId: string): Promise<void>;
  clearError(): void;
}

/** A document's audit trail as main keeps it; its newest page is read again whenever the panel's document or its decisions change. */
export const useAuditTrailStore = create<AuditTrailState>((set, get) => {
  const attempt = attemptWith(set);
  /** Loads overlap when decisions come quickly: only the latest one asked is shown. */
  let asked = 0;
  return {
    documentId: null,
    entries: [],
    next: null,
    loading: false,
    error: null,
    load: (documentId) =>
      attempt(async () => {
        const ticket = ++asked;
        if (get().documentId !== documentId) set({ documentId, entries: [], next: null });
        set({ loading: true });
        try {
          const page = await requireApi().audit.list({ documentId, limit: AUDIT_TRAIL_PAGE });
          if (ticket === asked) set({ entries: page.entries, next: page.next });
        } finally {
          if (ticket === asked) set({ loading: false });
        }
      }),
    loadOlder: () =>
      attempt(async () => {
        const { documentId, next, entries } = get();
        if (documentId === null || next === null) return;
        const ticket = ++asked;
        set({ loading: true });
        try {
          const page = await requireApi().audit.list({ documentId, limit: AUDIT_TRAIL_PAGE, before: next });
          if (ticket === asked) set({ entries: [...entries, ...page.entries], next: page.next });
        } finally {
          if (ticket === asked) set({ loading: false });
        }
      }),
    exportCsv: (documentId) =>
      attempt(async () => {
        const file = await requireApi().audit.export({ documentId });
        downloadText(file.fileName, file.mime, file.content);
      }),
    clearError: () => set({ error: null }),
  };
});
