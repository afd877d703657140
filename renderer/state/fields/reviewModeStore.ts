import { create } from 'zustand';
import { isBoolean, readRemembered, writeRemembered } from './remembered.js';
import type { UndoEntry } from './fieldOrder.js';

/** How many decisions `u` can take back; older ones drop off. */
const UNDO_DEPTH = 200;

/** Text typed into the open corrector, and for which field of which extraction it was typed. */
export interface CorrectionDraft {
  extractionId: string;
  path: string;
  value: string;
  note: string;
}

/** The draft when it was typed for this field of this extraction (the same schema on another document is not it). */
export function draftFor(draft: CorrectionDraft | null, extractionId: string, path: string): CorrectionDraft | null {
  return draft && draft.extractionId === extractionId && draft.path === path ? draft : null;
}

interface ReviewModeState {
  /** Keys act on the selected field (a accept, c correct, r reject, u undo, n/p move). Remembered; on unless turned off. */
  on: boolean;
  /** The field whose inline corrector is open. */
  editingPath: string | null;
  /**
   * What was typed into that corrector (null: nothing yet). Kept here, not in the corrector: its
   * row leaves the DOM when the list scrolls far from it, and comes back with the text as it was.
   */
  draft: CorrectionDraft | null;
  /** A run finished while a correction was being typed: its result opens once the corrector closes (afterCorrection.ts). */
  resultWaiting: boolean;
  undo: UndoEntry[];
  setOn(on: boolean): void;
  setEditing(path: string | null): void;
  setDraft(draft: CorrectionDraft): void;
  pushUndo(entry: UndoEntry): void;
  /** The latest decision on this extraction, removed from the stack (entries of other extractions are dropped). */
  popUndo(extractionId: string): UndoEntry | undefined;
}

export const useReviewMode = create<ReviewModeState>((set, get) => ({
  on: readRemembered('reviewMode', true, isBoolean),
  editingPath: null,
  draft: null,
  resultWaiting: false,
  undo: [],
  setOn: (on) => {
    writeRemembered('reviewMode', on);
    set({ on });
  },
  // Opening the corrector already open (c pressed again) keeps what was typed in it.
  setEditing: (editingPath) => set((state) => (state.editingPath === editingPath ? state : { editingPath, draft: null })),
  setDraft: (draft) => set({ draft }),
  pushUndo: (entry) => set({ undo: [...get().undo.filter((e) => e.extractionId === entry.extractionId), entry].slice(-UNDO_DEPTH) }),
  popUndo: (extractionId) => {
    const mine = get().undo.filter((e) => e.extractionId === extractionId);
    const entry = mine.pop();
    set({ undo: mine });
    return entry;
  },
}));
