import { modelOfResult } from '../../shared/grounding/resultModel.js';
import type { ParseModel } from '../../shared/grounding/parseModel.js';
import type { StoredResult } from '../../shared/result.js';
import type { Workspace } from '../workspace/workspace.js';

/** The model an extraction's ranges point into, or why there is none (the export then carries no grounding). */
export type ExportSource = { model: ParseModel; resultId: string } | { model: null; reason: string };

/**
 * An analyzer result carries its own Markdown and chunks; a v2 extraction points into the
 * parse result it was run on (sourceResultId). Built with the same shared code the
 * renderer uses, so the export's pages, boxes and text are what the panel highlights.
 */
export async function loadExportSource(workspace: Workspace, extraction: StoredResult): Promise<ExportSource> {
  const sourceId = extraction.kind === 'analyzer' ? extraction.id : extraction.sourceResultId;
  if (!sourceId) return { model: null, reason: 'The extraction does not say which parse result it was made from.' };
  try {
    const source = extraction.kind === 'analyzer' ? extraction : await workspace.result(sourceId);
    return { model: modelOfResult(source), resultId: sourceId };
  } catch (error) {
    return {
      model: null,
      reason: `The parse result ${sourceId} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
