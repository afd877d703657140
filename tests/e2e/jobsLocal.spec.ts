import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { addKeyThroughUi, DEMO_KEYS, expect, test, addEmulatorV2Key } from './fixtures.js';
import { createJobOnService, readJson, smallPdf, workspaceDir } from './jobsHelpers.js';

/** Opens a PDF of `pages` pages (a count no document open before has, so the wait below is for this one) and sends it as a parse job. */
async function parseAsJob(page: Page, name: string, pages: number): Promise<string> {
  await page.getByTestId('nav-workspace').click();
  await page.getByTestId('open-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: await smallPdf(name, pages) });
  await expect(page.getByTestId('page-count')).toHaveText(`of ${pages}`);
  await page.getByTestId('engine').selectOption('parse');
  const mode = page.getByTestId('parse-mode');
  if (!(await mode.isVisible())) await page.getByTestId('engine-options-toggle').click();
  await mode.selectOption('job');
  const shown = page.getByTestId('workspace-job');
  const before = (await shown.count()) > 0 ? await shown.getAttribute('data-job-id') : null;
  await page.getByTestId('run').click();
  const status = page.getByTestId('workspace-job');
  await expect(status).toHaveAttribute('data-job-id', /^parse-/);
  if (before) await expect(status).not.toHaveAttribute('data-job-id', before);
  return (await status.getAttribute('data-job-id'))!;
}

test('jobs started here are listed from disk: failures with their code, a deleted key, "check again", retry, copy id, and offline', async ({
  page,
  context,
  launchPreview,
  emulator,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const preview = await launchPreview();
  await page.goto(preview.url);
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the sample, parsed offline, is open first
  await addKeyThroughUi(page, { name: 'First key', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  const local = page.getByTestId('jobs-local');
  const localRow = (jobId: string) => local.locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);

  // A job the service fails shows its error's code and message.
  emulator.faults.add({ fault: { kind: 'failJob', code: 'document_unreadable', message: 'The scan is unreadable.' }, times: 1 });
  const failed = await parseAsJob(page, 'blurry.pdf', 2);
  await page.getByTestId('nav-jobs').click();
  await expect(localRow(failed)).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
  await expect(localRow(failed).getByTestId('job-error-line')).toHaveText('document_unreadable The scan is unreadable.');

  // Retry sends the same document as a new job; the old record stays.
  await localRow(failed).getByTestId('job-retry').click();
  await expect(page.getByTestId('jobs-note')).toContainText('Sent again as parse-');
  const retried = (await page.getByTestId('jobs-note').textContent())!.match(/parse-\w+/)![0];
  await expect(localRow(retried)).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  await expect(localRow(retried)).toContainText('blurry.pdf');
  await expect(localRow(failed)).toHaveAttribute('data-status', 'failed');
  expect(
    emulator.ctx.jobs
      .all()
      .filter((j) => j.jobId.startsWith('parse-'))
      .map((j) => j.jobId),
  ).toEqual([failed, retried]);

  // Copy id puts exactly the id on the clipboard.
  await localRow(retried).getByTestId('job-copy').click();
  await expect(page.getByTestId('jobs-note')).toHaveText(`Copied ${retried}.`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(retried);

  // The key is deleted while a job runs: polling stops with a problem, the job is not forgotten.
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 8000, processingMs: 1000 }, times: 1 }); // long enough to delete its key under load
  const orphan = await parseAsJob(page, 'orphan.pdf', 3);
  await page.getByTestId('nav-keys').click();
  const keyRow = page.locator('[data-testid="key-row"][data-key-name="First key"]');
  await keyRow.getByTestId('key-delete').click();
  // The confirmation says what deleting the key does to the job under way, and how it comes back.
  await expect(keyRow.getByTestId('key-delete-jobs')).toContainText('1 job sent with it is still under way');
  await expect(keyRow.getByTestId('key-delete-jobs')).toContainText('“Check again”');
  await keyRow.getByTestId('key-delete-confirm').click();
  await expect(keyRow).toHaveCount(0);
  await page.getByTestId('nav-jobs').click();
  await expect(localRow(orphan).getByTestId('job-problem')).toContainText('no_key', { timeout: 15_000 });
  await expect(localRow(orphan).getByTestId('job-problem')).toContainText('press "Check again"');
  await expect(localRow(orphan)).toContainText('orphan.pdf');
  // Its status is what was last seen, not news: never a bare "pending" or "processing" beside "Not followed any more".
  await expect(localRow(orphan).getByTestId('job-status')).toHaveText(/^last seen (pending|processing)$/);
  await expect(localRow(orphan).getByTestId('job-problem')).toContainText(/Not followed any more since \d\d:\d\d/);

  // The same key added back has a new id; "Check again" follows the job with it to its result.
  await addKeyThroughUi(page, { name: 'Key again', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('nav-jobs').click();
  await localRow(orphan).getByTestId('job-recheck').click();
  await expect(localRow(orphan)).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(localRow(orphan).getByTestId('job-problem')).toHaveCount(0);
  await expect(localRow(orphan).getByTestId('job-open')).toHaveText('Open');
  // The Review screen's line for it follows it there too, not stuck at "not followed".
  await page.getByTestId('nav-workspace').click();
  const line = page.getByTestId('workspace-job');
  await expect(line).toHaveAttribute('data-job-id', orphan);
  await expect(line).toHaveAttribute('data-status', 'completed');
  await expect(line).not.toContainText('no_key');
  await page.getByTestId('nav-jobs').click();

  // Offline: the service list says why it is empty; everything started here is still listed and opens.
  await emulator.close();
  await page.getByTestId('jobs-refresh').click();
  await expect(page.getByTestId('jobs-remote').getByTestId('error')).toBeVisible();
  await expect(local.getByTestId('job-row')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/screens/jobs-local.png', fullPage: true });
  await localRow(orphan).getByTestId('job-open').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 3');
  await expect(page.locator('.status-result')).toContainText('parse');
});

test('a create whose outcome the service cannot tell is shown as unsure with its candidates; "send again" sends it once', async ({
  page,
  launchPreview,
  emulator,
  sandbox,
}) => {
  const key = DEMO_KEYS.v2[0]!;
  const first = await launchPreview();
  await page.goto(first.url);
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the sample, parsed offline, is open first
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: key, address: emulator.url });
  await page.getByTestId('open-file').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: await smallPdf('scan', 2) });
  await expect(page.getByTestId('page-count')).toHaveText('of 2');
  await first.stop();

  // The app stopped mid-send; meanwhile the service has two jobs for a "scan.pdf": it cannot say which, if either, is ours.
  const documentIds = await readdir(workspaceDir(sandbox.dataDir, 'documents'));
  const names = await Promise.all(
    documentIds.map(async (id) => (await readJson<{ name: string }>(workspaceDir(sandbox.dataDir, 'documents', id, 'document.json'))).name),
  );
  const documentId = documentIds[names.indexOf('scan.pdf')];
  const { keys } = await readJson<{ keys: Array<{ id: string }> }>(join(sandbox.dataDir, 'settings.json'));
  const candidates = [await createJobOnService(emulator, key, 'scan'), await createJobOnService(emulator, key, 'scan')];
  const intentId = randomUUID();
  await mkdir(workspaceDir(sandbox.dataDir, 'job-intents'), { recursive: true });
  await writeFile(
    workspaceDir(sandbox.dataDir, 'job-intents', `${intentId}.json`),
    JSON.stringify({
      intentId,
      request: { service: 'parse', documentId, keyId: keys[0]!.id },
      keyId: keys[0]!.id,
      documentName: 'scan.pdf',
      writtenAt: new Date(Date.now() - 60_000).toISOString(),
    }),
  );

  const second = await launchPreview();
  await page.goto(second.url);
  await page.getByTestId('nav-jobs').click();
  const unsure = page.locator(`[data-testid="unsure-create"][data-intent-id="${intentId}"]`);
  await expect(unsure).toContainText('scan.pdf', { timeout: 20_000 });
  for (const jobId of candidates) await expect(unsure).toContainText(jobId);
  await page.screenshot({ path: 'test-results/screens/jobs-unsure.png', fullPage: true });

  await unsure.getByTestId('unsure-resend').click();
  await expect(page.getByTestId('jobs-note')).toContainText('Sent again as parse-');
  await expect(unsure).toHaveCount(0);
  const resent = (await page.getByTestId('jobs-note').textContent())!.match(/parse-\w+/)![0];
  await expect(page.getByTestId('jobs-local').locator(`[data-testid="job-row"][data-job-id="${resent}"]`)).toContainText('scan.pdf');
  expect(
    emulator.ctx.jobs
      .all()
      .filter((j) => j.jobId.startsWith('parse-'))
      .map((j) => j.jobId),
  ).toEqual([...candidates, resent]);
});

