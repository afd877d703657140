import { readFile } from 'node:fs/promises';
import type { ParseResponse, StructureNode } from '../../shared/contracts/v2Parse.js';
import type { Page } from '@playwright/test';
import { DEMO_KEYS, expect, test, addEmulatorV2Key } from './fixtures.js';

// A cloud parse of a four-page PDF comes back 206 with pages 2 and 4 failed; one press sends
// exactly those pages again and opens a merged result beside the original, with no failed page,
// whose blocks on the re-run pages light their exact Markdown and their own box.
const SAMPLE = 'resources/samples/report.pdf';

/** The service's own answer for those pages, asked directly: what the merged result must show on them. */
async function serviceAnswer(url: string, pages: number[]): Promise<ParseResponse> {
  const form = new FormData();
  form.append('document', new Blob([await readFile(SAMPLE)], { type: 'application/pdf' }), 'report.pdf');
  form.append('options', JSON.stringify({ pages }));
  const response = await fetch(`${url}/v2/parse`, { method: 'POST', headers: { Authorization: `Bearer ${DEMO_KEYS.v2[0]!}` }, body: form });
  expect(response.status).toBe(200);
  return (await response.json()) as ParseResponse;
}

/** The emulator's jobs, as its control route lists them. */
async function emulatorJobs(url: string): Promise<Array<{ jobId: string; service: string; status: string }>> {
  return ((await (await fetch(`${url}/__control/state`)).json()) as { jobs: Array<{ jobId: string; service: string; status: string }> })
    .jobs;
}

/** The job threshold, set on the Jobs screen as a user sets it (saved on blur), then back to the Review screen's tab. */
async function setJobAbovePages(page: Page, pages: string): Promise<void> {
  await page.getByTestId('nav-jobs').click();
  const settings = page.locator('details.job-settings');
  if (!(await settings.evaluate((d) => (d as HTMLDetailsElement).open))) await settings.locator('summary').click();
  await page.getByTestId('setting-jobAbovePages').fill(pages);
  await page.getByTestId('setting-jobAbovePages').blur();
  await settings.locator('summary').click();
  await settings.locator('summary').click();
  await expect(page.getByTestId('setting-jobAbovePages')).toHaveValue(pages);
  await page.getByTestId('nav-workspace').click();
}

const elementsOn = (answer: ParseResponse, page: number): StructureNode[] =>
  (answer.structure.children ?? []).find((p) => p.type === 'page' && p.page === page)?.children ?? [];

