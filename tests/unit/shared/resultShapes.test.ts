import { describe, expect, it } from 'vitest';
import { isExtractResult, recogniseResult } from '../../../shared/resultShapes.js';

describe('result files are recognised by shape', () => {
  const parse = { markdown: '', metadata: {}, structure: { type: 'document', children: [] } };
  it.each([
    [parse, 'parse'],
    [{ extraction: {}, extraction_metadata: {}, metadata: {} }, 'extract'],
    [{ status: 'completed', result: parse }, 'parse'],
    [{ data: { markdown: '', chunks: [] } }, 'analyzer'],
    // An extraction carries markdown and metadata too, as a parse answer does.
    [{ extraction: {}, extraction_metadata: {}, markdown: 'Total 4', metadata: {} }, 'extract'],
    // The SDK lets a parse answer's markdown and structure be null.
    [{ markdown: null, metadata: {}, structure: null }, 'parse'],
  ])('%j is a %s result', (value, kind) => expect(recogniseResult(value)).toMatchObject({ kind }));

  it.each([[{ type: 'object' }], [[]], [{ status: 'processing', result: null }], [{ metadata: {} }]])(
    '%j is refused with what was expected',
    (value) => {
      expect(recogniseResult(value)).toHaveProperty('error');
    },
  );

  it.each([
    [{ extraction: {}, extraction_metadata: {}, metadata: {} }, true],
    [{ status: 'completed', result: { extraction: {}, extraction_metadata: {}, metadata: {} } }, true],
    [parse, false],
    [{ status: 'completed', result: parse }, false],
    [{ data: { markdown: '', chunks: [] } }, false],
    [{ status: 'processing', result: null }, false],
    [null, false],
  ])('%j is an extraction: %s, as recogniseResult says', (value, extraction) => {
    expect(isExtractResult(value)).toBe(extraction);
    const recognised = recogniseResult(value);
    expect('kind' in recognised && recognised.kind === 'extract').toBe(extraction);
  });
});
