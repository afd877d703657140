import { fieldRowAt } from '../support/fieldRows.js';
import { lineItem, lineItemsDocument } from './lineItems.js';
import { expect, test } from './fixtures.js';

test.describe.configure({ timeout: 180_000 });

// An extraction of 1,000 line items, three fields each: the Fields panel draws only the rows near
// its view, and a field selected anywhere, or being corrected, is never lost to that.
test('3,000 fields: the list draws the rows near its view, the keys reach the last one, a correction survives its row scrolled away', async ({
  page,
  preview,
}) => {
  const { files, write } = await lineItemsDocument();
  const extract = await write(
    'items.json',
    Array.from({ length: 1000 }, (_, k) => lineItem(k)),
  );

  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('import-result').setInputFiles([files.pdf, files.parse, extract]);
  const list = page.getByTestId('fields');
  await expect(list).toHaveAttribute('data-count', '3000');
  const drawn = await page.getByTestId('field').count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(120);

  // p with nothing selected: the last field, drawn, selected, focused and in the list's view.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('p');
  const selected = page.locator('[data-testid="field"][data-selected="true"]');
  await expect(selected).toHaveCount(1);
  await expect(selected.locator('xpath=../..')).toHaveAttribute('data-index', '2999');
  await expect(selected).toBeInViewport();
  await expect(selected).toBeFocused();
  const path = (await selected.getAttribute('data-field'))!;
  const row = page.locator(`[data-testid="field"][data-field="${path}"]`);

  // The list scrolled away from the selected row (it leaves the DOM): c opens its corrector all
  // the same, drawn, in view and focused.
  await list.evaluate((element) => (element.scrollTop = 0));
  await expect(row).toHaveCount(0);
  await page.keyboard.press('c');
  const editor = row.getByTestId('field-corrected-value');
  await expect(editor).toBeFocused();
  await expect(editor).toBeInViewport();
  // What is typed stays when the list scrolls far away and back; the editor has the focus again, and Enter saves it.
  await editor.fill('corrected far away');
  await row.getByTestId('field-note').fill('checked on paper');
  await list.evaluate((element) => (element.scrollTop = 0));
  await expect(row).toHaveCount(0);
  await expect(page.locator('[data-testid="fields"] [data-index="0"]')).toBeInViewport();
  await fieldRowAt(page, 2999);
  await expect(editor).toHaveValue('corrected far away');
  await expect(row.getByTestId('field-note')).toHaveValue('checked on paper');
  await expect(editor).toBeFocused();
  // c pressed again (the focus elsewhere) on the open corrector keeps what was typed.
  await editor.evaluate((input) => input.blur());
  await page.keyboard.press('c');
  await expect(editor).toHaveValue('corrected far away');
  await editor.click();
  await page.keyboard.press('Enter');
  // Saved; review mode moves on to the first unreviewed field, at the top of the list.
  await expect(selected.locator('xpath=../..')).toHaveAttribute('data-index', '0');
  await expect(selected).toBeInViewport();
  await fieldRowAt(page, 2999);
  await expect(row).toHaveAttribute('data-status', 'corrected');
  await expect(row.getByTestId('field-corrected')).toHaveText('→ corrected far away');

  // n, pressed 40 times from the first field, walks down the list: the selected row stays in view.
  await (await fieldRowAt(page, 0)).click();
  for (let i = 0; i < 40; i++) await page.keyboard.press('n');
  await expect(selected.locator('xpath=../..')).toHaveAttribute('data-index', '40');
  await expect(selected).toBeInViewport();
  void preview;
});
