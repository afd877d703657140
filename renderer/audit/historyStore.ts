import { create } from 'zustand';
import type { AppError } from '../../shared/errors.js';
import type { AuditEntry } from '../../shared/ipc/audit.js';
import { attemptWith } from '../ipc/attempt.js';
import { requireApi } from '../ipc/client.js';
import { downloadText } from '../workspace/download.js';

interface HistoryState {
  /** The document whose trail `entries` is (newest first). */
  documentId: string | null;
  entries: AuditEntry[];
  loading: boolean;
  error: AppError | null;
  load(documentId: string): Promise<void>;
  exportCsv(documentId: string): Promise<void>;
  clearError(): void;
}

/** A document's audit trail as main keeps it; read again whenever the panel's document or its decisions change. */
export const useHistoryStore = create<HistoryState>((set, get) => {
  const attempt = attemptWith(set);
  /** Loads overlap when decisions come quickly: only the latest one asked is shown. */
  let asked = 0;
  return {
    documentId: null,
    entries: [],
    loading: false,
    error: null,
    load: (documentId) =>
      attempt(async () => {
        const ticket = ++asked;
        if (get().documentId !== documentId) set({ documentId, entries: [] });
        set({ loading: true });
        try {
          const entries = await requireApi().audit.list({ documentId });
          if (ticket === asked) set({ entries });
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
