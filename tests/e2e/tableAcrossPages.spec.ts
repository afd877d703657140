import { readFile } from 'node:fs/promises';
import { TABLE_HEADER, TABLE_ROWS, tableAcrossPagesPdf } from '../support/tablePdf.js';
import { expect, test } from './fixtures.js';
import { filesOnDisk } from './filesOnDisk.js';

// A table printed over three pages (header repeated on page 2, page 3 going straight on) is
// parsed offline into three table blocks; the Markdown panel offers them as one table whose
// cells each light their own box on their own page, by mouse and by keyboard, and export as one CSV.
const onDisk = filesOnDisk('table-across-pages');

test('a table across pages opens as one table: header once, rows in order, a cell lights its own page, one CSV', async ({
  page,
  preview,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('open-file').setInputFiles(await onDisk({ name: 'shipments.pdf', bytes: await tableAcrossPagesPdf() }));
  await expect(page.getByTestId('page-count')).toHaveText('of 3');
  await page.getByTestId('engine').selectOption('local');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('3 pages');

  const affordance = page.getByTestId('table-across-pages').first();
  await expect(affordance).toHaveText('Table continues on page 2 — view as one table');
  await page.screenshot({ path: test.info().outputPath('table-across-pages-affordance.png') });
  // Opened from the keyboard: the grid takes the focus, on the header's first cell.
  await affordance.focus();
  await page.keyboard.press('Enter');

  const table = page.getByTestId('logical-table');
  await expect(table.getByTestId('logical-table-summary')).toHaveText('One table across pages 1, 2, 3 · 9 rows · 3 columns');
  // The header once, then the nine rows in print order, each with the page it is printed on.
  await expect(table.getByTestId('lt-header').getByTestId('lt-cell')).toHaveText([...TABLE_HEADER]);
  await expect(table.getByTestId('lt-header').getByTestId('lt-cell').first()).toBeFocused();
  const rows = table.getByTestId('lt-row');
  await expect(rows).toHaveCount(TABLE_ROWS.length);
  for (const [k, row] of TABLE_ROWS.entries()) {
    await expect(rows.nth(k).getByTestId('lt-cell')).toHaveText([...row.cells]);
    await expect(rows.nth(k)).toHaveAttribute('data-page', String(row.page));
  }
  await expect(table.getByTestId('lt-page-break')).toHaveText([
    'Page 2: the header row repeated there is shown once, above',
    'Page 3: the table goes on without a header row',
  ]);

  // A click on a cell printed on page 2: the viewer goes there and lights that cell's own box.
  const cell = rows.nth(5).getByTestId('lt-cell').nth(1);
  await expect(cell).toHaveAttribute('data-page', '2');
  const cellId = (await cell.getAttribute('data-node-id'))!;
  await cell.click();
  await expect(cell).toHaveAttribute('data-selected', 'true');
  const box = page.locator(`[data-testid="page"][data-page="2"] [data-testid="box"][data-node-id="${cellId}"]`);
  await expect(box).toHaveAttribute('data-selected', 'true');
  await expect(box).toBeInViewport();
  await expect(page.locator('[data-testid="box"][data-selected="true"]')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('table-across-pages.png') });

  // Arrows move cell by cell and select as they go, across the page break to page 3.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const onPage3 = rows.nth(7).getByTestId('lt-cell').nth(1);
  await expect(onPage3).toBeFocused();
  await expect(onPage3).toHaveAttribute('data-selected', 'true');
  const page3Id = (await onPage3.getAttribute('data-node-id'))!;
  const page3Box = page.locator(`[data-testid="page"][data-page="3"] [data-testid="box"][data-node-id="${page3Id}"]`);
  await expect(page3Box).toHaveAttribute('data-selected', 'true');
  await expect(page3Box).toBeInViewport();
  await page.keyboard.press('ArrowRight');
  await expect(rows.nth(7).getByTestId('lt-cell').nth(2)).toHaveAttribute('data-selected', 'true');

  // One CSV: the header once, every row, quotes doubled, the formula-looking cell defused.
  const download = page.waitForEvent('download');
  await table.getByTestId('logical-table-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('shipments-table-p1-3.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toBe(
    [
      'Item,Region,Amount',
      'Widget 1,North,100',
      'Widget 2,North,200',
      'Widget 3,North,300',
      'Widget 4,North,400',
      'Widget 5,South,500',
      "Widget 6,'=SUM(A1:A9),600",
      'Widget 7,South,700',
      'Widget 8,"East, ""far""",800',
      'Widget 9,"East, ""far""",900',
      '',
    ].join('\r\n'),
  );

  // Esc goes back to the Markdown, where the selected cell's table block (page 3) is marked.
  await rows.nth(7).getByTestId('lt-cell').nth(2).press('Escape');
  await expect(table).toHaveCount(0);
  const block = page.locator('[data-testid="md-node"][data-selected="true"]');
  await expect(block).toHaveAttribute('data-page', '3');
  await expect(page.getByTestId('table-across-pages').filter({ hasText: 'Table continued from page 2' })).toBeVisible();
  void preview;
});

/**
 * A parse result of the same three pages as some services write one: page 1's table with a cell
 * spanning two rows, page 2's table with no table_cell children (HTML in its Markdown only).
 */
function spannedAndCelllessResult(): string {
  let markdown = '';
  const cp = () => Array.from(markdown).length;
  const write = (text: string) => {
    const start = cp();
    markdown += text;
    return { start, end: cp() };
  };
  const box = (top: number) => ({ xmin: 0.1, ymin: top, xmax: 0.9, ymax: top + 0.05 });
  const cells: unknown[] = [];
  const tableStart = cp();
  write('<table><tr>');
  ['Item', 'Region', 'Amount'].forEach((text, col) => {
    write('<th>');
    cells.push({
      id: `table_cell-${col}`,
      type: 'table_cell',
      row: 0,
      col,
      rowspan: 1,
      colspan: 1,
      grounding: { page: 1, range: write(text), box: box(0.1) },
    });
    write('</th>');
  });
  write('</tr>');
  const body: Array<Array<[string, number] | null>> = [
    [
      ['Widget 1', 1],
      ['North', 2],
      ['100', 1],
    ],
    [['Widget 2', 1], null, ['200', 1]],
  ];
  body.forEach((row, r) => {
    write('<tr>');
    row.forEach((cell, col) => {
      if (!cell) return;
      write(cell[1] > 1 ? `<td rowspan="${cell[1]}">` : '<td>');
      const range = write(cell[0]);
      cells.push({
        id: `table_cell-${cells.length}`,
        type: 'table_cell',
        row: r + 1,
        col,
        rowspan: cell[1],
        colspan: 1,
        grounding: { page: 1, range, box: { xmin: 0.1 + col * 0.3, ymin: 0.2 + r * 0.05, xmax: 0.35 + col * 0.3, ymax: 0.24 + r * 0.05 } },
      });
      write('</td>');
    });
    write('</tr>');
  });
  write('</table>');
  const table1 = {
    id: 'table-0',
    type: 'table',
    grounding: { page: 1, range: { start: tableStart, end: cp() }, box: box(0.1) },
    children: cells,
  };
  write('\n\n');
  const table2 = {
    id: 'table-1',
    type: 'table',
    grounding: {
      page: 2,
      range: write(
        '<table><tr><th>Item</th><th>Region</th><th>Amount</th></tr><tr><td>Widget 3</td><td>South</td><td>300</td></tr></table>',
      ),
      box: box(0.1),
    },
    children: [],
  };
  write('\n\n');
  const text3 = { id: 'text-0', type: 'text', grounding: { page: 3, range: write('The end.'), box: box(0.1) }, children: [] };
  const page = (n: number, children: unknown[]) => ({
    type: 'page',
    page: n,
    status: 'ok',
    reason: '',
    grounding: { page: n, range: { start: 0, end: cp() }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
    children,
  });
  return JSON.stringify({
    markdown,
    metadata: { page_count: 3, range_units: 'unicode_codepoints' },
    structure: { type: 'document', children: [page(1, [table1]), page(2, [table2]), page(3, [text3])] },
  });
}

test('a table across pages from an imported result: a cell spanning rows fills its slots, a table without cells joins and selects its block', async ({
  page,
  preview,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const pdf = await onDisk({ name: 'spans.pdf', bytes: await tableAcrossPagesPdf() }, 'spans');
  const result = await onDisk({ name: 'spans.json', bytes: new TextEncoder().encode(spannedAndCelllessResult()) }, 'spans');
  await page.getByTestId('import-result').setInputFiles([pdf, result]);
  await expect(page.getByTestId('page-count')).toHaveText('of 3');
  await page.getByTestId('table-across-pages').first().click();

  const table = page.getByTestId('logical-table');
  await expect(table.getByTestId('logical-table-summary')).toHaveText('One table across pages 1, 2 · 3 rows · 3 columns');
  const rows = table.getByTestId('lt-row');
  // Row 2's region is the cell above, spanning two rows: shown faint, a click selects that one cell.
  const spanned = rows.nth(1).getByTestId('lt-cell-spanned');
  await expect(spanned).toHaveText('North');
  await spanned.click();
  const north = rows.nth(0).getByTestId('lt-cell').nth(1);
  await expect(north).toHaveAttribute('data-selected', 'true');
  await expect(page.locator('[data-testid="page"][data-page="1"] [data-testid="box"][data-selected="true"]')).toHaveAttribute(
    'data-node-id',
    (await north.getAttribute('data-node-id'))!,
  );
  // Page 2's table has no cells of its own: read from its HTML, each cell selects the table block.
  const fromText = rows.nth(2).getByTestId('lt-cell');
  await expect(fromText).toHaveText(['Widget 3', 'South', '300']);
  await fromText.nth(2).click();
  await expect(page.locator('[data-testid="page"][data-page="2"] [data-testid="box"][data-node-id="table-1"]')).toHaveAttribute(
    'data-selected',
    'true',
  );
  await page.screenshot({ path: test.info().outputPath('C-table-spans.png') });

  const download = page.waitForEvent('download');
  await table.getByTestId('logical-table-csv').click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv).toBe(['Item,Region,Amount', 'Widget 1,North,100', 'Widget 2,North,200', 'Widget 3,South,300', ''].join('\r\n'));
  void preview;
});

/** Page 1: a table whose twenty cells each span 10⁹ rows and columns; page 2: a table nested in a cell; both without cell nodes. */
function hostileResult(): string {
  let markdown = '';
  const write = (text: string) => {
    const start = Array.from(markdown).length;
    markdown += text;
    return { start, end: Array.from(markdown).length };
  };
  const box = { xmin: 0.1, ymin: 0.1, xmax: 0.9, ymax: 0.3 };
  const hostile = `<table><tr>${'<td rowspan="1000000000" colspan="1000000000">x</td>'.repeat(20)}</tr></table>`;
  const table0 = { id: 'table-0', type: 'table', grounding: { page: 1, range: write(hostile), box }, children: [] };
  write('\n\n');
  const nested =
    '<table><tr><th>Item</th><th>Note</th></tr><tr><td>Kit</td><td>parts <table><tr><td>bolt</td></tr></table> inside</td></tr></table>';
  const table1 = { id: 'table-1', type: 'table', grounding: { page: 2, range: write(nested), box }, children: [] };
  const page = (n: number, children: unknown[]) => ({
    type: 'page',
    page: n,
    status: 'ok',
    reason: '',
    grounding: { page: n, range: { start: 0, end: Array.from(markdown).length }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
    children,
  });
  return JSON.stringify({
    markdown,
    metadata: { page_count: 3, range_units: 'unicode_codepoints' },
    structure: { type: 'document', children: [page(1, [table0]), page(2, [table1]), page(3, [])] },
  });
}

test('a hostile table (spans of 10⁹) does not take the window down: not joined, the pages still shown and walked', async ({
  page,
  preview,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const pdf = await onDisk({ name: 'hostile.pdf', bytes: await tableAcrossPagesPdf() }, 'hostile');
  const result = await onDisk({ name: 'hostile.json', bytes: new TextEncoder().encode(hostileResult()) }, 'hostile');
  await page.getByTestId('import-result').setInputFiles([pdf, result]);
  await expect(page.getByTestId('page-count')).toHaveText('of 3');
  await expect(page.getByTestId('md-page')).toHaveCount(3);
  // Walked in a hurry: every page shown, nothing joined, no crash screen.
  const next = page.getByRole('button', { name: 'Next page' });
  await next.click();
  await next.click();
  await expect(page.getByTestId('page-input')).toHaveValue('3');
  await page.getByTestId('md-node').first().click();
  await expect(page.getByTestId('table-across-pages')).toHaveCount(0);
  await expect(page.getByTestId('crash-screen')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('J-table-hostile.png') });
  void preview;
});
