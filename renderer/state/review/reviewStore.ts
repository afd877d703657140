import { create } from 'zustand';
import { createDecisionsSlice } from './decisionsSlice.js';
import { createDocumentSlice } from './documentSlice.js';
import { createErrorsSlice } from './errorsSlice.js';
import { createRunsSlice } from './runsSlice.js';
import type { WorkspaceState } from './reviewState.js';
import { createSelectionSlice } from './selectionSlice.js';

/** The Review screen's store: its shape is in reviewState.ts, each slice's code in its own file. */
export const useWorkspaceStore = create<WorkspaceState>()((...store) => ({
  ...createErrorsSlice(...store),
  ...createDocumentSlice(...store),
  ...createRunsSlice(...store),
  ...createSelectionSlice(...store),
  ...createDecisionsSlice(...store),
}));

export type { Extractor, RunState, WorkspaceState } from './reviewState.js';
export { WORKSPACE_BANNER } from './errorsSlice.js';
