import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';
import { openForParseJob } from './jobsHelpers.js';

// The emulator in its SDK-shaped mode (tests/emulator/README.md): every v2 answer is valid but
// shaped as the official SDK's types allow — nullable fields null, optional ones absent,
// timestamps as epoch numbers, the older envelope names. The app must read them all; a refusal
// here is an app bug (the seed replays it).
// Seed 11's first parse answer keeps its Markdown and structure (with some hundred nulls inside), so the
// direct parse has Markdown to show; at others the answer may validly carry neither.
const SEED = 11;
test.use({ emulatorSdkShaped: { seed: SEED } });

test(`a direct parse of SDK-shaped answers shows its result (seed ${SEED})`, async ({ page, preview, emulator }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the first-run sample
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('open-file').setInputFiles('resources/samples/report.pdf');
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse');
  await expect(page.getByTestId('error')).toHaveCount(0);
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await expect(page.locator('[data-testid="md-node"]').first()).toBeVisible();
  expect(emulator.requests.some((r) => r.method === 'POST' && r.path === '/v2/parse' && r.status === 200)).toBe(true);
  void preview;
});

test(`a parse job answered in SDK shapes runs to its result, and the Jobs screen lists it (seed ${SEED})`, async ({
  page,
  preview,
  emulator,
}) => {
  await openForParseJob(page, emulator, 'shaped', 2);
  await page.getByTestId('run').click();
  const status = page.getByTestId('workspace-job');
  await expect(status).toHaveAttribute('data-job-id', /^parse-/);
  const jobId = (await status.getAttribute('data-job-id'))!;
  await expect(status).toContainText('result stored', { timeout: 20_000 });
  await expect(page.getByTestId('error')).toHaveCount(0);
  expect(emulator.requests.filter((r) => r.path === `/v2/parse/jobs/${jobId}` && r.status === 200).length).toBeGreaterThan(0);

  await page.getByTestId('nav-jobs').click();
  const remote = page.getByTestId('jobs-remote').getByTestId('job-row');
  await expect(remote.first()).toBeVisible();
  await expect(page.getByTestId('jobs-remote').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`)).toBeVisible();
  expect(emulator.requests.some((r) => r.method === 'GET' && r.path === '/v2/parse/jobs' && r.status === 200)).toBe(true);
  await expect(page.getByTestId('error')).toHaveCount(0);

  const local = page.getByTestId('jobs-local').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await expect(local).toHaveAttribute('data-status', 'completed');
  await local.getByTestId('job-open').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 2');
  await expect(page.locator('.status-result')).toContainText('parse');
  await expect(page.getByTestId('error')).toHaveCount(0);
  void preview;
});
