import { expect, test } from './fixtures.js';

test('a fresh data folder opens the sample parsed offline; a click on a box highlights its Markdown, and back', async ({
  page,
  preview,
}) => {
  // First launch: no key, the engine defaults to local and the sample opens with its result.
  await expect(page.getByTestId('engine')).toHaveValue('local');
  await expect(page.locator('[data-testid="page"][data-page="1"] canvas[data-rendered="true"]')).toBeVisible();
  const box = page.locator('[data-testid="box"][data-node-id="text-0"]');
  await expect(box).toBeVisible();

  await box.click();
  const mdNode = page.locator('[data-testid="md-node"][data-node-id="text-0"]');
  await expect(mdNode).toHaveAttribute('data-selected', 'true');
  await expect(box).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('selection-text')).toHaveText('Invoice number: INV-2024-0042');
  await expect(page.getByTestId('selection-page')).toHaveText('1');
  await expect(mdNode).toContainText('Invoice number: INV-2024-0042');

  // The other way: a Markdown block selects its box.
  const total = page.locator('[data-testid="md-node"]', { hasText: 'Total: $1,242.00' });
  await total.click();
  const totalId = await total.getAttribute('data-node-id');
  await expect(page.locator(`[data-testid="box"][data-node-id="${totalId}"]`)).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('selection-text')).toHaveText('Total: $1,242.00');

  // A table cell box selects the cell, and the Markdown shows its table.
  const cell = page.locator('[data-testid="box"][data-type="table_cell"]', { hasText: '' }).first();
  await cell.click();
  const cellId = await cell.getAttribute('data-node-id');
  expect(cellId).toMatch(/^table_cell-\d+$/);
  await expect(page.locator('[data-testid="md-node"][data-type="table"]')).toHaveAttribute('data-selected', 'true');

  // Keyboard: next node, Esc clears.
  await page.locator('body').press('Escape');
  await expect(page.getByTestId('selection-text')).toHaveText('');
  await page.locator('body').press('j');
  await expect(page.locator('[data-testid="md-node"][data-selected="true"]')).toHaveCount(1);

  // The raw view marks exactly the selected characters.
  await box.click();
  await page.getByTestId('md-raw-toggle').check();
  await expect(page.getByTestId('md-raw-selected')).toHaveText('Invoice number: INV-2024-0042');
  void preview;
});

test('the sample reopens from the library after a restart, without parsing again', async ({ page, launchPreview }) => {
  let preview = await launchPreview();
  await page.goto(preview.url);
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await expect(page.getByTestId('library-result')).toHaveCount(1);
  await preview.stop();

  preview = await launchPreview();
  await page.goto(preview.url);
  await expect(page.getByTestId('library-result')).toHaveCount(1);
  await page.getByTestId('library-result').click();
  await page.locator('[data-testid="box"][data-node-id="text-1"]').click();
  await expect(page.getByTestId('selection-text')).toHaveText('Date: 2024-03-15');
});

test('offline extraction: click a field to see its exact text, page and box; the panel says it is a heuristic', async ({
  page,
  preview,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('extract-run').click();
  await expect(page.getByTestId('extract-note')).toContainText('not the cloud model');

  const total = page.locator('[data-testid="field"][data-field="total"]');
  await expect(total).toContainText('$1,242.00');
  await total.click();
  await expect(total).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('selection-text')).toHaveText('$1,242.00');
  await expect(page.getByTestId('selection-page')).toHaveText('1');
  const box = page.locator('[data-testid="box"][data-selected="true"]');
  await expect(box).toHaveCount(1);
  await expect(page.locator('[data-testid="md-node"][data-selected="true"]')).toContainText('Total: $1,242.00');

  // n / p walk the fields.
  await page.locator('body').press('n');
  await expect(page.locator('[data-testid="field"][data-selected="true"]')).toHaveCount(1);

  // The extraction is kept: it is there again after a reload.
  await page.reload();
  await page.getByTestId('library-result').first().click();
  await expect(page.locator('[data-testid="field"][data-field="invoice_number"]')).toContainText('INV-2024-0042');
  void preview;
});

test('with no key, the cloud engines say how to add one and cannot run', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('engine').selectOption('parse');
  await expect(page.getByTestId('engine-hint')).toContainText('needs a v2 parse key');
  await expect(page.getByTestId('run')).toHaveAttribute('title', /needs a v2 parse key/);
  await expect(page.getByTestId('run')).toBeDisabled();
  await page.getByTestId('engine-hint').getByRole('button').click();
  await expect(page.getByTestId('key-name')).toBeVisible();
  void preview;
});
