import { readFile } from 'node:fs/promises';
import { addKeyThroughUi, DEMO_KEYS, expect, test, addEmulatorV2Key } from './fixtures.js';
import { INVOICE_SCHEMA as SCHEMA } from './invoiceSchema.js';

test('cloud extract, review each field, export, and everything reopens with the network gone', async ({
  page,
  launchPreview,
  emulator,
}) => {
  let preview = await launchPreview();
  await page.goto(preview.url);
  await addEmulatorV2Key(page, emulator);
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('parse · dpt-3-pro');

  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await expect(page.getByTestId('extractor')).toHaveValue('extract');
  await page.getByTestId('extract-run').click();
  const total = page.locator('[data-testid="field"][data-field="total"]');
  await expect(total).toContainText('$1,242.00');
  await total.click();
  await expect(page.getByTestId('selection-text')).toHaveText('$1,242.00');
  await expect(page.getByTestId('selection-page')).toHaveText('1');

  await total.getByTestId('field-accept').click();
  const due = page.locator('[data-testid="field"][data-field="due_date"]');
  await due.getByTestId('field-correct').click();
  await due.getByTestId('field-corrected-value').fill('2024-04-15');
  await due.getByTestId('field-note').fill('stamp says 15th');
  await due.getByTestId('field-correct-save').click();
  await expect(due.getByTestId('field-corrected')).toContainText('2024-04-15');
  await page.locator('[data-testid="field"][data-field="invoice_number"]').getByTestId('field-reject').click();
  await expect(page.getByTestId('review-progress')).toHaveText('3 of 3 reviewed · 1 corrected · 1 rejected');

  const download = page.waitForEvent('download');
  await page.getByTestId('export-review-csv').click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('field,model_value,status,reviewer_value,note,pages,boxes,source_text');
  expect(csv).toContain('total,"$1,242.00",accepted,"$1,242.00",');
  expect(csv).toContain('due_date,2024-04-14,corrected,2024-04-15,stamp says 15th');
  expect(csv).toContain('invoice_number,INV-2024-0042,rejected,,');

  const jsonDownload = page.waitForEvent('download');
  await page.getByTestId('export-review-json').click();
  const exported = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8'));
  expect(exported).toMatchObject({ document: 'invoice.pdf', reviewed: 3, total: 3 });

  // No network: the emulator and the preview both stop; a new preview reopens everything from disk.
  await emulator.close();
  await preview.stop();
  preview = await launchPreview();
  await page.goto(preview.url);
  await page.getByTestId('library-result').filter({ hasText: 'extract · extract' }).click();
  await expect(page.getByTestId('review-progress')).toHaveText('3 of 3 reviewed · 1 corrected · 1 rejected');
  await expect(page.locator('[data-testid="field"][data-field="due_date"]').getByTestId('field-corrected')).toContainText('2024-04-15');
  await page.locator('[data-testid="field"][data-field="total"]').click();
  await expect(page.getByTestId('selection-text')).toHaveText('$1,242.00');
});

test('a schema with problems is refused before anything is sent, naming each problem', async ({ page, preview, emulator }) => {
  await addEmulatorV2Key(page, emulator);
  await page.getByTestId('library-result').first().click();
  await page.getByTestId('schema-input').fill(JSON.stringify({ type: 'object', properties: { total: { type: 'money' } } }));
  const before = emulator.requests.length;
  await page.getByTestId('extract-run').click();
  const error = page.getByTestId('error').first();
  await expect(error).toHaveAttribute('data-code', 'invalid_schema');
  await expect(error).toContainText('/properties/total/type');
  expect(emulator.requests.length).toBe(before);

  // JSON that does not parse is named as it is typed, with what to do; Extract is off and says why.
  await page.getByTestId('schema-input').fill('{"type": "object", ');
  const typed = page.locator('[data-code="invalid_schema"]').filter({ hasText: 'not valid JSON' });
  await expect(typed).toBeVisible();
  await expect(typed).toContainText('Load a schema file');
  await expect(page.getByTestId('extract-run')).toBeDisabled();
  await expect(page.getByTestId('extract-disabled-reason')).toContainText('until the schema above is a JSON object');
  await page.getByTestId('schema-input').fill('[]');
  await expect(page.locator('[data-code="invalid_schema"]').filter({ hasText: 'must be a JSON object' })).toBeVisible();
  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await expect(page.locator('[data-code="invalid_schema"]').filter({ hasText: /not valid JSON|must be a JSON object/ })).toHaveCount(0);
  await expect(page.getByTestId('extract-run')).toBeEnabled();
  expect(emulator.requests.length).toBe(before);
  void preview;
});

