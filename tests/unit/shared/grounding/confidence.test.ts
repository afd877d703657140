import { describe, expect, it } from 'vitest';
import type { StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { formatConfidence, hasConfidence, nodeConfidences, scoreSource, weakestWord } from '../../../../shared/grounding/confidence.js';
import { buildParseModel } from '../../../../shared/grounding/parseModel.js';
import { selectNode, selectRanges } from '../../../../shared/grounding/selection.js';
import { orderFields } from '../../../../renderer/state/fields/fieldOrder.js';
import { onePageParse } from '../../../support/onePageParse.js';

// The service's shapes: a word-level model scores each word of `atomic_grounding` (table
// cells' words too), node-level grounding never; a line-level model scores nothing.

const box = (x: number, y: number, w = 0.08) => ({ xmin: x, ymin: y, xmax: x + w, ymax: y + 0.02 });
const g = (start: number, end: number, b = box(0.1, 0.1), confidence?: number) => ({ page: 1, range: { start, end }, box: b, confidence });

// "Invoice 4471 Total 93.20" then a table "| Qty | 7 |"
const markdown = 'Invoice 4471 Total 93.20\n\n| Qty | 7 |';
const text: StructureNode = {
  id: 'text-0',
  type: 'text',
  grounding: g(0, 24, { xmin: 0.1, ymin: 0.1, xmax: 0.9, ymax: 0.14 }),
  atomic_grounding: [
    g(0, 7, box(0.1, 0.1), 0.99),
    g(8, 12, box(0.2, 0.1), 0.42),
    g(13, 18, box(0.3, 0.1), 0.95),
    g(19, 24, box(0.4, 0.1), 0.61),
  ],
};
const table: StructureNode = {
  id: 'table-0',
  type: 'table',
  grounding: g(26, 37, { xmin: 0.1, ymin: 0.3, xmax: 0.5, ymax: 0.4 }),
  children: [
    {
      id: 'cell-0',
      type: 'table_cell',
      row: 0,
      col: 0,
      grounding: g(28, 31, box(0.1, 0.3)),
      atomic_grounding: [g(28, 31, box(0.1, 0.3), 0.88)],
    },
    {
      id: 'cell-1',
      type: 'table_cell',
      row: 0,
      col: 1,
      grounding: g(34, 35, box(0.3, 0.3)),
      atomic_grounding: [g(34, 35, box(0.3, 0.3), 0.37)],
    },
  ],
};

/** A dpt-3-verity answer (word-level grounding) of one page holding `children`. */
const response = (children: StructureNode[]) => onePageParse(markdown, children, { version: 'dpt-3-verity-20251103' });

describe('word confidence of a word-level result', () => {
  const model = buildParseModel(response([text, table]));

  it('a field is as sure as the weakest word its ranges touch, and that word is named with its box', () => {
    const total = weakestWord(model, selectRanges(model, 'total', [{ start: 19, end: 24 }]));
    expect(total).toMatchObject({ confidence: 0.61, text: '93.20', nodeId: 'text-0', page: 1 });
    expect(total?.box).toMatchObject({ left: 0.4, top: 0.1 });
    const both = weakestWord(model, selectRanges(model, 'both', [{ start: 0, end: 12 }]));
    expect(both).toMatchObject({ confidence: 0.42, text: '4471' });
  });

  it('blocks, tables (over their cells) and pages carry the minimum below them; node grounding adds none', () => {
    const scores = nodeConfidences(model);
    expect(scores.get('text-0')).toBe(0.42);
    expect(scores.get('cell-0')).toBe(0.88);
    expect(scores.get('table-0')).toBe(0.37);
    const page = model.pages[0]!.nodeId;
    expect(scores.get(page)).toBe(0.37);
    expect(weakestWord(model, selectNode(model, 'table-0')!)).toMatchObject({ confidence: 0.37, text: '7', nodeId: 'cell-1' });
    expect(weakestWord(model, selectNode(model, page)!)?.text).toBe('7');
    expect(hasConfidence(model)).toBe(true);
    expect(scoreSource(model)).toBe('model');
  });

  it('a line-level result has no scores: null, never 0 or 1', () => {
    const lines = buildParseModel(
      response([
        { ...text, atomic_grounding: [g(0, 24)] },
        {
          ...table,
          children: table.children!.map((c) => ({ ...c, atomic_grounding: [{ ...c.atomic_grounding![0]!, confidence: null }] })),
        } as StructureNode,
      ]),
    );
    expect(hasConfidence(lines)).toBe(false);
    expect(nodeConfidences(lines).size).toBe(0);
    expect(weakestWord(lines, selectRanges(lines, 'total', [{ start: 19, end: 24 }]))).toBeNull();
    expect(weakestWord(lines, selectNode(lines, 'table-0')!)).toBeNull();
  });

  it('a percentage never rounds a doubtful word to 100 % nor a scored one to 0 %', () => {
    expect(formatConfidence(0.996)).toBe('99 %');
    expect(formatConfidence(1)).toBe('100 %');
    expect(formatConfidence(0.004)).toBe('<1 %');
    expect(formatConfidence(0)).toBe('0 %');
    expect(formatConfidence(0.614)).toBe('61 %');
    // Never shown at a mark it is below: 0.989 is under a 99 % threshold, so it reads 98 %.
    expect(formatConfidence(0.989)).toBe('98 %');
    expect(formatConfidence(0.29)).toBe('29 %');
  });
});

describe('value-tight selection', () => {
  const model = buildParseModel(response([text, table]));

  it('a field lights the words its ranges overlap and keeps their block only as an outline', () => {
    const selection = selectRanges(model, 'total', [{ start: 13, end: 24 }]);
    expect(selection.boxes.map((b) => b.left)).toEqual([0.3, 0.4]);
    expect(selection.nodeIds).toEqual(['text-0']);
    expect(selection.outlineNodeIds).toEqual(['text-0']);
  });

  it('a block without atomic grounding lights its own box and is not outlined', () => {
    const { atomic_grounding: _atomic, ...withoutAtomic } = text;
    const bare = buildParseModel(response([withoutAtomic]));
    const selection = selectRanges(bare, 'total', [{ start: 19, end: 24 }]);
    expect(selection.boxes).toEqual([bare.nodes.get('text-0')!.box]);
    expect(selection.outlineNodeIds).toEqual([]);
  });
});

describe('sorting fields by confidence', () => {
  it('lowest first; unscored fields last, ties in document order; off keeps document order', () => {
    const fields = [{ path: 'a' }, { path: 'b' }, { path: 'c' }, { path: 'd' }];
    const word = (confidence: number) => ({
      confidence,
      nodeId: 'x',
      page: 1,
      box: { page: 1, left: 0, top: 0, right: 0, bottom: 0, valid: true },
      range: { start: 0, end: 0 },
      text: '',
    });
    const weakest = new Map([
      ['a', null],
      ['b', word(0.9)],
      ['c', word(0.3)],
      ['d', word(0.9)],
    ]);
    expect(orderFields(fields, weakest, true).map((f) => f.path)).toEqual(['c', 'b', 'd', 'a']);
    expect(orderFields(fields, weakest, false).map((f) => f.path)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('a word whose range cannot be placed', () => {
  it('with foreign range_units the weakest word keeps its score and box, but names no text', () => {
    const foreign = response([text]);
    foreign.metadata = { ...foreign.metadata, range_units: 'utf8_bytes' };
    const model = buildParseModel(foreign);
    expect(model.nodes.get('text-0')?.atomic.map((a) => a.range)).toEqual([null, null, null, null]);
    const weakest = weakestWord(model, selectNode(model, 'text-0')!);
    expect(weakest).toMatchObject({ confidence: 0.42, text: null, range: null, nodeId: 'text-0' });
    expect(weakest?.box).toMatchObject({ left: 0.2, top: 0.1 });
  });
});
