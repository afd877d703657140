import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// Problem 8 of "Reviewing is slow": the Fields panel showed about 3 fields, a third of it a
// notice; a / Enter did nothing; the export had no page or box per field. This walks the
// sample's offline extraction the way a reviewer does, with the keyboard only.
const NAMES = ['invoice_number', 'date', 'due_date', 'purchase_order', 'subtotal', 'tax', 'total', 'payment_terms', 'bill_to', 'iban'];
const SCHEMA = { type: 'object', properties: Object.fromEntries(NAMES.map((name) => [name, { type: 'string' }])) };

const row = (page: Page, name: string) => page.locator(`[data-testid="field"][data-field="${name}"]`);

/** Rows wholly inside the list's visible area. */
async function fullyVisibleRows(page: Page): Promise<number> {
  return page.getByTestId('fields').evaluate((list) => {
    const box = list.getBoundingClientRect();
    return [...list.querySelectorAll('[data-testid="field"]')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= box.top - 1 && b.bottom <= box.bottom + 1;
    }).length;
  });
}

async function expectStatus(field: Locator, status: string) {
  await expect(field).toHaveAttribute('data-status', status);
}

test('keyboard review: a / c / r / u / n / p decide and move, the panel shows the fields and resizes, the export carries page, box and text', async ({
  page,
  preview,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await page.getByTestId('extract-run').click();
  await expect(page.getByTestId('field')).toHaveCount(NAMES.length);

  // Room for the fields at 1400×900: the notice folds to one line, at least 8 rows show.
  await expect(page.getByTestId('fields-notices')).not.toHaveAttribute('open', '');
  await expect(page.getByTestId('fields-notices').locator('summary')).toContainText('1 note');
  expect(await fullyVisibleRows(page)).toBeGreaterThanOrEqual(8);

  // Review mode is on by default with an extraction; the keys are listed on screen.
  await expect(page.getByTestId('review-mode')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('review-keys')).toContainText('accept');

  // a accepts and moves on to the next unreviewed field, which takes the focus.
  await row(page, 'invoice_number').click();
  await page.keyboard.press('a');
  await expectStatus(row(page, 'invoice_number'), 'accepted');
  await expect(row(page, 'date')).toBeFocused();
  await expect(row(page, 'date')).toHaveAttribute('data-selected', 'true');

  // c opens the corrector with the model's value; Enter saves it as corrected.
  await page.keyboard.press('c');
  const editor = row(page, 'date').getByTestId('field-corrected-value');
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue('2024-03-15');
  await editor.fill('2024-03-16');
  await page.keyboard.press('Enter');
  await expectStatus(row(page, 'date'), 'corrected');
  await expect(row(page, 'date').getByTestId('field-corrected')).toContainText('2024-03-16');
  await expect(row(page, 'due_date')).toBeFocused();

  // Esc cancels the corrector: nothing decided, focus back on the row.
  await page.keyboard.press('c');
  await expect(row(page, 'due_date').getByTestId('field-corrected-value')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row(page, 'due_date').getByTestId('field-corrected-value')).toHaveCount(0);
  await expectStatus(row(page, 'due_date'), 'unreviewed');
  await expect(row(page, 'due_date')).toBeFocused();

  // r rejects; u takes it back and returns to that field.
  await page.keyboard.press('r');
  await expectStatus(row(page, 'due_date'), 'rejected');
  await expect(row(page, 'purchase_order')).toBeFocused();
  await page.keyboard.press('u');
  await expectStatus(row(page, 'due_date'), 'unreviewed');
  await expect(row(page, 'due_date')).toBeFocused();

  // n / p and j / k move without deciding; Enter accepts.
  await page.keyboard.press('n');
  await expect(row(page, 'purchase_order')).toBeFocused();
  await page.keyboard.press('p');
  await page.keyboard.press('p');
  await expect(row(page, 'date')).toBeFocused();
  await page.keyboard.press('j');
  await expect(row(page, 'due_date')).toBeFocused();
  await page.keyboard.press('Enter');
  await expectStatus(row(page, 'due_date'), 'accepted');
  await expect(row(page, 'purchase_order')).toBeFocused();
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(row(page, 'date')).toBeFocused();

  // Undo restores exactly what was there: accepting the corrected date, then u, gives the correction back.
  await page.keyboard.press('a');
  await expectStatus(row(page, 'date'), 'accepted');
  await page.keyboard.press('u');
  await expectStatus(row(page, 'date'), 'corrected');
  await expect(row(page, 'date').getByTestId('field-corrected')).toContainText('2024-03-16');

  // From the last field the next unreviewed one is found by wrapping round.
  await row(page, 'iban').click();
  await page.keyboard.press('r');
  await expectStatus(row(page, 'iban'), 'rejected');
  await expect(row(page, 'purchase_order')).toBeFocused();
  await expect(page.getByTestId('review-progress')).toHaveText(`4 of ${NAMES.length} reviewed · 1 corrected · 1 rejected`);

  // Review mode off: a decides nothing.
  await page.getByTestId('review-mode').click();
  await row(page, 'subtotal').click();
  await page.keyboard.press('a');
  await expect(page.getByTestId('review-progress')).toHaveText(`4 of ${NAMES.length} reviewed · 1 corrected · 1 rejected`);
  await expectStatus(row(page, 'subtotal'), 'unreviewed');
  await page.getByTestId('review-mode').click();

  // Enter pressed the moment a moves the selection (before the next frame) accepts the field it
  // moved to: the focus moves with the selection, not a frame later (Enter on the row it left
  // selected that row again and accepted it a second time).
  await row(page, 'subtotal').click();
  const movedTo = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const press = (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
        const observer = new MutationObserver(() => {
          const selected = document.querySelector<HTMLElement>('[data-testid="field"][data-selected="true"]');
          if (!selected || selected.dataset.field === 'subtotal') return;
          observer.disconnect();
          press('Enter');
          resolve(selected.dataset.field!);
        });
        observer.observe(document.querySelector('[data-testid="fields"]')!, {
          subtree: true,
          attributes: true,
          attributeFilter: ['data-selected'],
        });
        press('a');
      }),
  );
  expect(movedTo).toBe('tax');
  await expectStatus(row(page, 'subtotal'), 'accepted');
  await expectStatus(row(page, 'tax'), 'accepted');

  // The handle resizes the Fields panel: a drag, then the keyboard; the height is remembered.
  const section = page.locator('section.fields-section');
  const handle = page.getByTestId('fields-resizer');
  const before = (await section.boundingBox())!.height;
  const grip = (await handle.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2, grip.y - 120, { steps: 5 });
  await page.mouse.up();
  const dragged = (await section.boundingBox())!.height;
  expect(dragged).toBeGreaterThan(before + 90);
  const share = Number(await handle.getAttribute('aria-valuenow'));
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  await expect(handle).toHaveAttribute('aria-valuenow', String(share - 5));
  await page.reload();
  await page.getByTestId('library-result').first().click();
  await expect(page.getByTestId('fields-resizer')).toHaveAttribute('aria-valuenow', String(share - 5));

  // The exports carry, per field, its page(s), box(es) and the exact source text.
  const jsonDownload = page.waitForEvent('download');
  await page.getByTestId('export-review-json').click();
  const exported = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8'));
  const total = exported.fields.find((f: { field: string }) => f.field === 'total');
  expect(total).toMatchObject({ model_value: '$1,242.00', pages: [1], source_text: '$1,242.00' });
  expect(total.boxes.length).toBeGreaterThan(0);
  for (const box of total.boxes) {
    expect(box.page).toBe(1);
    expect(0 <= box.left && box.left < box.right && box.right <= 1 && 0 <= box.top && box.top < box.bottom && box.bottom <= 1).toBe(true);
  }
  expect(exported.fields.find((f: { field: string }) => f.field === 'date')).toMatchObject({
    status: 'corrected',
    reviewer_value: '2024-03-16',
    source_text: '2024-03-15',
    pages: [1],
  });
  expect(exported.fields.find((f: { field: string }) => f.field === 'iban')).toMatchObject({
    status: 'rejected',
    pages: [],
    boxes: [],
    source_text: '',
  });

  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('export-review-csv').click();
  const csv = (await readFile((await (await csvDownload).path())!, 'utf8')).split('\r\n');
  expect(csv[0]).toBe('field,model_value,status,reviewer_value,note,pages,boxes,source_text');
  expect(csv.find((line) => line.startsWith('total,'))).toMatch(
    /^total,"\$1,242\.00",unreviewed,,,1,"p1:\d\.\d{3},\d\.\d{3},\d\.\d{3},\d\.\d{3}(; p1:[\d.,]+)*","\$1,242\.00"$/,
  );
  void preview;
});

test('c pressed before the frame that focuses the next field opens the corrector, which keeps the focus', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await page.getByTestId('extract-run').click();
  await expect(page.getByTestId('field')).toHaveCount(NAMES.length);
  await row(page, 'invoice_number').click();

  // Frames come late, as on a busy machine: a moves on to the next field (focused at once, and
  // again once drawn, a frame later), and c comes before that frame.
  await page.evaluate(() => {
    const frame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => frame(() => setTimeout(() => frame(callback), 400));
  });
  await page.keyboard.press('a');
  await expect(row(page, 'date')).toBeFocused();
  await page.keyboard.press('c');
  const editor = row(page, 'date').getByTestId('field-corrected-value');
  await expect(editor).toBeFocused();
  // Once the late frame has come and gone, the focus is still in the corrector.
  await page.waitForTimeout(1_000);
  await expect(editor).toBeFocused();
  // (the model's value selected on opening: typing replaces it)
  await page.keyboard.type('2024-03-17');
  await expect(editor).toHaveValue('2024-03-17');
  void preview;
});
