import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { addEmulatorV2Key, expect, test } from './fixtures.js';
import { openForParseJob, smallPdf, workspaceDir } from './jobsHelpers.js';

// An answer the service sent (and may have billed) that this version cannot read is kept as it
// arrived, and the Jobs screen shows it: what, when, how big and why, the raw text, and a
// "Read again" that still refuses it clearly. The emulator's `body` fault sends a 200 whose JSON
// the app cannot read.

/** JSON, but no parse answer: no markdown, no structure. */
const ODD = { answer_format: 'v9', pages: [{ page: 1, text: 'Total 12.00' }] };
const ODD_TEXT = JSON.stringify(ODD);
const unreadableParse = { fault: { kind: 'body' as const, status: 200, body: ODD }, match: { method: 'POST', path: '/v2/parse' } };

async function openPdf(page: Page, name: string): Promise<void> {
  await page.getByTestId('open-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: await smallPdf(name) });
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
}

test('a parse answer the app cannot read is kept, shown as received on the Jobs screen, and read again only when readable', async ({
  page,
  preview,
  emulator,
  sandbox,
}) => {
  await addEmulatorV2Key(page, emulator);
  await openPdf(page, 'odd-answer.pdf');
  await page.getByTestId('engine').selectOption('parse');
  // A first parse that reads: its answer stands in later for "an update of Groundwork that reads the kept one".
  const responses = async () => (await readdir(workspaceDir(sandbox.dataDir, 'results'))).filter((f) => !f.endsWith('.info.json'));
  const before = await responses();
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse');
  const readable = (await responses()).find((f) => f.endsWith('.json') && !before.includes(f))!;
  expect(readable).toBeTruthy();

  emulator.faults.add(unreadableParse);
  await page.getByTestId('run').click();
  const runError = page.locator('[data-testid="error"][data-code="answer_unreadable"]');
  await expect(runError).toContainText('cannot read the answer');
  await expect(runError).toContainText('kept as it arrived');
  await expect(runError).toContainText('Answers kept unread');

  await page.getByTestId('nav-jobs').click();
  const section = page.getByTestId('kept-answers');
  const rows = section.getByTestId('kept-answer');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row.getByTestId('kept-answer-document')).toHaveText('odd-answer.pdf');
  await expect(row.getByTestId('kept-answer-kind')).toHaveText('parse answer');
  await expect(row).toContainText('a direct call');
  await expect(row).toContainText('received ');
  await expect(row.getByTestId('kept-answer-size')).toHaveText(`${ODD_TEXT.length} characters`);
  await expect(row.getByTestId('kept-answer-reason')).toContainText('cannot read');

  // Show: the answer exactly as it arrived, whole.
  await row.getByTestId('kept-answer-show').click();
  await expect(row.getByTestId('kept-answer-text')).toHaveText(ODD_TEXT);
  await expect(row.getByTestId('kept-answer-extent')).toContainText(`The whole answer as received, ${ODD_TEXT.length} characters`);

  // Read again: this version still cannot read it; said clearly, and it stays kept.
  await row.getByTestId('kept-answer-read-again').click();
  const refused = row.getByTestId('error');
  await expect(refused).toBeVisible();
  await expect(refused).toHaveAttribute('data-code', /.+/);
  await expect(refused.locator('.error-code')).not.toBeEmpty();
  await expect(refused.getByTestId('error-note')).toContainText('still cannot read it');
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row.getByTestId('kept-answer-read-again')).toBeEnabled();

  const firstId = await row.getAttribute('data-kept-id');

  // A second answer kept while the Jobs screen is open shows up by itself: two rows, newest first.
  await page.getByTestId('nav-workspace').click();
  emulator.faults.add({ fault: { kind: 'latency', ms: 3000 }, match: { method: 'POST', path: '/v2/parse' } });
  emulator.faults.add(unreadableParse);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-progress')).toBeVisible();
  await page.getByTestId('nav-jobs').click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveCount(2);
  await expect(section.getByTestId('kept-answers-count')).toHaveText('2 waiting');
  const [newest, older] = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kept-id')!));
  expect(older).toBe(firstId);

  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/kept-answers-${width}x${height}.png` });
  }

  // After an update that reads it (here: the kept text made a readable answer), Read again stores it as a result.
  const keptFile = workspaceDir(sandbox.dataDir, 'quarantine', `${newest}.answer`);
  await writeFile(keptFile, await readFile(workspaceDir(sandbox.dataDir, 'results', readable), 'utf8'));
  const newestRow = section.locator(`[data-testid="kept-answer"][data-kept-id="${newest}"]`);
  await newestRow.getByTestId('kept-answer-read-again').click();
  await expect(newestRow).toHaveAttribute('data-read', 'true');
  await expect(newestRow.getByTestId('kept-answer-became')).toContainText('it is now a parse result');
  await expect(section.getByTestId('kept-answers-count')).toHaveText('1 waiting · 1 read since');
  // The one still waiting comes first; the read one stays listed below it.
  await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kept-id')))).toEqual([older, newest]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/screens/kept-answers-read-1280x800.png' });
  const resultId = (await newestRow.getAttribute('data-result-id'))!;
  await newestRow.getByTestId('kept-answer-open').click();
  await expect(page.locator(`[data-testid="library-result"][data-result-id="${resultId}"]`)).toHaveClass(/active/);
  await expect(page.locator('.status-result')).toContainText('parse');
  void preview;
});

test('a job whose completed result cannot be read points to its kept answer', async ({ page, preview, emulator }) => {
  await openForParseJob(page, emulator, 'odd-job', 1);
  // The job stays pending long enough to answer its next poll with a completed envelope the app cannot read.
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 3000, processingMs: 1000 } });
  await page.getByTestId('run').click();
  const status = page.getByTestId('workspace-job');
  await expect(status).toHaveAttribute('data-job-id', /^parse-/);
  const jobId = (await status.getAttribute('data-job-id'))!;
  const at = new Date().toISOString();
  emulator.faults.add({
    fault: {
      kind: 'body',
      status: 200,
      body: { job_id: jobId, status: 'completed', created_at: at, completed_at: at, model_version: 'dpt-3-pro', result: ODD, error: null },
    },
    match: { method: 'GET', path: `/v2/parse/jobs/${jobId}` },
  });
  await expect(status).toContainText('cannot read its result', { timeout: 20_000 });

  await page.getByTestId('nav-jobs').click();
  const jobRow = page.getByTestId('jobs-local').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await expect(jobRow.getByTestId('job-problem')).toContainText('Result kept unread');
  await jobRow.getByTestId('job-show-kept').click();
  const kept = page.getByTestId('kept-answers').locator(`[data-testid="kept-answer"][data-job-id="${jobId}"]`);
  await expect(kept).toHaveClass(/kept-answer-pointed/);
  await expect(kept).toContainText(jobId);
  await expect(kept.getByTestId('kept-answer-document')).toHaveText('odd-job.pdf');
  await expect(kept.getByTestId('kept-answer-text')).toHaveText(ODD_TEXT);
  await expect(kept).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/screens/kept-answers-job-1280x800.png', fullPage: true });
  void preview;
});
