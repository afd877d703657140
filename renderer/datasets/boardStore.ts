import { create } from 'zustand';
import { addPending, removePending, type PendingChange } from '../../shared/datasets/pending.js';
import type { FailedPart } from '../../shared/datasets/registry.js';
import type { AppError } from '../../shared/errors.js';

interface BoardState {
  projectId: number | null;
  selected: Set<number>;
  /** The last plainly clicked media: shift-click selects the range from it. */
  anchor: number | null;
  pending: PendingChange[];
  /** The media being dragged (HTML5 DnD data is unreadable during dragover). */
  dragging: number[] | null;
  apply: { runId: string; done: number; total: number } | null;
  error: AppError | null;
  /** Parts of the last apply the service did not take, each with its error, to retry alone. */
  failed: FailedPart[];
  /** Resets selection and pending when another project is shown. */
  forProject(projectId: number | null): void;
  click(mediaId: number, order: number[], modifiers: { shift: boolean; toggle: boolean }): void;
  setSelection(ids: Iterable<number>, anchor?: number | null): void;
  clearSelection(): void;
  assign(name: string, value: string, allowMultiple: boolean, mediaIds?: number[]): number;
  unassign(name: string, value: string, mediaId?: number): void;
  clearPending(): void;
  setDragging(ids: number[] | null): void;
  set(partial: Partial<Pick<BoardState, 'apply' | 'error' | 'pending' | 'failed'>>): void;
}

export const useBoardStore = create<BoardState>((set, get) => ({
  projectId: null,
  selected: new Set(),
  anchor: null,
  pending: [],
  dragging: null,
  apply: null,
  error: null,
  failed: [],
  forProject: (projectId) => {
    if (get().projectId !== projectId)
      set({ projectId, selected: new Set(), anchor: null, pending: [], dragging: null, error: null, failed: [] });
  },
  click: (mediaId, order, { shift, toggle }) => {
    const { anchor, selected } = get();
    if (shift && anchor !== null) {
      const a = order.indexOf(anchor);
      const b = order.indexOf(mediaId);
      if (a >= 0 && b >= 0) {
        const range = order.slice(Math.min(a, b), Math.max(a, b) + 1);
        set({ selected: new Set(toggle ? [...selected, ...range] : range) });
        return;
      }
    }
    if (toggle) {
      const next = new Set(selected);
      if (next.has(mediaId)) next.delete(mediaId);
      else next.add(mediaId);
      set({ selected: next, anchor: mediaId });
      return;
    }
    set({ selected: new Set([mediaId]), anchor: mediaId });
  },
  setSelection: (ids, anchor) => set({ selected: new Set(ids), ...(anchor !== undefined ? { anchor } : {}) }),
  clearSelection: () => set({ selected: new Set(), anchor: null }),
  assign: (name, value, allowMultiple, mediaIds) => {
    const ids = mediaIds ?? [...get().selected];
    if (ids.length === 0 || value.trim() === '') return 0;
    set({ pending: addPending(get().pending, name, value, ids, allowMultiple) });
    return ids.length;
  },
  unassign: (name, value, mediaId) => set({ pending: removePending(get().pending, name, value, mediaId) }),
  clearPending: () => set({ pending: [] }),
  setDragging: (dragging) => set({ dragging }),
  set: (partial) => set(partial),
}));
