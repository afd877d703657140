import { useMemo } from 'react';
import { weakestWord, type WeakestWord } from '../../../shared/grounding/confidence.js';
import type { FieldEntry } from '../../../shared/grounding/fields.js';
import type { ParseModel, TextRange } from '../../../shared/grounding/parseModel.js';
import { selectRanges } from '../../../shared/grounding/selection.js';
import { useReviewStore } from '../review/reviewStore.js';
import { useConfidenceSettings } from './confidenceSettings.js';
import { orderFields } from './fieldOrder.js';

const cache = new WeakMap<ParseModel, WeakMap<Map<string, TextRange[]>, Map<string, WeakestWord | null>>>();

/** Each field's weakest word over the words its ranges touch (null: none of them scored); once per extraction. */
export function fieldWeakestWords(model: ParseModel | null, fieldRanges: Map<string, TextRange[]>): Map<string, WeakestWord | null> {
  if (!model) return new Map();
  let byRanges = cache.get(model);
  if (!byRanges) cache.set(model, (byRanges = new WeakMap()));
  let weakest = byRanges.get(fieldRanges);
  if (!weakest) {
    weakest = new Map(
      [...fieldRanges].map(([path, ranges]) => [path, ranges.length > 0 ? weakestWord(model, selectRanges(model, path, ranges)) : null]),
    );
    byRanges.set(fieldRanges, weakest);
  }
  return weakest;
}

/** The fields as the Fields panel lists them, which is also the order the review keys step through. */
export function fieldsInListOrder(): FieldEntry[] {
  const { model, fields, fieldRanges } = useReviewStore.getState();
  return orderFields(fields, fieldWeakestWords(model, fieldRanges), useConfidenceSettings.getState().sortByConfidence);
}

export function useFieldsInListOrder(): { fields: FieldEntry[]; weakest: Map<string, WeakestWord | null> } {
  const model = useReviewStore((s) => s.model);
  const fields = useReviewStore((s) => s.fields);
  const fieldRanges = useReviewStore((s) => s.fieldRanges);
  const byConfidence = useConfidenceSettings((s) => s.sortByConfidence);
  return useMemo(() => {
    const weakest = fieldWeakestWords(model, fieldRanges);
    return { fields: orderFields(fields, weakest, byConfidence), weakest };
  }, [model, fields, fieldRanges, byConfidence]);
}
