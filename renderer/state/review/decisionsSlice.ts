import type { FieldEntry } from '../../../shared/grounding/fields.js';
import { useReviewMode } from '../fields/reviewModeStore.js';
import { schemaOfText } from '../fields/rulesStore.js';
import { useRunSettings } from '../runSettings.js';
import { fieldRangesUtf16 } from '../../../shared/grounding/groundField.js';
import { EMPTY_EXTRACTION_VIEW, extractionView } from '../../../shared/grounding/resultModel.js';
import type { ParseModel, TextRange } from '../../../shared/grounding/parseModel.js';
import type { StoredResult } from '../../../shared/result.js';
import type { FieldDecision } from '../../../shared/review.js';
import { requireApi } from '../../ipc/client.js';
import type { DocumentScope } from './documentScope.js';
import { downloadText } from '../download.js';
import type { SliceOf } from './slice.js';
import type { DecisionsSlice } from './reviewState.js';

const NO_EXTRACTION = {
  extraction: null,
  fields: [],
  fieldRanges: new Map<string, TextRange[]>(),
  extractionView: EMPTY_EXTRACTION_VIEW,
  review: null,
};

export const createDecisionsSlice: SliceOf<DecisionsSlice> = (set, get) => {
  async function loadExtraction(scope: DocumentScope | null, extraction: StoredResult | null): Promise<void> {
    const model = get().model;
    const view = extractionView(extraction, model);
    const reviewing =
      extraction && view.fields.length > 0 ? requireApi().reviews.get({ extractionId: extraction.id }) : Promise.resolve(null);
    const review = scope ? await scope.settle(reviewing) : await reviewing;
    // A corrector open on the extraction left (another document, another result picked) closes.
    if (get().extraction?.id !== extraction?.id) useReviewMode.getState().setEditing(null);
    set({ extraction, fields: view.fields, fieldRanges: utf16Ranges(view.fields, model), extractionView: view, review });
  }

  function clearExtraction(): void {
    set(NO_EXTRACTION);
  }

  function decide(path: string, decision: Omit<FieldDecision, 'decidedAt'> | null, options: { undo?: boolean } = {}): Promise<void> {
    const extraction = get().extraction;
    if (!extraction) return Promise.resolve();
    // An accept is judged in main against the rules of the Fields panel's schema (an override is recorded as one).
    const schema = decision?.status === 'accepted' ? schemaOfText(useRunSettings.getState().fieldsSchema) : null;
    return get().attempt(extraction.documentId, async () => {
      const review = await requireApi().reviews.decide({
        extractionId: extraction.id,
        path,
        decision,
        ...(options.undo ? { undo: true } : {}),
        ...(schema ? { schema } : {}),
      });
      // Saved either way; shown only if the reviewer is still on that extraction.
      if (get().extraction?.id === extraction.id) set({ review });
    });
  }

  function exportReview(format: 'json' | 'csv'): Promise<void> {
    const extraction = get().extraction;
    if (!extraction) return Promise.resolve();
    return get().attempt(extraction.documentId, async () => {
      // Main exports the rules of the schema the extraction recorded; the editor's schema is for one stored before schemas were.
      const schema = schemaOfText(useRunSettings.getState().fieldsSchema);
      const file = await requireApi().reviews.export({ extractionId: extraction.id, format, ...(schema ? { schema } : {}) });
      downloadText(file.fileName, file.mime, file.content);
    });
  }

  return { ...NO_EXTRACTION, loadExtraction, clearExtraction, decide, exportReview };
};

/** Converted once per extraction, so a click on a field does no conversion. */
function utf16Ranges(fields: FieldEntry[], model: ParseModel | null): Map<string, TextRange[]> {
  return new Map(model ? fields.map((field) => [field.path, fieldRangesUtf16(model, field)]) : []);
}
