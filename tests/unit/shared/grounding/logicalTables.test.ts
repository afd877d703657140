import { describe, expect, it } from 'vitest';
import type { ParseResponse, StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { logicalTableCsv, logicalTables, neighbourPages } from '../../../../shared/grounding/logicalTables.js';
import { buildParseModel } from '../../../../shared/grounding/parseModel.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { TABLE_HEADER, TABLE_ROWS, tableAcrossPagesPdf } from '../../../support/tablePdf.js';

/** What a page holds, top to bottom: a table (rows of cell texts, `th` for a header row of `<th>` cells), text or marginalia. */
type Block =
  | {
      table: Array<Array<string | null>>;
      th?: boolean;
      /** `"row:col"` → rowspan; the slots it covers below are null in `table`. */
      rowspans?: Record<string, number>;
      /** `"row:col"` → colspan; the slots it covers beside are null in `table`. */
      colspans?: Record<string, number>;
      /** No table_cell children: the table only in the block's Markdown, as HTML or (`pipe`) a Markdown pipe table. */
      noCells?: boolean;
      pipe?: boolean;
    }
  | { text: string }
  | { marginalia: string };

/** A parse response of these pages, written as the service writes one: HTML tables, a table_cell node per cell with its own box. */
function resultOf(pages: Block[][]): ParseResponse {
  let markdown = '';
  const counters = new Map<string, number>();
  const id = (type: string) => {
    const n = counters.get(type) ?? 0;
    counters.set(type, n + 1);
    return `${type}-${n}`;
  };
  const write = (text: string) => {
    const start = Array.from(markdown).length;
    markdown += text;
    return { start, end: Array.from(markdown).length };
  };
  const children = pages.map((blocks, p): StructureNode => {
    const page = p + 1;
    if (p > 0) write('\n\n');
    const pageStart = Array.from(markdown).length;
    const nodes = blocks.map((block, b): StructureNode => {
      if (b > 0) write('\n\n');
      const box = { xmin: 0.1, ymin: 0.1 + b * 0.1, xmax: 0.9, ymax: 0.15 + b * 0.1 };
      if ('text' in block) return { id: id('text'), type: 'text', grounding: { page, range: write(block.text), box }, children: [] };
      if ('marginalia' in block)
        return { id: id('marginalia'), type: 'marginalia', grounding: { page, range: write(block.marginalia), box }, children: [] };
      const start = Array.from(markdown).length;
      const cells: StructureNode[] = [];
      if (block.pipe) {
        block.table.forEach((row, r) => {
          write(`| ${row.join(' | ')} |\n`);
          if (r === 0) write(`|${row.map(() => '---').join('|')}|\n`);
        });
      } else write('<table>');
      if (!block.pipe)
        block.table.forEach((row, r) => {
          write('<tr>');
          const tag = r === 0 && block.th ? 'th' : 'td';
          row.forEach((text, c) => {
            if (text === null) return;
            const rowspan = block.rowspans?.[`${r}:${c}`] ?? 1;
            const colspan = block.colspans?.[`${r}:${c}`] ?? 1;
            write(`<${tag}${rowspan > 1 ? ` rowspan="${rowspan}"` : ''}${colspan > 1 ? ` colspan="${colspan}"` : ''}>`);
            const range = write(text);
            write(`</${tag}>`);
            const cellBox = { xmin: 0.1 + c * 0.2, ymin: 0.2 + r * 0.02, xmax: 0.28 + c * 0.2, ymax: 0.21 + r * 0.02 };
            cells.push({
              id: id('table_cell'),
              type: 'table_cell',
              row: r,
              col: c,
              rowspan,
              colspan,
              grounding: { page, range, box: cellBox },
            });
          });
          write('</tr>');
        });
      if (!block.pipe) write('</table>');
      return {
        id: id('table'),
        type: 'table',
        grounding: { page, range: { start, end: Array.from(markdown).length }, box },
        children: block.noCells || block.pipe ? [] : cells,
      };
    });
    const range = { start: pageStart, end: Array.from(markdown).length };
    return {
      type: 'page',
      page,
      status: 'ok',
      reason: '',
      grounding: { page, range, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
      children: nodes,
    };
  });
  return { markdown, metadata: { page_count: pages.length }, structure: { type: 'document', children } };
}

const HEADER = ['Item', 'Qty', 'Price'];
const rowsOf = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => [`Item ${from + k}`, `${from + k}`, `${(from + k) * 10}`]);
const texts = (row: { cells: Array<{ text: string } | null> }) => row.cells.map((c) => c?.text ?? '');
const found = (pages: Block[][]) => logicalTables(buildParseModel(resultOf(pages)));

describe('tables that cross pages', () => {
  it('joins a table whose header row repeats on the next pages, the repeats dropped and every cell keeping its node, page and box', () => {
    const { tables, byTableId } = found([
      [{ text: 'Orders' }, { table: [HEADER, ...rowsOf(1, 2)] }, { marginalia: '1' }],
      [{ marginalia: 'Orders, continued' }, { table: [['item ', ' QTY', 'Price'], ...rowsOf(3, 4)] }, { marginalia: '2' }],
      [{ table: [HEADER, ...rowsOf(5, 5)] }],
    ]);
    expect(tables).toHaveLength(1);
    const table = tables[0]!;
    expect(texts(table.header)).toEqual(HEADER);
    expect(table.rows.map((r) => texts(r)[0])).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4', 'Item 5']);
    expect(table.rows.map((r) => r.page)).toEqual([1, 1, 2, 2, 3]);
    expect(table.parts.map((p) => [p.tableId, p.page, p.join])).toEqual([
      ['table-0', 1, 'first'],
      ['table-1', 2, 'repeated_header'],
      ['table-2', 3, 'repeated_header'],
    ]);
    const onPage2 = table.rows[2]!.cells[1]!;
    expect(onPage2).toMatchObject({ nodeId: 'table_cell-13', text: '3', page: 2, row: 1, col: 1 });
    expect(onPage2.box?.page).toBe(2);
    expect(onPage2.box?.left).toBeCloseTo(0.3, 6);
    expect(onPage2.box?.top).toBeCloseTo(0.22, 6);
    expect(byTableId.get('table-1')).toBe(table);
    expect(neighbourPages(table, 'table-0')).toEqual({ next: 2, previous: null });
    expect(neighbourPages(table, 'table-2')).toEqual({ next: null, previous: 2 });
  });

  it('does not join tables with different header rows', () => {
    expect(
      found([
        [{ table: [HEADER, ...rowsOf(1, 2)] }],
        [
          {
            table: [
              ['Name', 'Role', 'Since'],
              ['Ada', 'Chair', '2020'],
            ],
            th: true,
          },
        ],
      ]).tables,
    ).toEqual([]);
    // Not marked as a header, but a heading before the second table says it is another one.
    expect(
      found([
        [{ table: [HEADER, ...rowsOf(1, 2)] }],
        [
          { text: 'Staff' },
          {
            table: [
              ['Name', 'Role', 'Since'],
              ['Ada', 'Chair', '2020'],
            ],
          },
        ],
      ]).tables,
    ).toEqual([]);
  });

  it('lets a short caption stand before a repeated header, but not text, and not a note after the first part', () => {
    const caption = found([[{ table: [HEADER, ...rowsOf(1, 2)] }], [{ text: 'Orders (continued)' }, { table: [HEADER, ...rowsOf(3, 3)] }]]);
    expect(caption.tables[0]?.rows.map((r) => texts(r)[0])).toEqual(['Item 1', 'Item 2', 'Item 3']);
    // A form that prints its own small table under a heading and text on every page: not one table.
    const text = 'Each page of this statement lists the orders of one branch, with the quantities and prices agreed for the year.';
    expect(found([[{ table: [HEADER, ...rowsOf(1, 2)] }], [{ text }, { table: [HEADER, ...rowsOf(3, 3)] }]]).tables).toEqual([]);
    expect(
      found([[{ table: [HEADER, ...rowsOf(1, 2)] }], [{ text: 'Orders' }, { text: 'More' }, { table: [HEADER, ...rowsOf(3, 3)] }]]).tables,
    ).toEqual([]);
    expect(
      found([[{ table: [HEADER, ...rowsOf(1, 2)] }, { text: '* prices in EUR' }], [{ table: [HEADER, ...rowsOf(3, 3)] }]]).tables,
    ).toEqual([]);
  });

  it('does not join tables on pages that are not consecutive, nor a table that is not the last of its page', () => {
    expect(
      found([[{ table: [HEADER, ...rowsOf(1, 2)] }], [{ text: 'A page between' }], [{ table: [HEADER, ...rowsOf(3, 4)] }]]).tables,
    ).toEqual([]);
    expect(found([[{ table: [HEADER, ...rowsOf(1, 2)] }, { table: [['a', 'b', 'c']] }], [{ table: rowsOf(3, 4) }]]).tables).toHaveLength(1);
    expect(found([[{ table: [HEADER, ...rowsOf(1, 2)] }, { table: [['a', 'b', 'c']] }], [{ table: rowsOf(3, 4) }]]).tables[0]!.id).toBe(
      'table-1',
    );
  });

  it('joins a continuation without a repeated header when it has the same columns right at the top of the next page', () => {
    const { tables } = found([
      [{ table: [HEADER, ...rowsOf(1, 2)] }, { marginalia: 'page 1' }],
      [{ marginalia: 'Report' }, { table: rowsOf(3, 4) }],
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.parts.map((p) => p.join)).toEqual(['first', 'continued']);
    expect(tables[0]!.rows.map((r) => texts(r)[0])).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4']);
    // Not at the top of the page, not the same column count, or text after the first part: separate tables.
    expect(found([[{ table: [HEADER, ...rowsOf(1, 2)] }], [{ text: 'Note' }, { table: rowsOf(3, 4) }]]).tables).toEqual([]);
    expect(found([[{ table: [HEADER, ...rowsOf(1, 2)] }], [{ table: [['x', 'y']] }]]).tables).toEqual([]);
    expect(found([[{ table: [HEADER, ...rowsOf(1, 2)] }, { text: 'Total: 30' }], [{ table: rowsOf(3, 4) }]]).tables).toEqual([]);
  });

  it('does not join two different tables at the top of consecutive pages whose header rows are both unmarked words', () => {
    // As the offline engine writes them: `<td>` cells only, so no header is marked; B's first row of words is its own header.
    const staff = [
      ['Name', 'Role', 'Since'],
      ['Ada', 'Chair', '2020'],
    ];
    expect(found([[{ table: [HEADER, ...rowsOf(1, 2)] }], [{ table: staff }]]).tables).toEqual([]);
    expect(
      found([
        [{ table: [HEADER, ...rowsOf(1, 2)] }, { marginalia: '1' }],
        [{ marginalia: 'Report' }, { table: staff }],
      ]).tables,
    ).toEqual([]);
    // A first row of words with a header marked `<th>` in the first part: the marking says which is a header, so B goes on.
    const marked = found([[{ table: [HEADER, ...rowsOf(1, 2)], th: true }], [{ table: [['Item 3', 'three', 'thirty'], ...rowsOf(4, 4)] }]]);
    expect(marked.tables[0]?.parts.map((p) => p.join)).toEqual(['first', 'continued']);
    // An empty header cell does not make a row of words a data row.
    expect(
      found([
        [{ table: [['', 'Qty', 'Price'], ...rowsOf(1, 2)] }],
        [
          {
            table: [
              ['', 'Role', 'Since'],
              ['Ada', 'Chair', '2020'],
            ],
          },
        ],
      ]).tables,
    ).toEqual([]);
  });

  it('exports one CSV: the header once, rows in order, quoted, and no cell a spreadsheet would run', () => {
    const { tables } = found([[{ table: [HEADER, ['Bolts, "M4"', '=1+2', '-5']] }], [{ table: [HEADER, ['@Nuts', '+', '3.5']] }]]);
    expect(logicalTableCsv(tables[0]!)).toBe('Item,Qty,Price\r\n"Bolts, ""M4""",\'=1+2,-5\r\n\'@Nuts,\'+,3.5\r\n');
  });

  it('a cell spanning rows: the slots below point to it, the CSV repeats it there, and it keeps its one node', () => {
    const { tables } = found([
      [{ table: [HEADER, ['Bolts', '1', '10'], ['Nuts', '2', '20']], th: true }],
      [{ table: [HEADER, ['Washers', '3', '30'], [null, '4', '40'], [null, '5', '50']], th: true, rowspans: { '1:0': 3 } }],
    ]);
    const table = tables[0]!;
    const washers = table.rows[2]!.cells[0]!;
    expect(washers).toMatchObject({ text: 'Washers', rowspan: 3, page: 2 });
    // The two rows it covers: no cell of their own there, the spanning one's node and box.
    expect(table.rows.slice(3).map((r) => [r.cells[0], r.spannedFrom[0]?.nodeId])).toEqual([
      [null, washers.nodeId],
      [null, washers.nodeId],
    ]);
    expect(table.rows[2]!.spannedFrom).toEqual([null, null, null]);
    expect(logicalTableCsv(table)).toBe('Item,Qty,Price\r\nBolts,1,10\r\nNuts,2,20\r\nWashers,3,30\r\nWashers,4,40\r\nWashers,5,50\r\n');
  });

  it('a cell spanning rows and columns covers every column it spans in the rows below; the CSV fills them', () => {
    const { tables } = found([
      [{ table: [HEADER, ['Bolts', '1', '10']], th: true }],
      [{ table: [HEADER, ['Kit', null, '30'], [null, null, '40']], th: true, rowspans: { '1:0': 2 }, colspans: { '1:0': 2 } }],
    ]);
    const table = tables[0]!;
    expect(table.rows[2]!.spannedFrom.map((c) => c?.text ?? null)).toEqual(['Kit', 'Kit', null]);
    expect(logicalTableCsv(table).split('\r\n')[3]).toBe('Kit,Kit,40');
  });

  it('a span ends where its rows end: the row after it has its own empty slot', () => {
    const { tables } = found([
      [{ table: [HEADER, ['A', '1', '10'], [null, '2', '20'], [null, '3', '30']], rowspans: { '1:0': 2 } }],
      [{ table: [HEADER, ['B', '4', '40']] }],
    ]);
    expect(tables[0]!.rows.map((r) => r.spannedFrom[0]?.text ?? null)).toEqual([null, 'A', null, null]);
  });

  it('tables sent without table_cell children are read from their HTML and join; each cell selects its table block', () => {
    const { tables } = found([
      [{ table: [HEADER, ...rowsOf(1, 2)], th: true, noCells: true }],
      [{ table: [HEADER, ...rowsOf(3, 3)], th: true, noCells: true }],
    ]);
    expect(tables).toHaveLength(1);
    const table = tables[0]!;
    expect(texts(table.header)).toEqual(HEADER);
    expect(table.rows.map((r) => texts(r))).toEqual(rowsOf(1, 3));
    expect(table.parts.map((p) => [p.tableId, p.join])).toEqual([
      ['table-0', 'first'],
      ['table-1', 'repeated_header'],
    ]);
    expect(table.rows[2]!.cells[1]).toMatchObject({ nodeId: 'table-1', page: 2, text: '3' });
    expect(table.rows[2]!.cells[1]!.box?.page).toBe(2);
  });

  it('tables sent as Markdown pipe tables join too, a header-less continuation included', () => {
    const { tables } = found([[{ table: [HEADER, ...rowsOf(1, 2)], pipe: true }], [{ table: rowsOf(3, 4), noCells: true }]]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.map((r) => texts(r)[0])).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4']);
    expect(tables[0]!.parts.map((p) => p.join)).toEqual(['first', 'continued']);
  });

  it('joins the offline engine’s three tables of a PDF whose table runs over three pages', async () => {
    const model = buildParseModel(await parseDocument(await tableAcrossPagesPdf()));
    const { tables } = logicalTables(model);
    expect(tables).toHaveLength(1);
    expect(texts(tables[0]!.header)).toEqual(TABLE_HEADER);
    expect(tables[0]!.rows.map(texts)).toEqual(TABLE_ROWS.map((r) => r.cells));
    expect(tables[0]!.rows.map((r) => r.page)).toEqual(TABLE_ROWS.map((r) => r.page));
    expect(tables[0]!.parts.map((p) => p.join)).toEqual(['first', 'repeated_header', 'continued']);
  });
});
