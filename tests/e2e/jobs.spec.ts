import { join } from 'node:path';
import type { JobRecord } from '../../shared/jobs.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test, showCloudParseOptions } from './fixtures.js';
import { createJobOnService, jsonFiles, openForParseJob, readJson, workspaceDir } from './jobsHelpers.js';

test('a job survives the main process ending mid-poll: after a restart it completes and its result is stored exactly once', async ({
  page,
  launchPreview,
  emulator,
  sandbox,
}) => {
  const first = await launchPreview();
  await page.goto(first.url);
  await openForParseJob(page, emulator, 'long', 3);
  // The service keeps this job running for a few seconds: long enough to end the app mid-poll.
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 2500, processingMs: 2500 }, times: 1 });
  await page.getByTestId('run').click();
  const status = page.getByTestId('workspace-job');
  await expect(status).toHaveAttribute('data-job-id', /^parse-/);
  const jobId = (await status.getAttribute('data-job-id'))!;

  // The record is on disk before any poll answer, and polling has started.
  const recordFile = join(workspaceDir(sandbox.dataDir, 'jobs'), `${jobId}.json`);
  await expect.poll(() => emulator.requests.filter((r) => r.path === `/v2/parse/jobs/${jobId}`).length).toBeGreaterThan(0);
  expect((await readJson<JobRecord>(recordFile)).resultId).toBeNull();
  await first.stop(); // really ends the process
  expect(emulator.ctx.jobs.all().find((j) => j.jobId === jobId)?.status).not.toBe('completed');

  const second = await launchPreview();
  await page.goto(second.url);
  await expect.poll(async () => (await readJson<JobRecord>(recordFile)).resultId, { timeout: 20_000 }).toBe(`job-${jobId}`);
  await second.stop();
  // A third start finds nothing left to do and stores nothing again.
  const third = await launchPreview();
  await page.goto(third.url);
  await page.getByTestId('nav-jobs').click();
  // Listed twice: started here (from disk), and on the service, merged with the same local record.
  const remoteRow = page.getByTestId('jobs-remote').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await expect(remoteRow).toHaveAttribute('data-status', 'completed');
  await expect(remoteRow).toContainText('long.pdf');
  const row = page.getByTestId('jobs-local').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await expect(row).toHaveAttribute('data-status', 'completed');
  await expect(row).toContainText('long.pdf');
  await row.getByTestId('job-open').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 3');
  await expect(page.locator('.status-result')).toContainText('parse');

  // A result is its response (<id>.json) and its summary (<id>.info.json): one of each.
  const results = (await jsonFiles(workspaceDir(sandbox.dataDir, 'results'))).filter((f) => f.endsWith('.info.json'));
  expect(results.filter((f) => f.includes(jobId))).toEqual([`job-${jobId}.info.json`]);
  const parseResults = await Promise.all(results.map((f) => readJson<{ engine: string }>(workspaceDir(sandbox.dataDir, 'results', f))));
  expect(parseResults.filter((r) => r.engine === 'parse')).toHaveLength(1);
  // One job on the service: nothing was submitted twice.
  expect(emulator.ctx.jobs.all().filter((j) => j.jobId.startsWith('parse-'))).toHaveLength(1);
});

