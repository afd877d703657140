import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const NAMES = ['invoice_number', 'date', 'due_date', 'total'];
const SCHEMA = { type: 'object', properties: Object.fromEntries(NAMES.map((name) => [name, { type: 'string' }])) };
const row = (page: Page, name: string) => page.locator(`[data-testid="field"][data-field="${name}"]`);

test('rules across fields: a rule that does not parse shows its line and column, pass/fail marks, a failing rule lights all its fields, blocks accept, and goes in the export', async ({
  page,
  preview,
}) => {
  // The sample invoice, parsed and extracted offline.
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await page.getByTestId('extract-run').click();
  await expect(page.getByTestId('field')).toHaveCount(NAMES.length);
  await expect(row(page, 'invoice_number')).toContainText('INV-2024-0042');

  // One passing rule, one failing, one that does not parse.
  // Folded until the schema has rules; the summary opens it.
  const input = page.getByTestId('rules-input');
  await expect(input).toBeHidden();
  await page.getByTestId('rules-toggle').click();
  await expect(input).toBeEnabled();
  await input.fill('pattern invoice_number /^INV-\\d{4}-\\d+$/\nbefore due_date < date\nrange total 0..');
  const parseError = page.getByTestId('rules-error');
  await expect(parseError).toHaveCount(1);
  await expect(parseError).toContainText('line 3, column 16: expected an upper bound after “..”');
  await expect(page.getByTestId('rules-save')).toBeDisabled();
  await expect(page.getByTestId('rules-save')).toHaveAttribute('title', /line 3, column 16/);
  // The error puts the cursor where the problem is.
  await parseError.click();
  await expect(input).toBeFocused();
  expect(await input.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe((await input.inputValue()).length);

  // Marks: the rules that parse already run; the two fields of the failing one say so.
  const results = page.getByTestId('rule-result');
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toHaveAttribute('data-status', 'pass');
  await expect(results.nth(1)).toHaveAttribute('data-status', 'fail');
  await expect(results.nth(1)).toContainText('due_date “2024-04-14” is not before date “2024-03-15”');
  await expect(row(page, 'invoice_number').getByTestId('field-rule-mark')).toHaveAttribute('data-status', 'pass');
  await expect(row(page, 'due_date').getByTestId('field-rule-mark')).toHaveAttribute('data-status', 'fail');
  await expect(row(page, 'date').getByTestId('field-rule-mark')).toHaveAttribute('data-status', 'fail');
  await expect(row(page, 'total').getByTestId('field-rule-mark')).toHaveCount(0);

  // Fix the bad line and save: kept for this schema in the workspace.
  await input.fill('pattern invoice_number /^INV-\\d{4}-\\d+$/\nbefore due_date < date\nrange total 0..100000');
  await expect(parseError).toHaveCount(0);
  await page.getByTestId('rules-save').click();
  await expect(page.getByTestId('rules-summary')).toHaveText('2 pass · 1 fail');

  // The failing rule selects both its fields: both rows, both values' boxes on the page.
  await results.nth(1).getByRole('button').click();
  await expect(row(page, 'due_date')).toHaveAttribute('data-rule-selected', 'true');
  await expect(row(page, 'date')).toHaveAttribute('data-rule-selected', 'true');
  await expect(row(page, 'total')).not.toHaveAttribute('data-rule-selected', 'true');
  await expect(page.getByTestId('selection-text')).toHaveText(/2024-03-15.*2024-04-14|2024-04-14.*2024-03-15/);
  expect(await page.getByTestId('field-box').count()).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: '/tmp/shots/rules.png' });

  // Block accept while a rule on the field fails; the button says which rule.
  const accept = row(page, 'due_date').getByTestId('field-accept');
  await expect(accept).toBeEnabled();
  await page.getByTestId('rules-block-review').check();
  await expect(accept).toBeDisabled();
  await expect(accept).toHaveAttribute('title', /line 2 “before due_date < date”/);
  await expect(row(page, 'total').getByTestId('field-accept')).toBeEnabled();
  // The keys too: a on the selected field is refused, and the bar says why.
  await row(page, 'due_date').click();
  await expect(page.getByTestId('review-blocked')).toContainText('before due_date < date');
  await page.keyboard.press('a');
  await row(page, 'total').click();
  await page.keyboard.press('a');
  await expect(row(page, 'total')).toHaveAttribute('data-status', 'accepted');
  await expect(row(page, 'due_date')).toHaveAttribute('data-status', 'unreviewed');

  // With the block off, accepting the failing field is an override: main records it so, naming the rule.
  await page.getByTestId('rules-block-review').uncheck();
  await accept.click();
  await expect(row(page, 'due_date')).toHaveAttribute('data-status', 'accepted');
  await page.getByTestId('tab-history').click();
  const newest = page.getByTestId('history-entry').first();
  await expect(newest).toHaveAttribute('data-action', 'override');
  await expect(newest).toHaveAttribute('data-field', 'due_date');
  await expect(newest).toContainText('accepted (override)');
  await expect(newest).toContainText('line 2: before due_date < date');
  await expect(page.getByTestId('history-entry').nth(1)).toHaveAttribute('data-action', 'accepted');
  await page.screenshot({ path: '/tmp/shots/F-history-override.png' });

  // The JSON export carries every rule with its result and the values it used.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-review-json').click();
  const exported = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
  expect(exported.rules).toEqual([
    expect.objectContaining({ line: 1, status: 'pass', values: [{ path: 'invoice_number', value: 'INV-2024-0042' }] }),
    expect.objectContaining({
      line: 2,
      rule: 'before due_date < date',
      status: 'fail',
      values: [
        { path: 'due_date', value: '2024-04-14' },
        { path: 'date', value: '2024-03-15' },
      ],
      fields: ['due_date', 'date'],
    }),
    expect.objectContaining({ line: 3, status: 'pass', values: [{ path: 'total', value: '$1,242.00' }] }),
  ]);

  // Saved per schema, keyed by its content: after a reload the same schema, its keys in another order, brings them back.
  await page.reload();
  await page.getByTestId('library-result').filter({ hasText: 'extract' }).first().click();
  await expect(page.getByTestId('field')).toHaveCount(NAMES.length);
  await page.locator('.schema-editor > summary').click();
  await page.getByTestId('schema-input').fill(JSON.stringify({ properties: SCHEMA.properties, type: 'object' }));
  await expect(page.getByTestId('rules-input')).toHaveValue(/range total 0\.\.100000/);
  await expect(page.getByTestId('rules-summary')).toHaveText('2 pass · 1 fail');
  void preview;
});
