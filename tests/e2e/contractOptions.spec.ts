import type { Page } from '@playwright/test';
import type { Emulator } from '../emulator/server.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';
import { smallPdf } from './jobsHelpers.js';

// Contract options a user reaches from the screens: a document added from a web address and
// parsed with document_url, the extract model, an extract job's output_save_url, opening a
// job by typing its id, and job-only options in "auto". The emulator's request log names the
// body fields each request carried.

const SCHEMA = { type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'string' } } };

const posts = (emulator: Emulator, path: string) => emulator.requests.filter((r) => r.method === 'POST' && r.path === path);

/** An AWS-style presigned window starting now. */
function presigned(emulator: Emulator, name: string, seconds: number): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
  return `${emulator.url}/__storage/${name}?X-Amz-Date=${stamp}&X-Amz-Expires=${seconds}`;
}

async function withKey(page: Page, emulator: Emulator): Promise<void> {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the first-run sample
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
}

test('add a document from its web address, see its pages, and parse it with document_url', async ({ page, preview, emulator }) => {
  await withKey(page, emulator);
  const url = `${emulator.url}/__storage/statement.pdf`;
  expect(
    (
      await fetch(url, {
        method: 'PUT',
        body: new Uint8Array(await smallPdf('statement', 3)),
        headers: { 'content-type': 'application/pdf' },
      })
    ).ok,
  ).toBe(true);

  await page.getByTestId('library-add-url-toggle').click();
  await page.getByTestId('library-url-input').fill(url);
  await page.screenshot({ path: 'test-results/screens/library-add-url.png' });
  await page.getByTestId('library-url-add').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 3');
  await expect(page.locator('li.active [data-testid="library-document"]')).toHaveAttribute('data-document-name', 'statement.pdf');

  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('engine-options-toggle').click();
  await page.getByTestId('parse-mode').selectOption('sync');
  await page.getByTestId('engine-send-url').check();
  await page.getByTestId('engine-options').screenshot({ path: 'test-results/screens/engine-send-url.png' });
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');
  await expect(page.locator('[data-testid="page"][data-page="1"] [data-testid="box"]').first()).toBeVisible();

  const [sent] = posts(emulator, '/v2/parse');
  expect(sent?.fields).toEqual(expect.objectContaining({ document_url: url }));
  expect(sent?.fields).not.toHaveProperty('document');

  // Unticked, the same document is uploaded; a document opened from a file has no such option.
  await page.getByTestId('engine-send-url').uncheck();
  await page.getByTestId('run').click();
  // The emulator logs a request as it arrives and its fields once the body is read: wait for those.
  await expect.poll(() => posts(emulator, '/v2/parse').length).toBe(2);
  await expect.poll(() => posts(emulator, '/v2/parse')[1]?.fields).toEqual(expect.objectContaining({ document: '<file statement.pdf>' }));
  // Its result lands before the click: the library entry it grows would move the invoice under the pointer.
  await expect(page.locator('[data-testid="library-document"][data-document-name="statement.pdf"]')).toContainText('2 results');
  await page.getByTestId('library-document').filter({ hasText: 'invoice.pdf' }).click();
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  await expect(page.getByTestId('engine-send-url')).toHaveCount(0);
  void preview;
});

test('an address the service could not fetch is refused, saying why, and nothing is added', async ({ page, preview, emulator }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  // No v2 key on this computer's emulator: a loopback address is not one a service could fetch.
  await page.getByTestId('library-add-url-toggle').click();
  await page.getByTestId('library-url-input').fill(`${emulator.url}/__storage/any.pdf`);
  await page.getByTestId('library-url-add').click();
  const error = page.getByTestId('library-add-url').getByTestId('error');
  await expect(error).toHaveAttribute('data-code', 'invalid_document_url');
  await expect(error).toContainText('plain http');
  await expect(error).toContainText('only with a v2 key whose service runs on this computer');
  await page.screenshot({ path: 'test-results/screens/library-add-url-refused.png' });
  expect(emulator.requests.filter((r) => r.path.startsWith('/__storage'))).toHaveLength(0);
  await expect(page.getByTestId('library-document')).toHaveCount(1);
  void preview;
});

