import { describe, expect, it } from 'vitest';
import { tableOfText } from '../../../../shared/grounding/tableText.js';

const texts = (markdown: string) => tableOfText(markdown)?.rows.map((row) => row.map((c) => `${c.row}:${c.col} ${c.text}`));

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
    const table = tableOfText(html)!;
    expect(table.headerMarked).toBe(true);
    expect(table.rows[1]![0]).toMatchObject({ rowspan: 2, colspan: 1 });
    expect(table.rows[0]![1]).toMatchObject({ rowspan: 1, colspan: 2 });
  });

  it('HTML without closing tags, and with <td> only: no header marked', () => {
    const table = tableOfText('<table><tr><td>x<td>y<tr><td>1<td>2</table>')!;
    expect(table.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
    expect(table.headerMarked).toBe(false);
  });

  it('Markdown pipe tables: the row above the --- line is the header; escaped pipes stay in the cell', () => {
    const table = tableOfText('| Item | Note |\n|:---|---:|\n| a | x \\| y |\n| b | **z** |\n')!;
    expect(table.headerMarked).toBe(true);
    expect(table.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Item', 'Note'],
      ['a', 'x | y'],
      ['b', 'z'],
    ]);
    expect(tableOfText('| 1 | 2 |\n| 3 | 4 |')!.headerMarked).toBe(false);
  });

  it('text with no table in it is none', () => {
    expect(tableOfText('Just a paragraph.')).toBeNull();
    expect(tableOfText('<table></table>')).toBeNull();
  });
});
