import { describe, expect, it } from 'vitest';
import type { ParseResponse, StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { MAX_BLOCK_TEXT, compareBlocks } from '../../../../shared/compare/compareBlocks.js';
import { buildParseModel } from '../../../../shared/grounding/parseModel.js';

interface Block {
  id: string;
  type: string;
  text: string;
  page?: number;
  /** ymin of a box 0.05 high spanning most of the width. */
  y: number;
}

/** A parse response whose Markdown is the blocks' texts joined by blank lines, each block grounded to its own text and box. */
function parse(blocks: Block[], pages = 2): ParseResponse {
  let markdown = '';
  const byPage = new Map<number, StructureNode[]>();
  for (const block of blocks) {
    if (markdown) markdown += '\n\n';
    const start = Array.from(markdown).length;
    markdown += block.text;
    const page = block.page ?? 1;
    const node: StructureNode = {
      id: block.id,
      type: block.type,
      grounding: {
        page,
        range: { start, end: start + Array.from(block.text).length },
        box: { xmin: 0.1, ymin: block.y, xmax: 0.9, ymax: block.y + 0.05 },
      },
    };
    byPage.set(page, [...(byPage.get(page) ?? []), node]);
  }
  const length = Array.from(markdown).length;
  return {
    markdown,
    metadata: { failed_pages: [] },
    structure: {
      type: 'document',
      children: Array.from({ length: pages }, (_, k) => ({
        type: 'page',
        page: k + 1,
        status: 'ok',
        reason: '',
        grounding: { page: k + 1, range: { start: 0, end: length }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
        children: byPage.get(k + 1) ?? [],
      })),
    },
  };
}

const RUN_A: Block[] = [
  { id: 'title-0', type: 'title', text: 'Invoice 42', y: 0.05 },
  { id: 'text-0', type: 'text', text: 'Bill to: ACME Corp, 1 Main Street', y: 0.15 },
  { id: 'text-1', type: 'text', text: 'Total: $1,242.00', y: 0.3 },
  { id: 'text-2', type: 'text', text: 'Thank you for your business.', y: 0.9 },
  { id: 'text-3', type: 'text', text: 'Terms and conditions apply.', page: 2, y: 0.1 },
];

describe('comparing two parse results block by block', () => {
  it('matches blocks whose ids were renumbered (one block inserted shifts every later id): nothing changed', () => {
    const renumbered: Block[] = [
      { id: 'title-7', type: 'title', text: 'Invoice 42', y: 0.05 },
      { id: 'text-10', type: 'text', text: 'Bill to: ACME Corp, 1 Main Street', y: 0.15 },
      { id: 'text-11', type: 'text', text: 'Total: $1,242.00', y: 0.3 },
      { id: 'text-12', type: 'text', text: 'Thank you for your business.', y: 0.9 },
      // Ids swapped between pages: still the same block, found by page and text.
      { id: 'text-0', type: 'text', text: 'Terms  and\nconditions apply.', page: 2, y: 0.1 },
    ];
    const result = compareBlocks(buildParseModel(parse(RUN_A)), buildParseModel(parse(renumbered)));
    expect(result.summary).toMatchObject({ total: 5, changed: 0, onlyA: 0, onlyB: 0, same: 5 });
    expect(result.summary.text).toBe('0 of 5 blocks changed (0 changed, 0 only in A, 0 only in B)');
    expect(result.rows.map((r) => [r.a?.id, r.b?.id])).toEqual([
      ['title-0', 'title-7'],
      ['text-0', 'text-10'],
      ['text-1', 'text-11'],
      ['text-2', 'text-12'],
      ['text-3', 'text-0'],
    ]);
  });

  it('finds a changed text as one changed block (by its box or its likeness), and what vanished or appeared', () => {
    const b: Block[] = [
      // Read as a heading this time: same text, another type.
      { id: 'heading-0', type: 'heading', text: 'Invoice 42', y: 0.05 },
      // An edited amount, same place.
      { id: 'text-0', type: 'text', text: 'Total: $1,244.00', y: 0.3 },
      // An edited address, moved down the page: matched by likeness of its text, not its box.
      { id: 'text-1', type: 'text', text: 'Bill to: ACME Corp., 1 Main St', y: 0.5 },
      { id: 'text-2', type: 'marginalia', text: 'Page 1 of 2', y: 0.95 },
      { id: 'text-3', type: 'text', text: 'Terms and conditions apply.', page: 2, y: 0.1 },
    ];
    const result = compareBlocks(buildParseModel(parse(RUN_A)), buildParseModel(parse(b)));
    expect(result.summary).toMatchObject({ total: 6, changed: 3, onlyA: 1, onlyB: 1, same: 1 });
    expect(result.summary.text).toBe('5 of 6 blocks changed (3 changed, 1 only in A, 1 only in B)');
    const changed = result.rows.filter((r) => r.status === 'changed');
    expect(changed.map((r) => [r.a?.text, r.b?.text, r.textChanged, r.typeChanged])).toEqual([
      ['Invoice 42', 'Invoice 42', false, true],
      ['Bill to: ACME Corp, 1 Main Street', 'Bill to: ACME Corp., 1 Main St', true, false],
      ['Total: $1,242.00', 'Total: $1,244.00', true, false],
    ]);
    expect(result.rows.find((r) => r.status === 'only_a')?.a?.text).toBe('Thank you for your business.');
    expect(result.rows.find((r) => r.status === 'only_b')?.b).toMatchObject({ id: 'text-2', type: 'marginalia', text: 'Page 1 of 2' });
    // Changed rows come first; the unchanged one is last.
    expect(result.rows.at(-1)?.status).toBe('same');
    expect(result.rows.at(-1)?.page).toBe(2);
  });

  it('never pairs blocks across pages, and pairs repeated texts in reading order', () => {
    const a: Block[] = [
      { id: 'a', type: 'text', text: 'Subtotal', y: 0.1 },
      { id: 'b', type: 'text', text: 'Subtotal', y: 0.5 },
    ];
    const b: Block[] = [
      { id: 'x', type: 'text', text: 'Subtotal', y: 0.1 },
      { id: 'y', type: 'text', text: 'Subtotal', page: 2, y: 0.5 },
    ];
    const result = compareBlocks(buildParseModel(parse(a)), buildParseModel(parse(b)));
    expect(result.rows.map((r) => [r.status, r.a?.id ?? null, r.b?.id ?? null, r.page])).toEqual([
      ['only_a', 'b', null, 1],
      ['only_b', null, 'y', 2],
      ['same', 'a', 'x', 1],
    ]);
  });
});

describe('a block one run split in pieces', () => {
  it('pairs each piece with the larger block that holds its box and text: changed, not vanished', () => {
    const lines: Block[] = [
      { id: 'text-0', type: 'text', text: 'Subtotal: $1,150.00', y: 0.6 },
      { id: 'text-1', type: 'text', text: 'Tax (8%): $92.00', y: 0.66 },
      { id: 'text-2', type: 'text', text: '**Total: $1,242.00**', y: 0.72 },
      { id: 'text-3', type: 'text', text: 'Thank you', y: 0.9 },
    ];
    // One block from y 0.6 to 0.77 holding the three lines.
    const paragraph = parse([{ id: 'text-0', type: 'text', text: 'Subtotal: $1,150.00 Tax (8%): $92.00 Total: $1,242.00', y: 0.6 }]);
    const grounding = (paragraph.structure.children![0]!.children![0]! as { grounding: { box: { ymax: number } } }).grounding;
    grounding.box.ymax = 0.77;
    const result = compareBlocks(buildParseModel(parse(lines)), buildParseModel(paragraph));
    expect(result.rows.map((r) => [r.status, r.a?.id ?? null, r.b?.id ?? null, r.part ?? null])).toEqual([
      ['changed', 'text-0', 'text-0', 'a_in_b'],
      ['changed', 'text-1', 'text-0', 'a_in_b'],
      ['changed', 'text-2', 'text-0', 'a_in_b'],
      ['only_a', 'text-3', null, null],
    ]);
    // The other way round: the paragraph in A, the lines in B.
    const reversed = compareBlocks(buildParseModel(paragraph), buildParseModel(parse(lines)));
    expect(reversed.rows.map((r) => [r.status, r.a?.id ?? null, r.b?.id ?? null, r.part ?? null])).toEqual([
      ['changed', 'text-0', 'text-0', 'b_in_a'],
      ['changed', 'text-0', 'text-1', 'b_in_a'],
      ['changed', 'text-0', 'text-2', 'b_in_a'],
      ['only_b', null, 'text-3', null],
    ]);
  });
});

describe('what counts as the same text', () => {
  it('whitespace is collapsed, also between table tags', () => {
    const a = parse([{ id: 'table-0', type: 'table', text: '<table>\n<tr><td>Qty</td></tr>\n<tr><td>10</td></tr>\n</table>', y: 0.2 }]);
    const b = parse([{ id: 'table-3', type: 'table', text: '<table><tr><td>Qty</td></tr><tr><td>10</td></tr></table>', y: 0.21 }]);
    expect(compareBlocks(buildParseModel(a), buildParseModel(b)).summary).toMatchObject({ changed: 0, same: 1 });
    const c = parse([{ id: 'table-3', type: 'table', text: '<table><tr><td>Qty</td></tr><tr><td>12</td></tr></table>', y: 0.21 }]);
    expect(compareBlocks(buildParseModel(a), buildParseModel(c)).summary).toMatchObject({ changed: 1, same: 0 });
  });

  it('two big tables that differ only past the text kept per block are changed, not the same', () => {
    const rows = (last: string) =>
      Array.from({ length: 400 }, (_, k) => `<tr><td>Item ${k}</td><td>${k === 399 ? last : String(k * 3)}</td></tr>`).join('');
    const tableA = `<table>${rows('1197')}</table>`;
    const tableB = `<table>${rows('9999')}</table>`;
    expect(tableA.length).toBeGreaterThan(MAX_BLOCK_TEXT * 4);
    const a = parse([{ id: 'table-0', type: 'table', text: tableA, y: 0.2 }]);
    const b = parse([{ id: 'table-0', type: 'table', text: tableB, y: 0.2 }]);
    const result = compareBlocks(buildParseModel(a), buildParseModel(b));
    expect(result.summary).toMatchObject({ changed: 1, same: 0 });
    expect(result.rows[0]).toMatchObject({ status: 'changed', textChanged: true, typeChanged: false });
    // The same big table on both sides is still the same.
    const again = compareBlocks(buildParseModel(a), buildParseModel(parse([{ id: 'table-5', type: 'table', text: tableA, y: 0.2 }])));
    expect(again.summary).toMatchObject({ changed: 0, same: 1 });
  });
});
