import { describe, expect, it } from 'vitest';
import {
  MAX_COLUMNS,
  MAX_SPAN,
  MAX_TEXT_CELLS,
  MAX_TEXT_SLOTS,
  tableOfText,
  type TextTable,
} from '../../../../shared/grounding/tableText.js';

const texts = (markdown: string) =>
  (tableOfText(markdown) as TextTable | null)?.rows.map((row) => row.map((c) => `${c.row}:${c.col} ${c.text}`));

describe('a table read from its own Markdown', () => {
  it('HTML: cells placed as a browser does, spans reserving the slots below and beside', () => {
    const html =
      '<table><tr><th>Group</th><th colspan="2">Figures</th></tr>' +
      '<tr><td rowspan=2>A &amp; B</td><td>1</td><td>2</td></tr><tr><td>3</td><td><b>4</b></td></tr></table>';
    expect(texts(html)).toEqual([
      ['0:0 Group', '0:1 Figures'],
      ['1:0 A & B', '1:1 1', '1:2 2'],
      ['2:1 3', '2:2 4'],
    ]);
    const table = tableOfText(html) as TextTable;
    expect(table.headerMarked).toBe(true);
    expect(table.rows[1]![0]).toMatchObject({ rowspan: 2, colspan: 1 });
    expect(table.rows[0]![1]).toMatchObject({ rowspan: 1, colspan: 2 });
  });

  it('HTML without closing tags, and with <td> only: no header marked', () => {
    const table = tableOfText('<table><tr><td>x<td>y<tr><td>1<td>2</table>') as TextTable;
    expect(table.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
    expect(table.headerMarked).toBe(false);
  });

  it('Markdown pipe tables: the row above the --- line is the header; escaped pipes stay in the cell', () => {
    const table = tableOfText('| Item | Note |\n|:---|---:|\n| a | x \\| y |\n| b | **z** |\n') as TextTable;
    expect(table.headerMarked).toBe(true);
    expect(table.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Item', 'Note'],
      ['a', 'x | y'],
      ['b', 'z'],
    ]);
    expect((tableOfText('| 1 | 2 |\n| 3 | 4 |') as TextTable).headerMarked).toBe(false);
  });

  it('text with no table in it is none', () => {
    expect(tableOfText('Just a paragraph.')).toBeNull();
    expect(tableOfText('<table></table>')).toBeNull();
  });
});

describe('a hostile table is bounded before the work is done', () => {
  it('twenty cells spanning 10⁹ rows and columns: refused as too wide, no slot by slot bookkeeping', () => {
    const cells = Array.from({ length: 20 }, () => '<td rowspan=1000000000 colspan=1000000000>x</td>').join('');
    expect(tableOfText(`<table><tr>${cells}</tr></table>`)).toEqual({ refused: `more than ${MAX_COLUMNS} columns` });
  });

  it('a span is at most MAX_SPAN', () => {
    const table = tableOfText('<table><tr><td rowspan=1000000000>a</td><td>b</td></tr><tr><td>c</td></tr></table>') as TextTable;
    expect(table.rows[0]![0]).toMatchObject({ rowspan: MAX_SPAN });
    expect(table.rows[1]![0]).toMatchObject({ col: 1, text: 'c' });
  });

  it('a wide row over many empty rows: refused past MAX_TEXT_SLOTS', () => {
    const wide = `<tr>${'<td>x</td>'.repeat(MAX_COLUMNS)}</tr>`;
    const rows = Math.ceil(MAX_TEXT_SLOTS / MAX_COLUMNS) + 1;
    expect(tableOfText(`<table>${wide}${'<tr>'.repeat(rows)}</table>`)).toEqual({ refused: expect.stringMatching(/cells$/) });
  });

  it('at most MAX_TEXT_CELLS cells are read', () => {
    const table = tableOfText(`<table>${'<tr><td>x</td></tr>'.repeat(MAX_TEXT_CELLS + 5)}</table>`) as TextTable;
    expect(table.rows.flat()).toHaveLength(MAX_TEXT_CELLS);
  });

  it('a pipe table wider than MAX_COLUMNS is refused', () => {
    expect(tableOfText(`|${' a |'.repeat(MAX_COLUMNS + 1)}`)).toEqual({ refused: `more than ${MAX_COLUMNS} columns` });
  });
});

describe('HTML as a browser reads it', () => {
  it('a nested table is text of its cell, and the outer table goes on after it', () => {
    const html =
      '<table><tr><td>a<table><tr><td>in</td><td>ner</td></tr></table>b</td><td>c</td></tr><tr><td>d</td><td>e</td></tr></table>';
    expect(texts(html)).toEqual([
      ['0:0 a in ner b', '0:1 c'],
      ['1:0 d', '1:1 e'],
    ]);
  });

  it('tags in any case; <tr> inside an attribute is not a row; numeric entities decoded', () => {
    expect(texts('<TABLE><TR><TD title="<tr><td>">a &#8212; &#x41;&nbsp;</TD><Td>b</tD></TR></TABLE>')).toEqual([['0:0 a — A', '0:1 b']]);
  });

  it('a cell spanning rows and columns reserves every column it covers in the rows below', () => {
    expect(texts('<table><tr><td rowspan=2 colspan=2>a</td><td>b</td></tr><tr><td>c</td></tr></table>')).toEqual([
      ['0:0 a', '0:2 b'],
      ['1:2 c'],
    ]);
  });
});
