import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LibraryEntry } from '../../shared/library.js';
import { invokeBridge } from '../support/preview.js';
import { expect, test } from './fixtures.js';

// Fields are named by the extraction, so `__proto__` and `constructor` are names like any
// other: decided in review mode, kept, and listed in History. A line of the audit trail that
// does not read (changed outside the app) is shown in History as unreadable, not left out.
test('fields named __proto__ and constructor are reviewed and recorded; an unreadable trail line is shown', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const [entry] = await invokeBridge<LibraryEntry[]>(preview, 'library:list', {});
  const documentId = entry!.document.id;
  const parse = entry!.results.find((r) => r.kind === 'parse')!;
  // Written as JSON text: an object literal's `__proto__` would set the prototype, not a key.
  const text = '{"extraction": {"__proto__": "12.00", "constructor": "INV-7"}, "extraction_metadata": {}, "metadata": {}}';
  await invokeBridge(preview, 'results:import', { documentId, fileName: 'odd-names.json', text, sourceResultId: parse.id });
  await page.reload();
  await page.getByTestId('library-document').filter({ hasText: 'invoice.pdf' }).click();
  await page.getByTestId('library-result').filter({ hasText: 'extract' }).click();

  const row = (name: string) => page.locator(`[data-testid="field"][data-field="${name}"]`);
  await expect(row('__proto__')).toBeVisible();
  await expect(row('constructor')).toBeVisible();
  for (const name of ['__proto__', 'constructor']) {
    await row(name).click();
    await row(name).getByTestId('field-accept').click();
    await expect(row(name)).toHaveAttribute('data-status', 'accepted');
  }

  await page.getByTestId('tab-history').click();
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toHaveAttribute('data-field', 'constructor');
  await expect(entries.nth(1)).toHaveAttribute('data-field', '__proto__');
  await expect(page.getByTestId('history-unreadable')).toHaveCount(0);

  // A line changed by hand: shown where it stands, and the count says so.
  await appendFile(join(preview.dataDir, 'workspace', 'audit', `${documentId}.jsonl`), '{"not": "an entry"}\n');
  await page.getByTestId('tab-markdown').click();
  await page.getByTestId('tab-history').click();
  await expect(page.getByTestId('history-unreadable')).toHaveCount(1);
  await expect(page.getByTestId('history-unreadable')).toContainText('Unreadable line');
  await expect(page.getByTestId('history')).toContainText('2 decisions recorded · 1 unreadable line');
  await expect(entries).toHaveCount(2);
});