test('a long extraction can go as a job: it is tracked and opens when done', async ({ page, preview, emulator }) => {
  await addEmulatorV2Key(page, emulator);
  await page.getByTestId('library-result').first().click();
  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await page.getByTestId('extractor').selectOption('extract-job');
  await page.getByTestId('extract-run').click();
  await expect(page.locator('[data-testid="field"][data-field="invoice_number"]')).toContainText('INV-2024-0042', { timeout: 20_000 });
  expect(emulator.requests.some((r) => r.method === 'POST' && r.path === '/v2/extract/jobs' && r.status === 202)).toBe(true);
  await page.locator('[data-testid="field"][data-field="total"]').click();
  await expect(page.getByTestId('selection-text')).toHaveText('$1,242.00');
  void preview;
});

test('the older analyzer extracts with the Fields schema, and its fields link back to the page', async ({ page, preview, emulator }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await addKeyThroughUi(page, { name: 'Emulator analyzer', kind: 'analyzer', secret: DEMO_KEYS.analyzer[0]!, address: emulator.url });
  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await page.getByTestId('engine').selectOption('analyzer');
  await page.getByTestId('engine-options-toggle').click();
  await page.getByTestId('engine-analyzer-extract').check();
  await page.getByTestId('run').click();
  await expect(page.locator('.status-result')).toContainText('analyzer');
  const field = page.locator('[data-testid="field"][data-field="invoice_number"]');
  await expect(field).toContainText('INV-2024-0042');
  await field.click();
  await expect(page.getByTestId('selection-text')).toHaveText('INV-2024-0042');
  await expect(page.getByTestId('selection-page')).toHaveText('1');
  void preview;
});

test('a correction being typed when an earlier extraction lands stays where it was typed; the new one opens once it is saved', async ({
  page,
  preview,
  emulator,
}) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible(); // the sample invoice, parsed offline
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  await page.getByTestId('schema-input').fill(JSON.stringify(SCHEMA));
  await page.getByTestId('extractor').selectOption('local');
  await page.getByTestId('extract-run').click();
  const invoiceNumber = page.locator('[data-testid="field"][data-field="invoice_number"]');
  await expect(invoiceNumber).toBeVisible();
  await expect(page.getByTestId('extraction-summary')).toContainText('extract · local');

  // A cloud extraction that takes 3 s, started before the reviewer turns to a correction.
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    body: JSON.stringify({ fault: { kind: 'latency', ms: 3000 }, match: { path: '/v2/extract' }, times: 1 }),
  });
  await page.locator('.schema-editor > summary').click(); // folded once fields are shown
  await page.getByTestId('extractor').selectOption('extract');
  await page.getByTestId('extract-run').click();
  await invoiceNumber.click();
  await page.keyboard.press('c');
  const corrector = invoiceNumber.getByTestId('field-corrected-value');
  await corrector.fill('INV-TYPED-BY-HAND');

  // It lands: said, not opened under the typing.
  await expect(page.getByTestId('corrector-result-waiting')).toBeVisible({ timeout: 15_000 });
  await expect(corrector).toHaveValue('INV-TYPED-BY-HAND');
  await expect(page.getByTestId('extraction-summary')).toContainText('extract · local');
  await corrector.press('Enter');

  // Saved on the extraction it was typed on; then the new one opens, that field undecided.
  await expect(page.getByTestId('extraction-summary')).not.toContainText('extract · local');
  await expect(page.getByTestId('extraction-summary')).toContainText('extract · extract');
  await expect(invoiceNumber).toHaveAttribute('data-status', 'unreviewed');
  await page.getByTestId('library-result').filter({ hasText: 'extract · local' }).click();
  await expect(page.getByTestId('extraction-summary')).toContainText('extract · local');
  await expect(invoiceNumber).toHaveAttribute('data-status', 'corrected');
  await expect(invoiceNumber).toContainText('INV-TYPED-BY-HAND');
  void preview;
});
