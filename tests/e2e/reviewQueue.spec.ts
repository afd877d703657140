import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import type { Page } from '@playwright/test';
import type { QueueSummary, QueueView } from '../../shared/ipc/queues.js';
import { invokeBridge, type RunningPreview } from '../support/preview.js';
import { expect, test } from './fixtures.js';

// A review queue over four documents with offline extractions, worked with the keyboard: each
// opens at its first undecided field, Enter goes on once all are decided, a document deleted
// meanwhile is skipped and said, a reload resumes at the same place, and every decision is in
// the document's History with the OS user, exportable as CSV.

const SCHEMA = { type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'string' } } };
const NAMES = ['first.pdf', 'second.pdf', 'third.pdf', 'fourth.pdf'];

/** Four documents (the sample invoice, each copy with its own trailing comment so its bytes differ), each parsed and extracted offline. */
async function fourExtractedDocuments(preview: RunningPreview): Promise<void> {
  const invoice = await readFile('resources/samples/invoice.pdf');
  for (const [i, name] of NAMES.entries()) {
    const bytes = Buffer.concat([invoice, Buffer.from(`\n% copy ${i}\n`)]).toString('base64');
    const document = await invokeBridge(preview, 'documents:import', { name, bytes: { $bytes: bytes } });
    const parsed = await invokeBridge<{ result: { id: string } }>(preview, 'runs:parse', {
      engine: 'local',
      runId: crypto.randomUUID(),
      documentId: document.id,
    });
    await invokeBridge(preview, 'runs:extract', { engine: 'local', resultId: parsed.result.id, schema: SCHEMA });
  }
}

/** The document the Review screen shows, by its library entry. */
const expectOpen = (page: Page, name: string) =>
  expect(page.locator('.library-entry.active [data-testid="library-document"]')).toHaveAttribute('data-document-name', name);
const fieldRow = (page: Page, name: string) => page.locator(`[data-testid="field"][data-field="${name}"]`);

