import { describe, expect, it } from 'vitest';
import type { StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { buildParseModel } from '../../../../shared/grounding/parseModel.js';
import { selectNode, selectRanges } from '../../../../shared/grounding/selection.js';
import { analyzerAsParse } from '../../../../shared/grounding/analyzerAsParse.js';
import { onePageParse } from '../../../support/onePageParse.js';

const g = (start: number, end: number, page = 1, box = { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.2 }) => ({
  page,
  range: { start, end },
  box,
});

describe('the parse model', () => {
  it('converts code-point ranges to UTF-16 once, so slices are exact after astral characters', () => {
    const markdown = '😀😀 Total: 12';
    const model = buildParseModel(onePageParse(markdown, [{ id: 'text-0', type: 'text', grounding: g(3, 12) }]));
    expect(selectNode(model, 'text-0')?.text).toBe('Total: 12');
  });

  it('flags what is wrong instead of failing: ranges past the end, boxes outside the page, unknown types and statuses', () => {
    const model = buildParseModel(
      onePageParse(
        'abc',
        [
          { id: 'text-0', type: 'text', grounding: g(1, 99) },
          { id: 'text-1', type: 'text', grounding: g(0, 1, 1, { xmin: -0.2, ymin: 0, xmax: 1.4, ymax: 0.5 }) },
          { id: 'hologram-0', type: 'hologram', grounding: g(0, 1) },
          { id: 'attestation-0', type: 'attestation', grounding: g(0, 1) },
          { id: 'scan_code-0', type: 'scan_code', grounding: g(0, 1) },
          { id: 'card-0', type: 'card', grounding: g(0, 1) },
        ],
        {},
        { status: 'smudged' },
      ),
    );
    expect(model.nodes.get('text-0')?.flags).toContain('range_out_of_bounds');
    expect(model.nodes.get('text-0')?.range).toEqual({ start: 1, end: 3 });
    expect(model.nodes.get('text-1')?.flags).toContain('box_out_of_bounds');
    expect(model.nodes.get('text-1')?.box).toMatchObject({ left: 0, right: 1 });
    expect(model.nodes.get('hologram-0')?.flags).toContain('unknown_type');
    // Every element type the service's official client names is known.
    for (const id of ['attestation-0', 'scan_code-0', 'card-0']) expect(model.nodes.get(id)?.flags).not.toContain('unknown_type');
    expect(model.nodes.get('page-1')?.flags).toContain('unknown_status');
  });

  it('reads malformed nodes without throwing, flagging what it could not use', () => {
    const broken = [
      { id: 'text-0', type: 'text', grounding: { page: 1, range: { start: 'a', end: 2 }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } } },
      { id: 7, type: 'text', grounding: { page: 1, range: { start: 0, end: 1 } }, children: 'none' },
      { type: 42, grounding: g(0, 1), atomic_grounding: [{ page: 1 }] },
      null,
    ] as unknown as StructureNode[];
    const model = buildParseModel(onePageParse('abc', broken));
    expect(model.nodes.get('text-0')?.flags).toEqual(['no_grounding']);
    expect(model.nodes.get('text-anon')?.flags).toEqual(['no_grounding']);
    expect(model.nodes.get('unknown-anon')).toMatchObject({ type: 'unknown', atomic: [] });
    expect(model.nodes.size).toBe(5);
  });

  it('keeps duplicate ids apart and marks failed pages', () => {
    const model = buildParseModel(
      onePageParse(
        'ab',
        [
          { id: 'text-0', type: 'text', grounding: g(0, 1) },
          { id: 'text-0', type: 'text', grounding: g(1, 2) },
        ],
        { failed_pages: [1] },
      ),
    );
    expect([...model.nodes.keys()]).toEqual(['document', 'page-1', 'text-0', 'text-0~2']);
    expect(model.pages[0]).toMatchObject({ page: 1, failed: true });
  });

  it('grounds a range to the smallest nodes it falls in: the cell, not its table; line boxes where present', () => {
    const markdown = '<table><tr><td>A</td><td>42</td></tr></table>';
    const cellStart = markdown.indexOf('42');
    const lineBox = { xmin: 0.6, ymin: 0.3, xmax: 0.7, ymax: 0.32 };
    const model = buildParseModel(
      onePageParse(markdown, [
        {
          id: 'table-0',
          type: 'table',
          grounding: g(0, markdown.length),
          children: [
            { id: 'table_cell-0', type: 'table_cell', row: 0, col: 0, grounding: g(markdown.indexOf('A'), markdown.indexOf('A') + 1) },
            {
              id: 'table_cell-1',
              type: 'table_cell',
              row: 0,
              col: 1,
              grounding: g(cellStart, cellStart + 2),
              atomic_grounding: [g(cellStart, cellStart + 2, 1, lineBox)],
            },
          ],
        },
      ]),
    );
    const selection = selectRanges(model, 'total', [{ start: cellStart, end: cellStart + 2 }]);
    expect(selection.nodeIds).toEqual(['table_cell-1']);
    expect(selection.boxes).toEqual([expect.objectContaining({ left: 0.6, top: 0.3, right: 0.7, bottom: 0.32 })]);
    expect(selection.text).toBe('42');
    expect(model.nodes.get('table_cell-1')?.cell).toEqual({ row: 0, col: 1, rowspan: 1, colspan: 1 });
  });
});

describe('the older analyzer on the same model', () => {
  it('finds chunks in the Markdown, moves 0-indexed pages to 1-indexed and marks page errors', () => {
    const markdown = 'Intro 😀\n\nTotal: 12\n\nPage two';
    const parse = analyzerAsParse({
      data: {
        markdown,
        chunks: [
          { text: 'Intro 😀', chunk_type: 'text', chunk_id: 'c1', grounding: [{ page: 0, box: { l: 0.1, t: 0.1, r: 0.5, b: 0.2 } }] },
          { text: 'Total: 12', chunk_type: 'text', chunk_id: 'c2', grounding: [{ page: 0, box: { l: 0.1, t: 0.3, r: 0.5, b: 0.4 } }] },
          { text: 'Page two', chunk_type: 'text', chunk_id: 'c3', grounding: [{ page: 1, box: { l: 0.1, t: 0.1, r: 0.5, b: 0.2 } }] },
          {
            text: 'not in the markdown',
            chunk_type: 'figure',
            chunk_id: 'c4',
            grounding: [{ page: 1, box: { l: 0, t: 0.5, r: 1, b: 0.9 } }],
          },
        ],
      },
      errors: [{ page_num: 2, error: 'timeout', error_code: 504 }],
    });
    const model = buildParseModel(parse);
    expect(selectNode(model, 'c2')?.text).toBe('Total: 12');
    expect(selectNode(model, 'c2')?.pages).toEqual([1]);
    expect(model.nodes.get('c3')?.page).toBe(2);
    expect(model.nodes.get('c2')?.box).toMatchObject({ left: 0.1, top: 0.3, right: 0.5, bottom: 0.4 });
    expect(model.pages.map((p) => [p.page, p.status])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'failed'],
    ]);
    expect(model.failedPages).toEqual([3]);
    expect(selectNode(model, 'c4')?.text).toBe('');
  });
});
