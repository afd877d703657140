import { addKeyThroughUi, DEMO_KEYS, expect, test, showCloudParseOptions } from './fixtures.js';

test('open a PDF, run the cloud parser against the emulator, click a box: exact Markdown and node', async ({ page, preview, emulator }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the first-run sample
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });

  await page.getByTestId('open-file').setInputFiles('resources/samples/report.pdf');
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');

  // The emulator reads the page's own text (pdf.js): the running header is marginalia, the title text-0.
  const heading = page.locator('[data-testid="box"][data-node-id="text-0"]');
  await heading.click();
  await expect(page.locator('[data-testid="md-node"][data-node-id="text-0"]')).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('selection-text')).toHaveText('## Annual Review 2024');
  await expect(page.getByTestId('selection-page')).toHaveText('1');
  expect(emulator.requests.some((r) => r.method === 'POST' && r.path === '/v2/parse' && r.status === 200)).toBe(true);
  void preview;
});

test('a refused request shows its code, message and what to do; nothing is sent for a bad option', async ({ page, preview, emulator }) => {
  await showCloudParseOptions(page, emulator);

  await page.getByTestId('engine-model').selectOption('custom');
  await page.getByTestId('engine-model-custom').fill('dpt-9-imaginary');
  await page.getByTestId('run').click();
  const error = page.getByTestId('error').first();
  await expect(error).toHaveAttribute('data-code', 'unknown_model_version');

  await page.getByTestId('engine-model').selectOption('dpt-3-pro');
  await page.getByTestId('engine-pages').fill('0-2');
  const before = emulator.requests.length;
  await page.getByTestId('run').click();
  await expect(error).toHaveAttribute('data-code', 'invalid_option');
  await expect(error).toContainText('Pages count from 1');
  expect(emulator.requests.length).toBe(before);
  void preview;
});

test('the older analyzer runs on the same panels: chunks found in the Markdown, boxes on 1-indexed pages', async ({
  page,
  preview,
  emulator,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await addKeyThroughUi(page, { name: 'Emulator analyzer', kind: 'analyzer', secret: DEMO_KEYS.analyzer[0]!, address: emulator.url });
  await page.getByTestId('engine').selectOption('analyzer');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('analyzer');
  const box = page.locator('[data-testid="page"][data-page="1"] [data-testid="box"]').nth(2);
  await box.click();
  const id = await box.getAttribute('data-node-id');
  await expect(page.locator(`[data-testid="md-node"][data-node-id="${id}"]`)).toHaveAttribute('data-selected', 'true');
  // The status bar follows the frame that shows the selection: waited for, not read at once.
  await expect(page.getByTestId('selection-text')).toHaveText(/\S.{2,}/);
  const text = (await page.getByTestId('selection-text').textContent()) ?? '';
  // The chunk's range was found in the Markdown: the raw view marks exactly that text.
  await page.getByTestId('md-raw-toggle').check();
  await expect(page.getByTestId('md-raw-selected')).toHaveText(text);
  void preview;
});

test('a failure kept on a document says it is from earlier when the reviewer comes back to it', async ({ page, preview, emulator }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the first-run sample
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('open-file').setInputFiles('resources/samples/report.pdf');
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await page.getByTestId('engine').selectOption('parse');
  emulator.faults.add({ fault: { kind: 'status', status: 500 }, match: { method: 'POST', path: '/v2/parse' } });
  await page.getByTestId('run').click();
  const banner = page.locator('.workspace > [data-testid="error"]');
  await expect(banner).toBeVisible();
  const code = await banner.getAttribute('data-code');
  // Fresh, it needs no word on when it happened.
  await expect(banner.getByTestId('error-note')).toHaveCount(0);

  // Elsewhere and back (the service answers again meanwhile): the same failure, said to be from earlier.
  await page.locator('[data-testid="library-document"][data-document-name="invoice.pdf"]').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 1');
  await expect(banner).toHaveCount(0);
  await page.locator('[data-testid="library-document"][data-document-name="report.pdf"]').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 4');
  await expect(banner).toHaveAttribute('data-code', code!);
  await expect(banner.getByTestId('error-note')).toHaveText(/^From earlier, at \d\d:\d\d, before this document was opened again\.$/);

  // A run now works, and its success clears the old failure.
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');
  await expect(banner).toHaveCount(0);
  void preview;
});