test('the extract model is chosen, sent as model and shown in the result; a typed snapshot goes as typed', async ({
  page,
  preview,
  emulator,
}) => {
  await withKey(page, emulator);
  await page.getByTestId('library-result').first().click();
  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  // The service default unless one is picked: no model field goes.
  await expect(page.getByTestId('extract-model')).toHaveValue('');
  await page.getByTestId('extract-model').selectOption('extract-20250930');
  await page.getByTestId('extract-options').screenshot({ path: 'test-results/screens/extract-model.png' });
  await page.getByTestId('extract-run').click();
  await expect(page.getByTestId('extraction-summary')).toContainText('extract · extract-20250930');
  await expect(page.getByTestId('library-result').filter({ hasText: 'extract · extract-20250930' })).toHaveCount(1);
  expect(posts(emulator, '/v2/extract')[0]?.fields).toEqual(expect.objectContaining({ model: 'extract-20250930' }));

  await page.locator('.schema-editor > summary').click(); // folded once there are fields
  await page.getByTestId('extract-model').selectOption('custom');
  await page.getByTestId('extract-model-custom').fill('extract-20251024');
  await page.getByTestId('extract-run').click();
  await expect(page.getByTestId('extraction-summary')).toContainText('extract · extract-20251024');
  expect(posts(emulator, '/v2/extract')[1]?.fields).toEqual(expect.objectContaining({ model: 'extract-20251024' }));
  void preview;
});

test("an extract job's output_save_url: a short window is refused before sending, a valid one is delivered to", async ({
  page,
  preview,
  emulator,
}) => {
  await withKey(page, emulator);
  await page.getByTestId('library-result').first().click();
  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await page.getByTestId('extractor').selectOption('extract-job');
  await page.getByTestId('extract-output-save-url').fill(presigned(emulator, 'short.json', 300));
  await page.getByTestId('extract-run').click();
  const error = page.getByTestId('error').first();
  await expect(error).toHaveAttribute('data-code', 'output_save_url_too_short');
  await expect(error).toContainText('15 min');
  expect(posts(emulator, '/v2/extract/jobs')).toHaveLength(0);

  const good = presigned(emulator, 'extraction.json', 3600);
  await page.getByTestId('extract-output-save-url').fill(good);
  await page.getByTestId('extract-options').screenshot({ path: 'test-results/screens/extract-job-output-url.png' });
  await page.getByTestId('extract-run').click();
  await expect(page.locator('[data-testid="field"][data-field="invoice_number"]')).toContainText('INV-2024-0042', { timeout: 20_000 });
  expect(posts(emulator, '/v2/extract/jobs')[0]?.fields).toEqual(expect.objectContaining({ output_save_url: good }));
  // No model picked: the service's default, so no model field at all.
  expect(posts(emulator, '/v2/extract/jobs')[0]?.fields).not.toHaveProperty('model');
  expect(emulator.requests.some((r) => r.method === 'PUT' && r.path === '/__storage/extraction.json')).toBe(true);
  void preview;
});

