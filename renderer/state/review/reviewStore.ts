import { create } from 'zustand';
import { createDecisionsSlice } from './decisionsSlice.js';
import { createDocumentSlice } from './documentSlice.js';
import { createErrorsSlice } from './errorsSlice.js';
import { createRunsSlice } from './runsSlice.js';
import type { ReviewState } from './reviewState.js';
import { createSelectionSlice } from './selectionSlice.js';

/** The Review screen's store: its shape is in reviewState.ts, each slice's code in its own file. */
export const useReviewStore = create<ReviewState>()((...store) => ({
  ...createErrorsSlice(...store),
  ...createDocumentSlice(...store),
  ...createRunsSlice(...store),
  ...createSelectionSlice(...store),
  ...createDecisionsSlice(...store),
}));

export type { Extractor, RunState, ReviewState } from './reviewState.js';
export { GENERAL_BANNER } from './errorsSlice.js';
