import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import type { JobRecord } from '../../shared/jobs.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';
import { openForParseJob, readJson, smallPdf, workspaceDir } from './jobsHelpers.js';

/** An outage is never invisible: the service stops answering mid-job; every place that shows the job says so within 5 s. */
const VISIBLE_WITHIN_MS = 5_000;
const UNREACHABLE = /service unreachable since \d\d:\d\d — retrying/;
const PROCESSING = /\bprocessing\b/;

/** Milliseconds left of a deadline, for an assertion that must hold by then (at least a little, to read the page). */
function left(deadline: number): number {
  return Math.max(250, deadline - Date.now());
}

async function saysUnreachable(where: Locator, deadline: number): Promise<void> {
  await expect(where).toContainText(UNREACHABLE, { timeout: left(deadline) });
  await expect(where).not.toContainText(PROCESSING, { timeout: left(deadline) });
}

test('a job whose service stops answering says "service unreachable since HH:MM — retrying" within 5 s everywhere, never "processing", and recovers by itself', async ({
  page,
  preview,
  emulator,
  sandbox,
}) => {
  await openForParseJob(page, emulator, 'outage', 2);
  // The service finishes the job while the app cannot reach it: the result must still land, once, afterwards.
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 300, processingMs: 4_000 }, times: 1 });
  await page.getByTestId('run').click();
  const jobLine = page.getByTestId('workspace-job');
  await expect(jobLine).toContainText(PROCESSING);
  const jobId = (await jobLine.getAttribute('data-job-id'))!;

  await emulator.goOffline();
  const offlineAt = Date.now();
  const deadline = offlineAt + VISIBLE_WITHIN_MS;
  await saysUnreachable(jobLine, deadline);
  const jobLineAfterMs = Date.now() - offlineAt;
  const statusBar = page.getByTestId('service-health');
  await saysUnreachable(statusBar, deadline);
  await page.getByTestId('nav-jobs').click();
  const row = page.getByTestId('jobs-local').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await saysUnreachable(row, deadline);
  await saysUnreachable(statusBar, deadline);
  console.log(`outage visible: job line after ${jobLineAfterMs} ms, everywhere after ${Date.now() - offlineAt} ms`);
  await page.screenshot({ path: 'test-results/screens/outage-jobs.png', fullPage: true });
  const record = await readJson<JobRecord>(join(workspaceDir(sandbox.dataDir, 'jobs'), `${jobId}.json`));
  expect(record.unreachableSince).toEqual(expect.any(String));

  // It stays so while the service is away (the app keeps trying), then recovers with no click.
  await page.waitForTimeout(1_500);
  await saysUnreachable(row, Date.now() + 1_000);
  await emulator.goOnline();
  const onlineAt = Date.now();
  await expect(row.getByTestId('job-status')).toHaveText('completed', { timeout: 10_000 });
  await expect(statusBar).toHaveCount(0);
  console.log(`recovered (result stored) ${Date.now() - onlineAt} ms after the service came back`);
  await expect(row).not.toContainText(UNREACHABLE);
  await page.getByTestId('nav-workspace').click();
  await expect(jobLine).toContainText('result stored');
  await expect(page.locator('.status-result')).toContainText('parse');
  const settled = await readJson<JobRecord>(join(workspaceDir(sandbox.dataDir, 'jobs'), `${jobId}.json`));
  expect(settled).toMatchObject({ status: 'completed', resultId: `job-${jobId}`, unreachableSince: null });
  void preview;
});

test('a batch whose service stops answering pauses its ETA and says it waits for the service, then finishes by itself', async ({
  page,
  preview,
  emulator,
}) => {
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('nav-jobs').click();
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 300, processingMs: 6_000 }, times: 3 });
  const files = await Promise.all(
    Array.from({ length: 3 }, async (_, i) => ({
      name: `outage-${i}.pdf`,
      mimeType: 'application/pdf',
      buffer: await smallPdf(`outage batch ${i}`),
    })),
  );
  await page.getByTestId('batch-files').setInputFiles(files);
  const batch = page.getByTestId('batch').first();
  await expect(batch.locator('[data-testid="batch-item"][data-state="running"]')).toHaveCount(3);
  await page.waitForTimeout(1_000); // polled at least once

  await emulator.goOffline();
  const offlineAt = Date.now();
  const deadline = offlineAt + VISIBLE_WITHIN_MS;
  await expect(page.getByTestId('batch-counts')).toContainText(/ETA paused, waiting for the service since \d\d:\d\d/, {
    timeout: left(deadline),
  });
  await expect(batch.getByTestId('batch-item')).toContainText([UNREACHABLE, UNREACHABLE, UNREACHABLE], { timeout: left(deadline) });
  await expect(batch).not.toContainText(PROCESSING);
  const rows = page.getByTestId('jobs-local').getByTestId('job-row');
  await expect(rows).toContainText([UNREACHABLE, UNREACHABLE, UNREACHABLE], { timeout: left(deadline) });
  await expect(page.getByTestId('jobs-local')).not.toContainText(PROCESSING);
  await saysUnreachable(page.getByTestId('service-health'), deadline);
  console.log(`batch outage visible after ${Date.now() - offlineAt} ms`);
  await page.screenshot({ path: 'test-results/screens/outage-batch.png', fullPage: true });

  await emulator.goOnline();
  const onlineAt = Date.now();
  await expect(page.getByTestId('batch-counts')).not.toContainText('waiting for the service', { timeout: 10_000 });
  await expect(page.getByTestId('service-health')).toHaveCount(0);
  console.log(`batch waits no more ${Date.now() - onlineAt} ms after the service came back`);
  await expect(batch).toHaveAttribute('data-finished', 'true', { timeout: 15_000 });
  console.log(`batch finished ${Date.now() - onlineAt} ms after the service came back`);
  await expect(batch.locator('[data-testid="batch-item"][data-state="done"]')).toHaveCount(3);
  await expect(page.getByTestId('batch-counts')).not.toContainText('waiting for the service');
  await expect(page.getByTestId('service-health')).toHaveCount(0);
  void preview;
});
