import { beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_JOB_ID, parseResponseSchema, type ParseResponse, type StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { buildPdf, expectedMonoBox, sliceCodePoints, type PageSpec, type TextSpec } from '../../../support/pdfFixtures.js';

const ASTRAL: TextSpec = { text: 'Sum 𝙰𝙱 = 2 letters', x: 50, y: 340 };
const TITLE: TextSpec = { text: 'Report', x: 50, y: 80, size: 24 };
const pageOne: PageSpec = {
  texts: [
    TITLE,
    { text: 'Intro', x: 50, y: 120, size: 15 },
    { text: 'First line of the paragraph text', x: 50, y: 150 },
    { text: 'and its second line.', x: 50, y: 165 },
    { text: '• Apples', x: 50, y: 200 },
    { text: '• Pears', x: 50, y: 215 },
    { text: '1. One', x: 50, y: 240 },
    { text: 'Name', x: 50, y: 280 },
    { text: 'Qty', x: 200, y: 280 },
    { text: 'Price', x: 350, y: 280 },
    { text: 'Pen', x: 50, y: 296 },
    { text: '2', x: 200, y: 296 },
    { text: '$3 & <b>', x: 350, y: 296 },
    ASTRAL,
    { text: 'Page 1', x: 280, y: 780, size: 10 },
  ],
};
const pageTwo: PageSpec = {
  texts: [
    { text: 'Columns', x: 50, y: 70, size: 15 },
    { text: 'Left one', x: 50, y: 100 },
    { text: 'Left two', x: 50, y: 115 },
    { text: 'Right one', x: 320, y: 100 },
    { text: 'Right two', x: 320, y: 115 },
    { text: 'Page 2', x: 280, y: 780, size: 10 },
  ],
};
const ROTATED_TEXT: TextSpec = { text: 'Rotated line', x: 60, y: 100 };
const pageThree: PageSpec = { width: 800, height: 600, rotate: 90, texts: [ROTATED_TEXT, { text: 'Page 3', x: 380, y: 585, size: 10 }] };

const EXPECTED_MARKDOWN = [
  '<!-- page 1 -->',
  '# Report',
  '## Intro',
  'First line of the paragraph text and its second line.',
  '- Apples',
  '- Pears',
  '1. One',
  '<table>\n<tr><td>Name</td><td>Qty</td><td>Price</td></tr>\n<tr><td>Pen</td><td>2</td><td>$3 &amp; &lt;b&gt;</td></tr>\n</table>',
  'Sum 𝙰𝙱 = 2 letters',
  'Page 1',
  '<!-- page 2 -->',
  '## Columns',
  'Left one Left two',
  'Right one Right two',
  'Page 2',
  '<!-- page 3 -->',
  'Rotated line',
  'Page 3',
].join('\n\n');

function walk(node: StructureNode, visit: (node: StructureNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}
const ids = (response: ParseResponse) => {
  const out: string[] = [];
  walk(response.structure, (n) => n.id && out.push(n.id));
  return out;
};
const nodeByText = (response: ParseResponse, text: string) => {
  let found: StructureNode | undefined;
  walk(response.structure, (n) => {
    if (n.id && n.grounding && sliceCodePoints(response.markdown, n.grounding.range.start, n.grounding.range.end) === text) found = n;
  });
  if (!found) throw new Error(`no node for "${text}"`);
  return found;
};

let bytes: Uint8Array;
let result: ParseResponse;
beforeAll(async () => {
  bytes = await buildPdf([pageOne, pageTwo, pageThree]);
  result = await parseDocument(bytes, {}, { filename: 'known.pdf' });
});

describe('parseDocument: Markdown, ids and metadata', () => {
  it('writes the exact Markdown in reading order (headings, lists, table, columns, marginalia)', () => {
    expect(result.markdown).toBe(EXPECTED_MARKDOWN);
  });

  it('numbers ids per type in reading order', () => {
    expect(ids(result)).toEqual([
      'title-0',
      'heading-0',
      'text-0',
      'list_item-0',
      'list_item-1',
      'list_item-2',
      'table-0',
      'table_cell-0',
      'table_cell-1',
      'table_cell-2',
      'table_cell-3',
      'table_cell-4',
      'table_cell-5',
      'text-1',
      'marginalia-0',
      'heading-1',
      'text-2',
      'text-3',
      'marginalia-1',
      'text-4',
      'marginalia-2',
    ]);
    const cells: StructureNode[] = [];
    walk(result.structure, (n) => n.type === 'table_cell' && cells.push(n));
    expect(cells.map((c) => [c.row, c.col, c.rowspan, c.colspan])).toEqual([
      [0, 0, 1, 1],
      [0, 1, 1, 1],
      [0, 2, 1, 1],
      [1, 0, 1, 1],
      [1, 1, 1, 1],
      [1, 2, 1, 1],
    ]);
  });

  it('validates against the v2 schema, with the local metadata', () => {
    expect(parseResponseSchema.safeParse(result).success).toBe(true);
    const m = result.metadata;
    expect(m.job_id).toMatch(CURRENT_JOB_ID);
    expect(m.version).toMatch(/^local-pdfjs-\d+\.\d+/);
    expect(m).toMatchObject({
      filename: 'known.pdf',
      page_count: 3,
      failed_pages: [],
      range_units: 'unicode_codepoints',
      billing: { total_credits: 0 },
    });
    expect(m.duration_ms).toBeGreaterThanOrEqual(0);
    // Code points, not UTF-16 units: the two astral letters count once each.
    expect(m.output_markdown_chars).toBe(Array.from(result.markdown).length);
    expect(m.output_markdown_chars).toBe(result.markdown.length - 2);
    const pages = result.structure.children ?? [];
    expect(pages.map((p) => [p.type, p.page, p.status])).toEqual([
      ['page', 1, 'ok'],
      ['page', 2, 'ok'],
      ['page', 3, 'ok'],
    ]);
  });
});

describe('parseDocument: grounding', () => {
  it('gives ranges in code points, astral characters counting one', () => {
    const node = nodeByText(result, ASTRAL.text);
    const utf16Start = result.markdown.indexOf(ASTRAL.text);
    expect(node.grounding?.range.start).toBe(Array.from(result.markdown.slice(0, utf16Start)).length);
    expect(node.grounding!.range.end - node.grounding!.range.start).toBe(18);
    // A range after the astral line is shifted by one per astral character, not two.
    const footer = nodeByText(result, 'Page 1');
    expect(footer.grounding?.range.start).toBe(result.markdown.indexOf('Page 1') - 2);
  });

  it('gives every atomic line a range whose text is that line', () => {
    const paragraph = nodeByText(result, 'First line of the paragraph text and its second line.');
    const lines = (paragraph.atomic_grounding ?? []).map((g) => sliceCodePoints(result.markdown, g.range.start, g.range.end));
    expect(lines).toEqual(['First line of the paragraph text', 'and its second line.']);
    const item = nodeByText(result, '- Apples');
    expect(item.atomic_grounding?.map((g) => sliceCodePoints(result.markdown, g.range.start, g.range.end))).toEqual(['- Apples']);
    const cell = nodeByText(result, '$3 &amp; &lt;b&gt;');
    expect(cell.type).toBe('table_cell');
  });

  it('boxes text within 0.5% of where it was drawn on an upright page', () => {
    for (const spec of [ASTRAL, TITLE]) {
      const box = nodeByText(result, spec === TITLE ? '# Report' : spec.text).grounding!.box;
      const expected = expectedMonoBox(pageOne, spec);
      for (const key of ['xmin', 'ymin', 'xmax', 'ymax'] as const) expect(Math.abs(box[key] - expected[key])).toBeLessThan(0.005);
    }
  });

  it('boxes text within 0.5% on a page shown with /Rotate 90 (the page as displayed)', () => {
    const node = nodeByText(result, ROTATED_TEXT.text);
    expect(node.grounding?.page).toBe(3);
    const expected = expectedMonoBox(pageThree, ROTATED_TEXT);
    for (const key of ['xmin', 'ymin', 'xmax', 'ymax'] as const)
      expect(Math.abs(node.grounding!.box[key] - expected[key])).toBeLessThan(0.005);
  });

  it('keeps boxes within 0–1 with at most 5 decimals, and page grounding on the whole page', () => {
    walk(result.structure, (n) => {
      for (const g of [n.grounding, ...(n.atomic_grounding ?? [])]) {
        if (!g) continue;
        for (const v of [g.box.xmin, g.box.ymin, g.box.xmax, g.box.ymax]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
          expect(Math.round(v * 1e5) / 1e5).toBe(v);
        }
      }
    });
    expect(result.structure.children?.[0]?.grounding?.box).toEqual({ xmin: 0, ymin: 0, xmax: 1, ymax: 1 });
  });

  it('puts atomic_grounding on leaf elements only, never on tables', () => {
    walk(result.structure, (n) => {
      if (n.type === 'table' || n.type === 'page' || n.type === 'document') expect(n.atomic_grounding).toBeUndefined();
      else expect(n.atomic_grounding?.length).toBeGreaterThan(0);
    });
  });
});

describe('parseDocument: options', () => {
  it('parses only the pages asked for, keeping their real numbers', async () => {
    const only = await parseDocument(bytes, { pages: [3, 2] });
    expect(only.structure.children?.map((p) => p.page)).toEqual([2, 3]);
    expect(only.metadata.page_count).toBe(2);
    expect(only.markdown.startsWith('<!-- page 2 -->\n\n## Columns')).toBe(true);
    expect(only.markdown).not.toContain('Report');
  });

  it('refuses page 0, pages past the end and unknown options with a validation error', async () => {
    await expect(parseDocument(bytes, { pages: [0] })).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('start at 1'),
    });
    await expect(parseDocument(bytes, { pages: [4] })).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('3 pages'),
    });
    await expect(parseDocument(bytes, { dpi: 300 })).rejects.toMatchObject({ code: 'validation_error' });
    await expect(parseDocument(bytes, { password: 'x' })).rejects.toMatchObject({ code: 'validation_error' });
  });

  it('omits atomic_grounding everywhere when atomic_grounding is false', async () => {
    const plain = await parseDocument(bytes, { atomic_grounding: false });
    walk(plain.structure, (n) => expect(n).not.toHaveProperty('atomic_grounding'));
    expect(plain.markdown).toBe(result.markdown);
  });

  it('adds inline markdown equal to each node’s range when inline_markdown is true', async () => {
    const inline = await parseDocument(bytes, { inline_markdown: true });
    expect(inline.structure.markdown).toBe(inline.markdown);
    let count = 0;
    walk(inline.structure, (n) => {
      if (!n.grounding) return;
      count++;
      expect(n.markdown).toBe(sliceCodePoints(inline.markdown, n.grounding.range.start, n.grounding.range.end));
    });
    expect(count).toBe(24);
    expect(result.structure).not.toHaveProperty('markdown');
  });
});
