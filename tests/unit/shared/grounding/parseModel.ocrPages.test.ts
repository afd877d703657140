import { describe, expect, it } from 'vitest';
import type { ParseResponse, StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { lowestConfidence } from '../../../../shared/grounding/confidence.js';
import { buildParseModel } from '../../../../shared/grounding/parseModel.js';
import { selectNode, selectRanges } from '../../../../shared/grounding/selection.js';

// What the review workspace reads of a page read by OCR: the page's `ocr` key and the words'
// confidence, leniently (a malformed key is no OCR, a confidence outside 0–1 is none).

const g = (start: number, end: number, confidence?: number) => ({
  page: 1,
  range: { start, end },
  box: { xmin: 0.1, ymin: 0.1, xmax: 0.2, ymax: 0.2 },
  confidence,
});

function response(page: Partial<StructureNode>, children: StructureNode[]): ParseResponse {
  const markdown = 'Total due 93.20 and more';
  return {
    markdown,
    metadata: {},
    structure: {
      type: 'document',
      children: [{ type: 'page', page: 1, status: 'ok', reason: '', grounding: g(0, markdown.length), children, ...page }],
    },
  };
}

const words: StructureNode = {
  id: 'text-0',
  type: 'text',
  grounding: g(0, 15),
  atomic_grounding: [g(0, 5, 0.97), g(6, 9, 0.58), g(10, 15, 0.91)],
};

describe('pages read by OCR in the parse model', () => {
  it('reads the languages and each word’s confidence', () => {
    const model = buildParseModel(response({ ocr: { engine: 'tesseract.js 7.0.0', languages: ['eng'] }, dpi: 300 }, [words]));
    expect(model.pages[0]).toMatchObject({ page: 1, ocr: 'English' });
    expect(model.nodes.get('text-0')?.atomic.map((a) => a.confidence)).toEqual([0.97, 0.58, 0.91]);
    expect(model.nodes.get('text-0')?.flags).toEqual([]);
  });

  it('a page without the key, or with a malformed one, was not read by OCR; confidences outside 0–1 are dropped', () => {
    expect(buildParseModel(response({}, [])).pages[0]?.ocr).toBeNull();
    expect(buildParseModel(response({ ocr: { engine: 'x', languages: 'eng' } }, [])).pages[0]?.ocr).toBeNull();
    expect(buildParseModel(response({ ocr: 'yes' }, [])).pages[0]?.ocr).toBeNull();
    const odd = buildParseModel(response({}, [{ ...words, atomic_grounding: [g(0, 5, 97), g(6, 9, -1), g(10, 15)] }]));
    expect(odd.nodes.get('text-0')?.atomic.map((a) => a.confidence)).toEqual([undefined, undefined, undefined]);
  });

  it('a selection is as sure as its least sure word: all of a node’s, or those a field’s range touches', () => {
    const model = buildParseModel(response({}, [words]));
    expect(lowestConfidence(model, selectNode(model, 'text-0')!)).toBe(0.58);
    expect(lowestConfidence(model, selectRanges(model, 'total', [{ start: 10, end: 15 }]))).toBe(0.91);
    const lines = buildParseModel(response({}, [{ ...words, atomic_grounding: [g(0, 15)] }]));
    expect(lowestConfidence(lines, selectNode(lines, 'text-0')!)).toBeNull();
  });
});