test('review queue: worked by keyboard across documents, a deleted one skipped and said, resumed after a reload, every decision in History and its CSV', async ({
  page,
  launchPreview,
}) => {
  test.setTimeout(120_000);
  const preview = await launchPreview();
  await fourExtractedDocuments(preview);
  await page.goto(preview.url);
  await expect(page.getByTestId('library-document')).toHaveCount(4);

  // Start from the library: the kinds say what they are.
  await page.getByTestId('queue-start-toggle').click();
  await expect(page.getByTestId('queue-start')).toContainText('Not yet reviewed');
  await expect(page.getByTestId('queue-start')).toContainText('A batch');
  if (process.env.GROUNDWORK_SHOTS) await page.screenshot({ path: `${process.env.GROUNDWORK_SHOTS}/review-queue-start.png` });
  await page.getByTestId('queue-kind-all').check();
  await page.getByTestId('queue-create').click();
  const progress = page.getByTestId('queue-progress');
  await expect(progress).toHaveText('Document 1 of 4 · 0 of 8 fields decided');
  const [summary] = await invokeBridge<QueueSummary[]>(preview, 'queues:list', {});
  const queue = await invokeBridge<QueueView>(preview, 'queues:get', { queueId: summary!.id });
  const order = queue.items.map((i) => i.name);
  expect([...order].sort()).toEqual([...NAMES].sort());
  if (process.env.GROUNDWORK_SHOTS) await page.screenshot({ path: `${process.env.GROUNDWORK_SHOTS}/review-queue.png` });

  // Document 1 opens at its first undecided field: a accepts and moves on, Enter accepts the last one.
  await expectOpen(page, order[0]!);
  await expect(fieldRow(page, 'invoice_number')).toBeFocused();
  await page.keyboard.press('a');
  await expect(fieldRow(page, 'invoice_number')).toHaveAttribute('data-status', 'accepted');
  await page.keyboard.press('Enter');
  await expect(fieldRow(page, 'total')).toHaveAttribute('data-status', 'accepted');
  await expect(progress).toHaveText('Document 1 of 4 · 2 of 8 fields decided');
  await expect(page.getByTestId('queue-status')).toContainText('Enter for the next document');

  // Every field decided: Enter goes to document 2, at its first field.
  await page.keyboard.press('Enter');
  await expect(progress).toHaveText('Document 2 of 4 · 2 of 8 fields decided');
  await expectOpen(page, order[1]!);
  await expect(fieldRow(page, 'invoice_number')).toBeFocused();
  await page.keyboard.press('a');
  await page.keyboard.press('a');
  await expect(progress).toHaveText('Document 2 of 4 · 4 of 8 fields decided');

  // Document 3 is deleted from the library while the queue is on document 2.
  const third = page.locator(`[data-testid="library-entry"]:has([data-document-name="${order[2]}"])`);
  await third.getByTestId('library-delete-document').click();
  await third.getByTestId('library-confirm-delete').click();
  await expect(page.getByTestId('library-document')).toHaveCount(3);

  // The impatient reviewer: Next and a reject at once. The reject never lands on document 2 (it
  // is held while the queue moves, or decides document 4's first field once it is on screen).
  await page.getByTestId('queue-next').click();
  await page.keyboard.press('r');
  await expectOpen(page, order[3]!);
  await expect(page.getByTestId('queue-gone')).toHaveText('1 document in this queue was deleted; skipped');
  await expect(progress).toContainText('Document 4 of 4 · ');
  await expect(progress).toContainText(' of 6 fields decided');
  const second = await invokeBridge<{ entries: Array<{ action: string }> }>(preview, 'audit:list', {
    documentId: queue.items[1]!.documentId,
    limit: 10,
  });
  expect(second.entries.map((e) => e.action)).toEqual(['accepted', 'accepted']);

  // A reload: the queue is offered where it was, and resumes there.
  await page.reload();
  await expect(page.getByTestId('queue-resume')).toHaveText('Resume queue: 4 of 4');
  await page.getByTestId('queue-resume').click();
  await expectOpen(page, order[3]!);
  await expect(progress).toContainText('Document 4 of 4 · ');
  await expect(page.getByTestId('queue-gone')).toBeVisible();
  // Decide what is left on document 4 with the keyboard, once it is there to decide: deciding
  // keys are ignored while the queue moves, and the move ends at the first undecided field, focused.
  // (The reject above may have decided its first field already.)
  await expect(page.locator('[data-testid="field"]:focus')).toHaveCount(1);
  for (let i = 0; i < 2 && !(await progress.textContent())!.includes('6 of 6'); i++) {
    const before = (await progress.textContent())!;
    await page.keyboard.press('a');
    await expect(progress).not.toHaveText(before);
  }
  await expect(progress).toHaveText('Document 4 of 4 · 6 of 6 fields decided');
  await expect(page.getByTestId('queue-status')).toHaveText('End of the queue: every document has been through.');
  await expect(page.getByTestId('queue-next')).toBeDisabled();
  if (process.env.GROUNDWORK_SHOTS) await page.screenshot({ path: `${process.env.GROUNDWORK_SHOTS}/review-queue-end.png` });

  // History of document 4: newest first, each with the OS user; then the CSV.
  await page.getByTestId('tab-history').click();
  const entries = page.getByTestId('history-entry');
  const user = userInfo().username;
  await expect(entries.first()).toContainText(user);
  const count = await entries.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(entries.first()).toHaveAttribute('data-action', 'accepted');
  if (process.env.GROUNDWORK_SHOTS) await page.screenshot({ path: `${process.env.GROUNDWORK_SHOTS}/review-queue-history.png` });
  const download = page.waitForEvent('download');
  await page.getByTestId('history-export-csv').click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const rows = csv.split('\r\n').filter(Boolean);
  expect(rows[0]).toBe(
    'time,user,document,result,field,action,status before,value before,note before,status after,value after,note after,failing rules,saved,rules hash,chain',
  );
  expect(rows).toHaveLength(count + 1);
  for (const row of rows.slice(1)) {
    const cells = row.split(',');
    expect(cells.at(-1)).toBe('intact'); // every line names the one before it, untouched
    expect(cells[1]).toBe(user);
    expect(cells[2]).toBe(queue.items[3]!.documentId);
    expect(cells[3]).toBe(queue.items[3]!.extractionId);
  }
  expect(rows.slice(1).map((r) => r.split(',')[4])).toContain('total');

  // Ending the queue: it is no longer offered.
  await page.getByTestId('queue-end').click();
  await expect(page.getByTestId('queue-bar')).toHaveCount(0);

  // The open document deleted while its History shows: the tab lets go of its trail, no crash.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await expect(entries.first()).toBeVisible();
  const open = page
    .getByTestId('library-entry')
    .filter({ has: page.locator(`[data-testid="library-document"][data-document-name="${order[3]!}"]`) });
  await open.getByTestId('library-delete-document').click();
  await open.getByTestId('library-confirm-delete').click();
  await expect(page.getByTestId('library-document')).toHaveCount(2);
  await expect(page.getByTestId('history-entry')).toHaveCount(0);
  await expect(page.getByTestId('crash-screen')).toHaveCount(0);
  expect(pageErrors).toEqual([]);

  await page.reload();
  await expect(page.getByTestId('library-document')).toHaveCount(2);
  await expect(page.getByTestId('queue-resume')).toHaveCount(0);

  // Two open queues: the newest is offered, the older one is still there to resume.
  const older = await invokeBridge<QueueView>(preview, 'queues:create', { kind: 'all' });
  await invokeBridge<QueueView>(preview, 'queues:create', { kind: 'listed', documentIds: [queue.items[0]!.documentId], filter: '' });
  await page.reload();
  await expect(page.getByTestId('queue-resume')).toHaveText('Resume queue: 1 of 1');
  await page.getByTestId('queue-resume-others').locator('summary').click();
  await expect(page.getByTestId('queue-resume-others')).toContainText('1 other open queue');
  if (process.env.GROUNDWORK_SHOTS) await page.screenshot({ path: `${process.env.GROUNDWORK_SHOTS}/review-queue-offers.png` });
  await page.getByTestId('queue-resume-other').click();
  await expect(page.getByTestId('queue-bar')).toContainText('Every document with an extraction');
  await expect(progress).toContainText(`of ${older.items.length} · `);
});
