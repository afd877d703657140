import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';
import { jsonFiles, smallPdf, workspaceDir } from './jobsHelpers.js';

test('a batch of many files through 429s, 503s and a dropped connection: every document once, summary with pages and credits', async ({
  page,
  preview,
  emulator,
  sandbox,
}) => {
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('nav-jobs').click();
  const creates = { method: 'POST', path: '/v2/parse/jobs' };
  // Armed one at a time: faults armed together would all land on the same request.
  const inTurn = [
    { kind: 'status', status: 429, retryAfter: '0.2' },
    { kind: 'status', status: 503, retryAfter: '0.2' },
    { kind: 'status', status: 429, retryAfter: '0.2' },
    { kind: 'drop' },
  ] as const;
  emulator.faults.add({ fault: { kind: 'failJob', code: 'document_unreadable', message: 'The scan is blank.' }, match: creates, times: 1 });
  const files = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => ({
      name: `invoice-${i}.pdf`,
      mimeType: 'application/pdf',
      buffer: await smallPdf(`batch ${i}`, 1 + (i % 3)),
    })),
  );
  await page.getByTestId('batch-files').setInputFiles(files);
  for (const fault of inTurn) {
    await expect.poll(() => emulator.faults.state().pending.length, { intervals: [10] }).toBe(0);
    emulator.faults.add({ fault, match: creates, times: 1 });
  }
  await expect.poll(() => emulator.faults.state().pending.length, { intervals: [10] }).toBe(0);

  const batch = page.getByTestId('batch').first();
  await expect(batch).toHaveAttribute('data-finished', 'true', { timeout: 30_000 });
  const summary = page.getByTestId('batch-summary');
  await expect(summary).toContainText('8 documents');
  await expect(summary).toContainText('1 failed');
  await expect(page.getByTestId('batch-failure')).toContainText('The scan is blank.');
  await page.screenshot({ path: 'test-results/screens/batch-view.png', fullPage: true });

  // Retry the failed one: a new job, and then all eight are done.
  await page.getByTestId('batch-retry-failed').click();
  await expect(batch.locator('[data-testid="batch-item"][data-state="done"]')).toHaveCount(8, { timeout: 20_000 });
  await expect(page.getByTestId('batch-counts')).toContainText('8 of 8 done');
  await expect(page.getByTestId('batch-counts')).toContainText(`${(1 + 2 + 3 + 1 + 2 + 3 + 1 + 2) * 3} credits`);
  const parseJobs = emulator.ctx.jobs.all().filter((j) => j.jobId.startsWith('parse-'));
  expect(parseJobs).toHaveLength(9); // eight documents, one of them sent again after it failed
  expect(parseJobs.filter((j) => j.status === 'completed')).toHaveLength(8);
  expect(
    (await jsonFiles(workspaceDir(sandbox.dataDir, 'results'))).filter((f) => f.startsWith('job-') && f.endsWith('.info.json')),
  ).toHaveLength(8);
  const statuses = emulator.requests.filter((r) => r.path === '/v2/parse/jobs' && r.method === 'POST').map((r) => r.status);
  expect(statuses).toEqual(expect.arrayContaining([429, 503, 'dropped']));
  void preview;
});

test('pause, resume and cancel what has not started; the batch warns before too many pages', async ({ page, preview, emulator }) => {
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('nav-jobs').click();
  await page.locator('.job-settings summary').click();
  await page.getByTestId('setting-batchConcurrency').fill('1');
  await page.getByTestId('setting-pageWarningLimit').fill('3');
  await page.getByTestId('setting-pageWarningLimit').blur();
  // Settings save on blur; wait for the saved value to come back from main.
  await page.locator('.job-settings summary').click();
  await page.locator('.job-settings summary').click();
  await expect(page.getByTestId('setting-pageWarningLimit')).toHaveValue('3');
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 1500, processingMs: 500 }, times: 1 });
  const files = await Promise.all(
    Array.from({ length: 4 }, async (_, i) => ({
      name: `report-${i}.pdf`,
      mimeType: 'application/pdf',
      buffer: await smallPdf(`pause ${i}`),
    })),
  );
  await page.getByTestId('batch-files').setInputFiles(files);
  await expect(page.getByTestId('batch-confirm')).toContainText('4 pages');
  expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  await page.getByTestId('batch-confirm-yes').click();

  const batch = page.getByTestId('batch').first();
  await expect(batch.locator('[data-testid="batch-item"][data-state="running"]')).toHaveCount(1);
  await page.getByTestId('batch-pause').click();
  await expect(batch).toHaveAttribute('data-paused', 'true');
  await expect(batch.locator('[data-testid="batch-item"][data-state="done"]')).toHaveCount(1, { timeout: 10_000 });
  await page.waitForTimeout(500);
  await expect(batch.locator('[data-testid="batch-item"][data-state="queued"]')).toHaveCount(3); // nothing new started while paused
  // The rest run slowly too: when the second is done, the third runs and the fourth has not started, so Cancel has one to cancel.
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 1500, processingMs: 500 }, times: 3 });
  await page.getByTestId('batch-resume').click();
  await expect(batch.locator('[data-testid="batch-item"][data-state="done"]')).toHaveCount(2, { timeout: 10_000 });
  await page.getByTestId('batch-cancel').click();
  await expect(batch).toHaveAttribute('data-finished', 'true', { timeout: 10_000 });
  const states = await batch.getByTestId('batch-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
  expect(states.filter((s) => s === 'done').length + states.filter((s) => s === 'cancelled').length).toBe(4);
  expect(states.filter((s) => s === 'cancelled').length).toBeGreaterThanOrEqual(1);
  expect(emulator.ctx.jobs.all().filter((j) => j.jobId.startsWith('parse-'))).toHaveLength(states.filter((s) => s === 'done').length);
  void preview;
});
