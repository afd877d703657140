import { expect, test, showCloudParseOptions } from './fixtures.js';
import { INVOICE_SCHEMA as SCHEMA } from './invoiceSchema.js';

// The whole cloud path: a word-level model's parse from the emulator (one scored segment per word),
// a cloud extract on it, and the fields ranked by their weakest word.
test('a dpt-3-verity parse and extract from the service: each field names its weakest word; a pro parse says it has no scores', async ({
  page,
  preview,
  emulator,
}) => {
  await showCloudParseOptions(page, emulator);
  await page.getByTestId('engine-model').selectOption('dpt-3-verity');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-verity');

  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await page.getByTestId('extract-run').click();
  const fields = page.getByTestId('field');
  await expect(fields).toHaveCount(3);
  // Every found field has a score from the service's words, and none reads 0 % or 100 %.
  const scores = page.locator('[data-testid="field-confidence"][data-confidence]');
  await expect(scores).toHaveCount(3);
  for (const score of await scores.all()) await expect(score).not.toHaveText(/^(⚠ )?(0|100) %$/);

  // Sorted lowest first, the top field's score is the lowest, and selecting it names and outlines its weakest word.
  await page.getByTestId('fields-sort').selectOption('confidence');
  const values = await Promise.all((await scores.all()).map(async (s) => Number(await s.getAttribute('data-confidence'))));
  expect(values).toEqual([...values].sort((a, b) => a - b));
  await fields.first().click();
  await expect(page.getByTestId('field-weakest-word')).toBeVisible();
  // The mark follows the threshold: the fields under it are counted and flagged.
  const low = values.filter((v) => v < 0.96).length;
  expect(low).toBeGreaterThan(0);
  await page.getByTestId('confidence-threshold').fill('96');
  await expect(page.getByTestId('low-confidence-count')).toContainText(`${low} field${low === 1 ? '' : 's'} below 96 %`);
  await expect(page.locator('.field-confidence-low')).toHaveCount(low);
  await page.screenshot({ path: 'test-results/screens/verity-emulator.png' });

  // The line-level family sends no scores: the panel says so instead of a number.
  await page.getByTestId('engine-model').selectOption('dpt-3-pro');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');
  await page.getByTestId('extract-run').click();
  await expect(page.getByTestId('fields-no-confidence')).toContainText('no confidence from this model');
  void preview;
});
