import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LibraryEntry } from '../../shared/library.js';
import { invokeBridge } from '../support/preview.js';
import { expect, test } from './fixtures.js';

// Each line of the audit trail names the hash of the one before it: a decision changed on disk
// after it was written is found, and History says so on the entry after it, in words.
test('a decision edited in the trail file is shown in History as a break in the chain', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  const [entry] = await invokeBridge<LibraryEntry[]>(preview, 'library:list', {});
  const documentId = entry!.document.id;
  const parse = entry!.results.find((r) => r.kind === 'parse')!;
  const text = '{"extraction": {"total": "12.00", "number": "INV-7", "due": "2026-01-31"}, "extraction_metadata": {}, "metadata": {}}';
  await invokeBridge(preview, 'results:import', { documentId, fileName: 'chain.json', text, sourceResultId: parse.id });
  await page.reload();
  await page.getByTestId('library-document').filter({ hasText: 'invoice.pdf' }).click();
  await page.getByTestId('library-result').filter({ hasText: 'extract' }).click();

  const row = (name: string) => page.locator(`[data-testid="field"][data-field="${name}"]`);
  for (const name of ['total', 'number', 'due']) {
    await row(name).click();
    await row(name).getByTestId('field-accept').click();
    await expect(row(name)).toHaveAttribute('data-status', 'accepted');
  }
  await page.getByTestId('tab-history').click();
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  await expect(page.getByTestId('history-chain-break')).toHaveCount(0);
  await expect(entries.nth(0)).toHaveAttribute('data-chain', 'intact');

  // Someone turns the accept of "number" into a rejection by hand.
  const file = join(preview.dataDir, 'workspace', 'audit', `${documentId}.jsonl`);
  const lines = (await readFile(file, 'utf8')).split('\n');
  lines[1] = lines[1]!.replace('"after":{"status":"accepted"', '"after":{"status":"rejected"');
  await writeFile(file, lines.join('\n'));

  await page.getByTestId('tab-markdown').click();
  await page.getByTestId('tab-history').click();
  await expect(entries.nth(1)).toHaveAttribute('data-action', 'accepted'); // the action word was left alone; the chain tells
  const due = entries.nth(0);
  await expect(due).toHaveAttribute('data-field', 'due');
  await expect(due).toHaveAttribute('data-chain', 'broken');
  await expect(due.getByTestId('history-chain-break')).toHaveText(
    'The entry before this one was changed, removed or moved after this one was written.',
  );
  await expect(page.getByTestId('history-chain-summary')).toContainText('The trail was changed after it was written');
  await expect(entries.nth(2)).toHaveAttribute('data-chain', 'intact');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/aud/history-broken.png' });
});