test('failed pages re-run: exactly the failed pages are sent, the merged result has none failed and highlights exactly', async ({
  page,
  preview,
  emulator,
}) => {
  await addEmulatorV2Key(page, emulator);
  await page.getByTestId('open-file').setInputFiles(SAMPLE);
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fault: { kind: 'failPages', pages: [2, 4] } }),
  });
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('partial');
  for (const p of [2, 4])
    await expect(page.locator(`[data-testid="page"][data-page="${p}"] [data-testid="page-flag"]`)).toContainText('failed');

  const rerun = page.getByTestId('rerun-failed-pages');
  await expect(rerun).toHaveText('Re-run 2 failed pages');
  await expect(rerun).toBeEnabled();
  await expect(rerun).toHaveAttribute('title', /pages 2, 4 again/);
  await page.screenshot({ path: test.info().outputPath('rerun-failed-pages-button.png') });

  // A slow first try: it shows as a run (progress, Cancel; the button says why it waits), and Cancel ends it with nothing stored.
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fault: { kind: 'latency', ms: 4000 }, match: { method: 'POST', path: '/v2/parse' } }),
  });
  await rerun.click();
  await expect(page.getByTestId('run-progress')).toContainText('Re-running pages 2, 4: ');
  await expect(rerun).toBeDisabled();
  await expect(rerun).toHaveAttribute('title', 'A run is under way on this document.');
  await page.screenshot({ path: test.info().outputPath('rerun-failed-pages-progress.png') });
  await page.getByTestId('cancel-run').click();
  await expect(page.getByTestId('error').first()).toHaveAttribute('data-code', 'cancelled');
  // Told as what it means, not as an alarm: the request was on its way, and may be charged.
  await expect(page.getByTestId('error').first()).toContainText('nothing was stored');
  await expect(page.getByTestId('error').first()).toContainText('may already have done, and charged for');
  await expect(page.getByTestId('error').first()).toHaveClass(/error-neutral/);
  await expect(page.getByTestId('run-progress')).toHaveCount(0);
  await expect(page.getByTestId('result-summary')).toContainText('partial');
  await expect(page.locator('[data-testid="library-entry"]').filter({ hasText: 'report.pdf' })).toContainText('1 result');

  // As a job (the document is above the job threshold, set as a user sets it), the impatient way: a double click starts
  // one re-run, and Cancel abandons its job. The contract has no way to cancel a job: the record says it was abandoned,
  // it is no longer followed, and its answer, when the service finishes it, is not stored.
  await setJobAbovePages(page, '2');
  emulator.faults.add({ fault: { kind: 'slowJob', pendingMs: 300, processingMs: 2_500 }, times: 1 });
  const jobCreates = () => emulator.requests.filter((r) => r.method === 'POST' && r.path === '/v2/parse/jobs');
  await rerun.dblclick();
  await expect(page.getByTestId('run-progress')).toContainText('Re-running pages 2, 4: ');
  await expect.poll(() => jobCreates().filter((r) => r.status === 202).length).toBe(1);
  const job = (await emulatorJobs(emulator.url)).find((j) => j.service === 'parse' && j.status !== 'completed')!;
  await page.getByTestId('cancel-run').click();
  await expect(page.getByTestId('error').first()).toHaveAttribute('data-code', 'cancelled');
  await expect(page.getByTestId('run-progress')).toHaveCount(0);
  await page.getByTestId('nav-jobs').click();
  const row = page.getByTestId('jobs-local').locator(`[data-testid="job-row"][data-job-id="${job.jobId}"]`);
  await expect(row.getByTestId('job-problem')).toContainText(
    /^Abandoned, not followed any more since .*: You cancelled the re-run of failed pages/,
  );
  await expect(row.getByTestId('job-status')).toContainText('last seen');
  await page.screenshot({ path: test.info().outputPath('B-rerun-job-abandoned.png') });
  // The service finishes it after all: the Jobs screen lists it completed, with no result to open, and the library has none more.
  await expect.poll(async () => (await emulatorJobs(emulator.url)).find((j) => j.jobId === job.jobId)?.status).toBe('completed');
  await page.getByTestId('jobs-refresh').click();
  // The service's own list says completed; here it stays as last seen, not followed, with no result to open.
  const remoteRow = page.getByTestId('jobs-remote').locator(`[data-testid="job-row"][data-job-id="${job.jobId}"]`);
  await expect(remoteRow).toHaveAttribute('data-status', 'completed');
  await expect(remoteRow.getByTestId('job-open')).toHaveText('Details');
  await expect(row.getByTestId('job-open')).toHaveText('Details');
  await expect(row.getByTestId('job-recheck')).toHaveAttribute('title', /after all/);
  await expect(row.getByTestId('job-problem')).toContainText('You cancelled the re-run of failed pages');
  await page.screenshot({ path: test.info().outputPath('B-rerun-job-abandoned-completed.png') });
  expect(jobCreates()).toHaveLength(1);
  await setJobAbovePages(page, '20');
  await page.getByTestId('nav-workspace').click();
  await expect(page.locator('[data-testid="library-entry"]').filter({ hasText: 'report.pdf' })).toContainText('1 result');

  await expect(rerun).toBeEnabled();
  await rerun.click();

  await expect(page.getByTestId('rerun-origin')).toHaveText('Merged result: pages 2, 4 re-run');
  await expect(page.getByTestId('result-summary')).toContainText('4 pages');
  await expect(page.getByTestId('result-summary')).toContainText('pages 2, 4 re-run');
  await expect(page.getByTestId('result-summary')).not.toContainText('partial');
  await expect(page.locator('[data-testid="page-flag"]')).toHaveCount(0);
  await expect(page.getByTestId('rerun-failed-pages')).toHaveCount(0);

  // The service got the document once more, asked for exactly the failed pages.
  const state = (await (await fetch(`${emulator.url}/__control/state`)).json()) as {
    requests: Array<{ method: string; path: string; status: number; fields?: Record<string, string> }>;
  };
  const parses = state.requests.filter((r) => r.method === 'POST' && r.path === '/v2/parse');
  expect(parses[0]!.status).toBe(206);
  expect(parses.at(-1)!.status).toBe(200);
  // The re-run that landed asked for exactly the failed pages (the cancelled try's connection closed during its wait, so the emulator logged no fields for it).
  expect(JSON.parse(parses.at(-1)!.fields!.options!)).toEqual({ pages: [2, 4] });
  expect(parses).toHaveLength(3);

  // A block on re-run page 4: its exact text (the service's own for it) and its own box.
  const answer = await serviceAnswer(emulator.url, [2, 4]);
  const expected = elementsOn(answer, 4).find((n) => n.type === 'text')!;
  const expectedText = Array.from(answer.markdown).slice(expected.grounding!.range.start, expected.grounding!.range.end).join('');
  const pageFour = page.locator('[data-testid="page"][data-page="4"]');
  const boxes = pageFour.locator('[data-testid="box"]');
  // Pages draw their boxes as they come into view.
  await pageFour.scrollIntoViewIfNeeded();
  await expect(boxes).toHaveCount(elementsOn(answer, 4).length);
  // The box drawn where the service put it on the page (fractions of the drawn page, to a pixel).
  const pageRect = (await pageFour.boundingBox())!;
  const b = expected.grounding!.box;
  const near = (x: number, y: number) => Math.abs(x - y) < 2;
  let box = null;
  for (const candidate of await boxes.all()) {
    const r = (await candidate.boundingBox())!;
    if (
      near(r.x - pageRect.x, b.xmin * pageRect.width) &&
      near(r.y - pageRect.y, b.ymin * pageRect.height) &&
      near(r.width, (b.xmax - b.xmin) * pageRect.width)
    )
      box = candidate;
  }
  expect(box, 'a box where the service put the block').not.toBe(null);
  await box!.click();
  await expect(box!).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('selection-page')).toHaveText('4');
  await expect(page.getByTestId('selection-text')).toHaveAttribute('title', expectedText);
  const nodeId = (await box!.getAttribute('data-node-id'))!;
  await expect(page.locator(`[data-testid="md-node"][data-node-id="${nodeId}"]`)).toHaveAttribute('data-selected', 'true');
  await page.screenshot({ path: test.info().outputPath('rerun-failed-pages.png') });

  // The original partial result is still in the library, beside the merge: the re-run's own answer is not stored.
  await expect(page.locator('[data-testid="library-entry"]').filter({ hasText: 'report.pdf' })).toContainText('2 results');
  void preview;
});
