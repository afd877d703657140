import type { FieldEntry } from './fields.js';
import type { ParseModel, TextRange } from './parseModel.js';
import { selectRanges, type Selection } from './selection.js';

/** A field's ranges in the Markdown's UTF-16 offsets: the service counts code points. */
export function fieldRangesUtf16(model: ParseModel, field: Pick<FieldEntry, 'ranges'>): TextRange[] {
  return field.ranges.map((r) => {
    const converted = model.index.rangeToUtf16(r.start, r.end);
    return { start: converted.start, end: converted.end };
  });
}

/**
 * An extracted field grounded in the parse model its ranges point into: the nodes, boxes,
 * pages and exact text its ranges cover. What the Fields panel highlights and the export writes.
 */
export function groundField(model: ParseModel, field: Pick<FieldEntry, 'path' | 'ranges'>): Selection {
  return selectRanges(model, field.path, fieldRangesUtf16(model, field));
}
