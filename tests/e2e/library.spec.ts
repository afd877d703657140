import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { addEmulatorV2Key, expect, test } from './fixtures.js';
import { openForParseJob } from './jobsHelpers.js';

// Problem 10: "The library only grows: every run adds a line, nothing can be deleted, five
// near-identical entries for one document, long names cut with no way to read them."

const LONG_NAME = 'Quarterly résumé of the regional operations for the board of directors, final version with all appendices.pdf';

/** A document's entry in the library, by its full name. */
function entry(page: Page, name: string) {
  return page
    .locator('[data-testid="library-entry"]')
    .filter({ has: page.locator(`[data-testid="library-document"][data-document-name="${name}"]`) });
}

test('the library groups runs per document and engine, deletes into a trash that restores, filters, and shows full names', async ({
  page,
  preview,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the sample, parsed offline
  await page
    .getByTestId('open-file')
    .setInputFiles({ name: LONG_NAME, mimeType: 'application/pdf', buffer: await readFile('resources/samples/report.pdf') });
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  const report = entry(page, LONG_NAME);
  await expect(report).toContainText('PDF · 4 pages');

  // The offline engine three times on one document: one entry, the latest run first, the two before folded.
  for (let run = 1; run <= 3; run++) {
    await page.getByTestId('run').click();
    await expect(report.getByTestId('library-document')).toContainText(`${run} result`);
  }
  await expect(page.locator(`[data-testid="library-document"][data-document-name="${LONG_NAME}"]`)).toHaveCount(1);
  await expect(report.getByTestId('library-result')).toHaveCount(1);
  await expect(report.getByTestId('library-earlier')).toHaveText(/2 earlier/);
  await report.getByTestId('library-earlier').click();
  await expect(report.getByTestId('library-result')).toHaveCount(3);
  await expect(report.getByTestId('library-earlier')).toHaveAttribute('aria-expanded', 'true');

  // The full name is there to read: on hover (title) and in the text, which wraps instead of being cut.
  await expect(report.getByTestId('library-document')).toHaveAttribute('title', LONG_NAME);
  await expect(report.locator('.library-doc-name')).toHaveText(LONG_NAME);

  // Filter: by name, ignoring case and accents.
  await page.getByTestId('library-filter').fill('RESUME');
  await expect(page.getByTestId('library-document')).toHaveCount(1);
  await expect(page.getByTestId('library-document')).toHaveAttribute('data-document-name', LONG_NAME);
  await page.getByTestId('library-filter').fill('invoice');
  await expect(page.getByTestId('library-document')).toHaveAttribute('data-document-name', 'invoice.pdf');
  await page.getByTestId('library-filter').fill('nothing like this');
  await expect(page.getByTestId('library-no-match')).toBeVisible();
  await page.getByTestId('library-filter').fill('');
  await expect(page.getByTestId('library-document')).toHaveCount(2);

  // Delete the latest result: the confirmation says what goes, and Cancel (or Escape) keeps it.
  await report.getByTestId('library-delete-result').first().click();
  await expect(report.getByTestId('library-confirm-message')).toHaveText(
    /^This parse result \(local, .*\) goes to the trash; restorable for 30 days\.$/,
  );
  await expect(report.getByTestId('library-confirm-delete')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(report.getByTestId('library-confirm')).toHaveCount(0);
  await expect(report.getByTestId('library-delete-result').first()).toBeFocused();
  await report.getByTestId('library-delete-result').first().click();
  await report.getByTestId('library-confirm-delete').click();
  await expect(report.getByTestId('library-document')).toContainText('2 results');
  await expect(page.getByTestId('library-trash-toggle')).toHaveText('Trash (1)');

  // Delete the document: it and its two remaining results go.
  await report.getByTestId('library-delete-document').click();
  await expect(report.getByTestId('library-confirm-message')).toHaveText(
    `${LONG_NAME} and its 2 results go to the trash; restorable for 30 days.`,
  );
  await report.getByTestId('library-confirm-delete').click();
  await expect(report).toHaveCount(0);
  await expect(page.getByTestId('library-document')).toHaveCount(1);

  // The trash lists both, with the days left; restoring brings them back.
  await page.getByTestId('library-trash-toggle').click();
  const trashed = page.getByTestId('trash-entry');
  await expect(trashed).toHaveCount(2);
  await expect(trashed.first()).toContainText('document and 2 results · 30 days left');
  await expect(trashed.nth(1)).toContainText('parse · local result · 30 days left');
  await trashed.first().getByTestId('trash-restore').click();
  await expect(trashed).toHaveCount(1);
  await trashed.first().getByTestId('trash-restore').click();
  await expect(page.getByTestId('library-trash-empty')).toBeVisible();
  await page.getByTestId('library-trash-toggle').click();
  await expect(report.getByTestId('library-document')).toContainText('3 results');

  // The sample's parse result with an extraction made from it: both go together, and the confirmation says so.
  const invoice = entry(page, 'invoice.pdf');
  await invoice.getByTestId('library-document').click();
  await invoice.getByTestId('library-result').first().click();
  await page.getByTestId('extract-run').click();
  await expect(invoice.getByTestId('library-document')).toContainText('2 results');
  await invoice
    .locator('[data-testid="library-result"]', { hasText: 'parse · local' })
    .locator('..')
    .getByTestId('library-delete-result')
    .click();
  await expect(invoice.getByTestId('library-confirm-message')).toHaveText(
    /and its 1 extraction go to the trash; restorable for 30 days\.$/,
  );
  await invoice.getByTestId('library-confirm-delete').click();
  await expect(invoice.getByTestId('library-result')).toHaveCount(0);
  void preview;
});

test('a job that finishes on another document shows as a badge on its entry, until that document is opened', async ({
  page,
  preview,
  emulator,
}) => {
  await openForParseJob(page, emulator, 'long', 3);
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 1500, processingMs: 1500 }, times: 1 });
  await page.getByTestId('run').click();
  await expect(page.getByTestId('workspace-job')).toHaveAttribute('data-job-id', /^parse-/);

  // Another document is open when the job finishes: the news waits on long.pdf's entry.
  await entry(page, 'invoice.pdf').getByTestId('library-document').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  const badge = entry(page, 'long.pdf').getByTestId('library-badge');
  await expect(badge).toHaveText('1 new', { timeout: 20_000 });
  await expect(entry(page, 'invoice.pdf').getByTestId('library-badge')).toHaveCount(0);

  await entry(page, 'long.pdf').getByTestId('library-document').click();
  await expect(badge).toHaveCount(0);
  void preview;
});

test('deleting a document while a cloud call runs on it says the run is cancelled and its result not kept', async ({
  page,
  preview,
  emulator,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the sample invoice, parsed offline
  await addEmulatorV2Key(page, emulator);
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('engine-options-toggle').click();
  await page.getByTestId('parse-mode').selectOption('sync');
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    body: JSON.stringify({ fault: { kind: 'latency', ms: 3000 }, match: { path: '/v2/parse' }, times: 1 }),
  });
  await page.getByTestId('run').click();

  const invoice = entry(page, 'invoice.pdf');
  await invoice.getByTestId('library-delete-document').click();
  await expect(invoice.getByTestId('library-confirm-message')).toContainText(
    'A run is under way on it: deleting cancels the run, and its result is not kept',
  );
  await invoice.getByTestId('library-confirm-cancel').click();

  // Kept, the run lands; then the same question has nothing to warn of.
  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');
  await invoice.getByTestId('library-delete-document').click();
  await expect(invoice.getByTestId('library-confirm-message')).toHaveText(
    'invoice.pdf and its 2 results go to the trash; restorable for 30 days.',
  );
  void preview;
});
