import { create } from 'zustand';
import { createDecisionsSlice, type DecisionsSlice } from './state/decisionsSlice.js';
import { createDocumentSlice, type DocumentSlice } from './state/documentSlice.js';
import { createErrorsSlice, type ErrorsSlice } from './state/errorsSlice.js';
import { createRunsSlice, type RunsSlice } from './state/runsSlice.js';
import { createSelectionSlice, type SelectionSlice } from './state/selectionSlice.js';

/**
 * The Review screen's state, one slice per concern: the open document and result, the runs
 * (bound to the document they were started for), the selection, the reviewer's decisions,
 * and failures by document.
 */
export type WorkspaceState = DocumentSlice & RunsSlice & SelectionSlice & DecisionsSlice & ErrorsSlice;

export const useWorkspaceStore = create<WorkspaceState>()((...store) => ({
  ...createErrorsSlice(...store),
  ...createDocumentSlice(...store),
  ...createRunsSlice(...store),
  ...createSelectionSlice(...store),
  ...createDecisionsSlice(...store),
}));

export type { Extractor, RunState } from './state/runsSlice.js';
export { WORKSPACE_BANNER } from './state/errorsSlice.js';
