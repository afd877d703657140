import { describe, expect, it } from 'vitest';
import type { ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { buildParseModel, markdownLength, sliceMarkdown } from '../../../../shared/grounding/parseModel.js';
import { extractionView } from '../../../../shared/grounding/resultModel.js';
import { selectNode } from '../../../../shared/grounding/selection.js';

// Ranges are code points by contract; a result that says it counts otherwise would light the
// wrong characters if read as code points. Its values and boxes stay; its ranges are not used.

const box = { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.2 };
const MARKDOWN = '😀😀 Total: 12';
const parse = (metadata: Record<string, unknown>): ParseResponse => ({
  markdown: MARKDOWN,
  metadata,
  structure: {
    type: 'document',
    children: [
      { type: 'page', page: 1, children: [{ id: 'total', type: 'text', grounding: { page: 1, range: { start: 3, end: 12 }, box } }] },
    ],
  },
});
const extraction = (metadata: Record<string, unknown>) => ({
  kind: 'extract' as const,
  response: { extraction: { total: 12 }, extraction_metadata: { total: { ranges: [{ start: 10, end: 12 }] } }, metadata },
});

describe('range_units', () => {
  it.each([[{}], [{ range_units: 'unicode_codepoints' }]])('code points (%j) are read as ever', (metadata) => {
    const model = buildParseModel(parse(metadata));
    expect(model.foreignRangeUnits).toBeNull();
    const view = extractionView(extraction(metadata), model);
    expect(view.fields[0]).toMatchObject({ path: 'total', ranges: [{ start: 10, end: 12 }] });
    expect(view.fields[0]!.flags).toBeUndefined();
    expect(view.generalNotices).toEqual([]);
  });

  it('a parse result in UTF-16 code units keeps its boxes and Markdown, flags every range, and highlights nothing', () => {
    const model = buildParseModel(parse({ range_units: 'utf16_code_units' }));
    expect(model.foreignRangeUnits).toBe('utf16_code_units');
    const node = model.nodes.get('total')!;
    expect(node.range).toBeNull();
    expect(node.flags).toContain('range_units_unknown');
    expect(node.box).toMatchObject({ page: 1 });
    expect(sliceMarkdown(model, { start: 0, end: markdownLength(model) })).toBe(MARKDOWN);
    expect(selectNode(model, 'total')?.text ?? '').toBe('');
  });

  it('an extraction in bytes keeps its values, drops its ranges with a flag, and says why in a notice', () => {
    const model = buildParseModel(parse({}));
    const view = extractionView(extraction({ range_units: 'utf8_bytes' }), model);
    expect(view.fields[0]).toMatchObject({ path: 'total', value: 12, ranges: [], flags: ['range_units_unknown'] });
    expect(view.generalNotices).toEqual([
      { code: 'range_units', message: expect.stringMatching(/counts its ranges in "utf8_bytes", not Unicode code points/) },
    ]);
  });

  it('a range_units that is no string is foreign too', () => {
    expect(buildParseModel(parse({ range_units: 7 })).foreignRangeUnits).toBe('7');
    // Deep nesting (found by the fuzzer) is described, never serialized.
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = { units: deep };
    expect(buildParseModel(parse({ range_units: deep })).foreignRangeUnits).toBe('an object');
    expect(buildParseModel(parse({ range_units: ['utf8_bytes'] })).foreignRangeUnits).toBe('a list');
  });
});