test('the Jobs screen pages through the service list newest first and filters by status; older ids open', async ({
  page,
  preview,
  emulator,
}) => {
  const key = DEMO_KEYS.v2[0]!;
  const created: string[] = [];
  for (let i = 0; i < 10; i++) {
    if (i % 4 === 1)
      emulator.faults.add({ fault: { kind: 'failJob', code: 'document_unreadable', message: `Unreadable ${i}.` }, times: 1 });
    created.push(await createJobOnService(emulator, key, `remote-${i}`));
  }
  await expect
    .poll(() => emulator.ctx.jobs.all().filter((j) => j.status === 'completed' || j.status === 'failed').length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(12);
  const newestFirst = [...created].reverse();
  const olderId = emulator.ctx.jobs.list(key, 'parse', undefined).at(-1)!.jobId;
  expect(olderId).not.toMatch(/^parse-/);

  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: key, address: emulator.url });
  await page.getByTestId('nav-jobs').click();
  await page.getByTestId('jobs-page-size').selectOption('5');
  await expect(page.getByTestId('jobs-local').getByTestId('jobs-empty')).toContainText('No parse jobs started here'); // all made elsewhere
  const rows = page.getByTestId('jobs-remote').getByTestId('job-row');
  const ids = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-job-id')));

  await expect(rows).toHaveCount(5);
  expect(await ids()).toEqual(newestFirst.slice(0, 5));
  await expect(page.getByTestId('jobs-prev')).toBeDisabled();
  await page.getByTestId('jobs-next').click();
  await expect(page.getByTestId('jobs-page')).toHaveText('Page 2');
  await expect.poll(ids).toEqual(newestFirst.slice(5, 10));
  await page.getByTestId('jobs-next').click();
  await expect(page.getByTestId('jobs-page')).toHaveText('Page 3');
  await expect(rows).toHaveCount(1); // the older-format job seeded by the service
  await expect(rows.first()).toHaveAttribute('data-job-id', olderId);
  await expect(rows.first()).toContainText('older id');
  await expect(page.getByTestId('jobs-next')).toBeDisabled();
  await rows.first().getByTestId('job-open').click();
  await expect(page.getByTestId('job-detail')).toHaveAttribute('data-job-id', olderId);

  await page.getByTestId('jobs-status').selectOption('failed');
  await expect(page.getByTestId('jobs-page')).toHaveText('Page 1');
  await expect(rows).toHaveCount(3);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['failed', 'failed', 'failed']);
  expect(await ids()).toEqual(newestFirst.filter((_, i) => [1, 5, 9].includes(9 - i)));
  await expect(rows.first()).toContainText('Unreadable 9.');
  await expect(page.getByTestId('jobs-next')).toBeDisabled();
  await page.getByTestId('jobs-status').selectOption('completed');
  await expect(rows).toHaveCount(5);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(Array(5).fill('completed'));
  await page.screenshot({ path: 'test-results/screens/jobs-screen.png', fullPage: true });
  void preview;
});

test('an output_save_url that expires too soon is refused before submit, and the window is named', async ({ page, preview, emulator }) => {
  await showCloudParseOptions(page, emulator);
  await page.getByTestId('parse-mode').selectOption('job');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
  await page.getByTestId('output-save-url').fill(`${emulator.url}/__storage/out.json?X-Amz-Date=${stamp}&X-Amz-Expires=600`);
  const posts = () => emulator.requests.filter((r) => r.method === 'POST').length;
  const before = posts();
  await page.getByTestId('run').click();
  const error = page.getByTestId('error').first();
  await expect(error).toHaveAttribute('data-code', 'output_save_url_too_short');
  await expect(error).toContainText('15 min');
  expect(posts()).toBe(before);
  await expect(page.getByTestId('workspace-job')).toHaveCount(0);
  void preview;
});

// The emulator ends a job it stops `failed` (v2.jobs.cancelled-ends-job: the contract retired `cancelled`); the client's
// reading of a `cancelled` status is tested through a proxy in tests/unit/electron/jobs/jobPoller.cancelled.test.ts.
test('a job the service stops stops being followed and says so in its words, on the Review line and the Jobs screen', async ({
  page,
  preview,
  emulator,
}) => {
  await openForParseJob(page, emulator, 'cancelled', 1);
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 60_000, processingMs: 60_000 }, times: 1 });
  await page.getByTestId('run').click();
  const line = page.getByTestId('workspace-job');
  await expect(line).toHaveAttribute('data-status', 'pending');
  const jobId = (await line.getAttribute('data-job-id'))!;
  expect((await fetch(`${emulator.url}/__control/jobs/cancel`, { method: 'POST', body: JSON.stringify({ job_id: jobId }) })).status).toBe(
    200,
  );

  await expect(line).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
  await expect(line).toContainText('The service stopped this job before it finished');
  await expect(line.locator('.error-code')).toHaveText('cancelled_by_service');
  const polls = () => emulator.requests.filter((r) => r.path === `/v2/parse/jobs/${jobId}`).length;
  const seen = polls();

  await page.getByTestId('nav-jobs').click();
  const row = page.getByTestId('jobs-local').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await expect(row.getByTestId('job-status')).toHaveText('failed');
  await expect(row.getByTestId('job-error-line')).toContainText('cancelled_by_service');
  expect(polls()).toBe(seen); // nothing polls a job that ended
  void preview;
});
