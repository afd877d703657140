import type { FieldEntry } from './fields.js';
import type { ParseModel } from './parseModel.js';
import { selectRanges, type Selection } from './selection.js';

/**
 * An extracted field grounded in the parse model its ranges point into: the service's
 * code-point ranges converted to the Markdown's UTF-16 offsets, then the nodes, boxes,
 * pages and exact text they cover. What the Fields panel highlights and the export writes.
 */
export function groundField(model: ParseModel, field: Pick<FieldEntry, 'path' | 'ranges'>): Selection {
  const ranges = field.ranges.map((r) => {
    const converted = model.index.rangeToUtf16(r.start, r.end);
    return { start: converted.start, end: converted.end };
  });
  return selectRanges(model, field.path, ranges);
}
