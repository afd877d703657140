import { describe, expect, it } from 'vitest';
import { recogniseResult } from '../../../shared/resultShapes.js';

describe('result files are recognised by shape', () => {
  const parse = { markdown: '', metadata: {}, structure: { type: 'document', children: [] } };
  it.each([
    [parse, 'parse'],
    [{ extraction: {}, extraction_metadata: {}, metadata: {} }, 'extract'],
    [{ status: 'completed', result: parse }, 'parse'],
    [{ data: { markdown: '', chunks: [] } }, 'analyzer'],
  ])('%j is a %s result', (value, kind) => expect(recogniseResult(value)).toMatchObject({ kind }));

  it.each([[{ type: 'object' }], [[]], [{ status: 'processing', result: null }]])('%j is refused with what was expected', (value) => {
    expect(recogniseResult(value)).toHaveProperty('error');
  });
});