test('open a job by typing its id: current and older formats, a bad id before any request, a clear 404', async ({
  page,
  preview,
  emulator,
}) => {
  await withKey(page, emulator);
  // The older-format jobs the emulator seeds for each key.
  const state = (await (await fetch(`${emulator.url}/__control/state`)).json()) as {
    jobs: Array<{ jobId: string; owner: string; service: string }>;
  };
  const mine = state.jobs.filter((j) => j.owner === DEMO_KEYS.v2[0]);
  const uuid = mine.find((j) => j.service === 'parse' && /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(j.jobId))!.jobId;
  const hex = mine.find((j) => j.service === 'extract' && j.jobId.startsWith('job_'))!.jobId;

  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('engine-options-toggle').click();
  await page.getByTestId('parse-mode').selectOption('job');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('workspace-job')).toContainText('result stored', { timeout: 20_000 });
  const current = (await page.getByTestId('workspace-job').getAttribute('data-job-id'))!;

  await page.getByTestId('nav-jobs').click();
  const detail = page.getByTestId('job-detail');
  const form = page.getByTestId('open-job');
  const idBox = page.getByTestId('open-job-id');
  const polls = () => emulator.requests.filter((r) => r.method === 'GET' && /^\/v2\/(parse|extract)\/jobs\/./.test(r.path)).length;

  await idBox.fill(current);
  await expect(page.getByTestId('open-job-service')).toHaveCount(0); // a current id names its service
  await page.getByTestId('open-job-go').click();
  await expect(detail).toHaveAttribute('data-job-id', current);

  await idBox.fill(uuid);
  await page.getByTestId('open-job-service').selectOption('parse');
  await page.getByTestId('open-job-go').click();
  await expect(detail).toHaveAttribute('data-job-id', uuid);
  await expect(detail).toContainText('older format');

  await idBox.fill(hex);
  await page.getByTestId('open-job-service').selectOption('extract');
  await form.screenshot({ path: 'test-results/screens/open-job-older.png' });
  await page.getByTestId('open-job-go').click();
  await expect(detail).toHaveAttribute('data-job-id', hex);

  const before = polls();
  await idBox.fill('parse-01 / ../x');
  await page.getByTestId('open-job-go').click();
  await expect(form.getByTestId('error')).toHaveAttribute('data-code', 'invalid_job_id');
  await idBox.fill(current.replace(/^parse-/, 'extract-').slice(0, -3) + 'zz');
  await page.getByTestId('open-job-go').click();
  await expect(form.getByTestId('error')).toHaveAttribute('data-code', 'not_found');
  expect(polls()).toBe(before + 1);

  await idBox.fill('parse-01arz3ndektsv4rrffq69g5fav');
  await page.getByTestId('open-job-go').click();
  await expect(form.getByTestId('error')).toContainText('No parse job "parse-01arz3ndektsv4rrffq69g5fav" for "Emulator v2"');
  await form.screenshot({ path: 'test-results/screens/open-job-404.png' });
  void preview;
});

test('auto with the priority tier or an output URL runs as a job with them; a direct call asked with them sends nothing', async ({
  page,
  preview,
  emulator,
}) => {
  await withKey(page, emulator);
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('engine-options-toggle').click();
  await expect(page.getByTestId('parse-mode')).toHaveValue('auto');
  await page.getByTestId('service-tier').selectOption('priority');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('workspace-job')).toContainText('result stored', { timeout: 20_000 });
  const first = await page.getByTestId('workspace-job').getAttribute('data-job-id');
  expect(posts(emulator, '/v2/parse/jobs').map((r) => r.fields?.service_tier)).toEqual(['priority']);
  expect(posts(emulator, '/v2/parse')).toHaveLength(0);

  await page.getByTestId('service-tier').selectOption('standard');
  const saveUrl = presigned(emulator, 'parse-out.json', 3600);
  await page.getByTestId('output-save-url').fill(saveUrl);
  await page.getByTestId('run').click();
  await expect.poll(() => posts(emulator, '/v2/parse/jobs').length).toBe(2);
  // (Logged as it arrived; its fields once its body was read.)
  await expect.poll(() => posts(emulator, '/v2/parse/jobs')[1]?.fields).toEqual(expect.objectContaining({ output_save_url: saveUrl }));
  expect(posts(emulator, '/v2/parse')).toHaveLength(0);
  // The create is logged before the line shows the new job: until then it still says the first
  // job's "result stored". Wait for the second job's, or its polls land in the count below.
  await expect(page.getByTestId('workspace-job')).not.toHaveAttribute('data-job-id', first!);
  await expect(page.getByTestId('workspace-job')).toContainText('result stored', { timeout: 20_000 });

  const before = emulator.requests.length;
  await page.getByTestId('parse-mode').selectOption('sync');
  await page.getByTestId('service-tier').selectOption('priority');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('error').first()).toHaveAttribute('data-code', 'option_needs_job');
  await page.getByTestId('output-save-url').fill('');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('error').first()).toHaveAttribute('data-code', 'option_needs_job');
  expect(emulator.requests.length).toBe(before);
  void preview;
});
