import { create } from 'zustand';
import { addPending, removePending, subtractPending, type PendingChange } from '../../shared/datasets/pending.js';
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
  /** The apply under way, with the project it sends to: the board may show another meanwhile. */
  apply: { runId: string; projectId: number; done: number; total: number } | null;
  error: AppError | null;
  /**
   * Per project, the parts of its last apply the service did not take, each with its error,
   * to retry alone under that project only.
   */
  failed: Record<number, FailedPart[]>;
  /** Resets selection and pending when another project is shown (failed parts stay with theirs). */
  forProject(projectId: number | null): void;
  click(mediaId: number, order: number[], modifiers: { shift: boolean; toggle: boolean }): void;
  setSelection(ids: Iterable<number>, anchor?: number | null): void;
  clearSelection(): void;
  assign(name: string, value: string, allowMultiple: boolean, mediaIds?: number[]): number;
  unassign(name: string, value: string, mediaId?: number): void;
  clearPending(): void;
  setDragging(ids: number[] | null): void;
  /**
   * An apply to `projectId` answered: what it sent leaves pending (changes made meanwhile
   * stay) and its failed parts go to that project, only if the board still shows it.
   */
  applied(projectId: number, sent: PendingChange[], failed: FailedPart[]): void;
  setFailed(projectId: number, failed: FailedPart[]): void;
  set(partial: Partial<Pick<BoardState, 'apply' | 'error' | 'pending'>>): void;
}

export const useBoardStore = create<BoardState>((set, get) => ({
  projectId: null,
  selected: new Set(),
  anchor: null,
  pending: [],
  dragging: null,
  apply: null,
  error: null,
  failed: {},
  forProject: (projectId) => {
    if (get().projectId !== projectId) set({ projectId, selected: new Set(), anchor: null, pending: [], dragging: null, error: null });
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
  applied: (projectId, sent, failed) => {
    const state = get();
    set({
      failed: { ...state.failed, [projectId]: failed },
      ...(state.projectId === projectId ? { pending: subtractPending(state.pending, sent) } : {}),
    });
  },
  setFailed: (projectId, failed) => set({ failed: { ...get().failed, [projectId]: failed } }),
  set: (partial) => set(partial),
}));