test('a parse goes as a job above the page setting and directly below it; the user can override either way', async ({
  page,
  preview,
  emulator,
  sandbox,
}) => {
  await addEmulatorV2Key(page, emulator);
  // The setting, as a user sets it: jobs above 2 pages.
  await page.getByTestId('nav-jobs').click();
  await page.locator('details.job-settings > summary').click();
  await page.getByTestId('setting-jobAbovePages').fill('2');
  await page.getByTestId('setting-jobAbovePages').blur();
  await expect
    .poll(async () => (await readJson<{ jobs?: { jobAbovePages?: number } }>(join(sandbox.dataDir, 'settings.json'))).jobs?.jobAbovePages)
    .toBe(2);
  await page.getByTestId('nav-workspace').click();

  const posts = (path: string) => emulator.requests.filter((r) => r.method === 'POST' && r.path === path).length;
  const open = async (name: string, pages: number) => {
    await page.getByTestId('open-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: await smallPdf(name, pages) });
    await expect(page.getByTestId('page-count')).toHaveText(`of ${pages}`);
  };
  await page.getByTestId('engine').selectOption('parse');
  await expect(page.getByTestId('parse-mode')).toHaveCount(0); // options folded: "auto" is the default
  await open('three.pdf', 3);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('workspace-job')).toContainText('3 pages is more than 2: sent as a job.');
  await expect(page.getByTestId('workspace-job')).toContainText('result stored', { timeout: 20_000 });
  expect([posts('/v2/parse/jobs'), posts('/v2/parse')]).toEqual([1, 0]);

  await open('four.pdf', 4); // bigger still, but the user asks for a direct call
  await page.getByTestId('engine-options-toggle').click();
  await page.getByTestId('parse-mode').selectOption('sync');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('4 pages');
  expect([posts('/v2/parse/jobs'), posts('/v2/parse')]).toEqual([1, 1]);

  await page.getByTestId('parse-mode').selectOption('auto');
  await open('two.pdf', 2); // at the limit: parsed directly
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('2 pages');
  expect([posts('/v2/parse/jobs'), posts('/v2/parse')]).toEqual([1, 2]);
  void preview;
});
