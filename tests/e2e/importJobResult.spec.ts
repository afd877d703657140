import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Emulator } from '../emulator/server.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

/** A PDF whose Markdown runs well past the Jobs screen's 2,000-character preview, with a marker at its very end. */
async function longPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 2; p++) {
    const page = doc.addPage([612, 792]);
    for (let line = 0; line < 40; line++)
      page.drawText(`Page ${p + 1} line ${line + 1}: the quick brown fox jumps over the lazy dog`, {
        x: 40,
        y: 750 - line * 18,
        size: 10,
        font,
      });
    if (p === 1) page.drawText('Closing marker 7731', { x: 40, y: 20, size: 10, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A parse job created on the service by another client (not through this app), once it has completed. */
async function completedParseJob(emulator: Emulator, key: string, pdf: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.set('document', new Blob([new Uint8Array(pdf)]), name);
  const created = await fetch(`${emulator.url}/v2/parse/jobs`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${key}` } });
  const jobId = ((await created.json()) as { job_id: string }).job_id;
  await expect.poll(() => emulator.ctx.jobs.all().find((j) => j.jobId === jobId)?.status, { timeout: 15_000 }).toBe('completed');
  return jobId;
}

// A job started by another client: the Jobs screen shows the start of its Markdown only; the
// user imports its whole result with the document they pick, and reviews it like any other.
test('a job from another client: its full result is imported with its document and opens for review', async ({
  page,
  preview,
  emulator,
}) => {
  const key = DEMO_KEYS.v2[0]!;
  const pdf = await longPdf();
  const jobId = await completedParseJob(emulator, key, pdf, 'elsewhere.pdf');

  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: key, address: emulator.url });
  await page.getByTestId('nav-jobs').click();
  const row = page.getByTestId('jobs-remote').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await row.getByTestId('job-open').click();
  const detail = page.getByTestId('job-detail');
  await expect(detail).toHaveAttribute('data-job-id', jobId);
  await expect(detail.locator('.job-markdown')).not.toContainText('Closing marker 7731'); // past the preview

  await detail.getByTestId('job-import-document').setInputFiles({ name: 'elsewhere.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('page-count')).toHaveText('of 2');
  await page.getByTestId('md-raw-toggle').check();
  await expect(page.getByTestId('md-raw')).toContainText('Closing marker 7731');
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  await expect(page.getByTestId('error')).toHaveCount(0);
  void preview;
});

// The picked document must be the job's: a result reaching page 2 is not imported onto a 1-page PDF.
test("a job's result is refused for a document with fewer pages than it reaches, saying so", async ({ page, preview, emulator }) => {
  const key = DEMO_KEYS.v2[0]!;
  const jobId = await completedParseJob(emulator, key, await longPdf(), 'two-pages.pdf');

  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: key, address: emulator.url });
  await page.getByTestId('nav-jobs').click();
  const row = page.getByTestId('jobs-remote').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await row.getByTestId('job-open').click();
  const onePage = await PDFDocument.create();
  onePage.addPage([300, 400]);
  await page
    .getByTestId('job-detail')
    .getByTestId('job-import-document')
    .setInputFiles({ name: 'other.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await onePage.save()) });
  const error = page.getByTestId('error').first();
  await expect(error).toHaveAttribute('data-code', 'page_count_mismatch');
  await expect(error).toContainText('reaches page 2, but "other.pdf" has 1 page');
  // Nothing was imported onto it: the library holds the sample's result only.
  await page.getByTestId('nav-workspace').click();
  await expect(page.locator('[data-testid="library-document"][data-document-name="other.pdf"]')).toHaveCount(1);
  await expect(page.getByTestId('library-result')).toHaveCount(1);
  void preview;
});

// An extraction's ranges point into a parse result only the user can name: its import is not offered, and says why.
test("an extract job's result is not offered for import, and the button says why", async ({ page, preview, emulator }) => {
  const key = DEMO_KEYS.v2[0]!;
  const body = JSON.stringify({ markdown: 'Total: 12', schema: { type: 'object', properties: { total: { type: 'string' } } } });
  const created = await fetch(`${emulator.url}/v2/extract/jobs`, {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  expect(created.status).toBe(202);
  const jobId = ((await created.json()) as { job_id: string }).job_id;
  await expect.poll(() => emulator.ctx.jobs.all().find((j) => j.jobId === jobId)?.status, { timeout: 15_000 }).toBe('completed');

  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: key, address: emulator.url });
  await page.getByTestId('nav-jobs').click();
  await page.getByTestId('jobs-service').selectOption('extract');
  const row = page.getByTestId('jobs-remote').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await row.getByTestId('job-open').click();
  const button = page.getByTestId('job-detail').getByTestId('job-import');
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('title', /parse result it was made from/);
  await expect(page.getByTestId('job-import-document')).toHaveCount(0);
  void preview;
});

// A job started here knows its document: its result is imported onto that one, nothing is asked.
test('a job started here with no result stored: its result is imported onto its own document, with no picker', async ({
  page,
  preview,
  emulator,
  sandbox,
}) => {
  const key = DEMO_KEYS.v2[0]!;
  const pdf = await longPdf();
  await addKeyThroughUi(page, { name: 'Emulator v2', kind: 'v2', secret: key, address: emulator.url });
  await page.getByTestId('open-file').setInputFiles({ name: 'kept.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('page-count')).toHaveText('of 2');
  const documentId = (await page.locator('li.active[data-testid="library-entry"]').getAttribute('data-document-id'))!;
  // The reviewer moves on to another document.
  await page.getByTestId('library-document').filter({ hasText: 'invoice.pdf' }).click();
  await expect(page.getByTestId('page-count')).toHaveText('of 1');

  const jobId = await completedParseJob(emulator, key, pdf, 'kept.pdf');
  // Its record as this app keeps it, completed but with no result stored (its polling stopped on a problem).
  const settings = JSON.parse(await readFile(join(sandbox.dataDir, 'settings.json'), 'utf8')) as { keys: Array<{ id: string }> };
  const now = new Date().toISOString();
  const record = {
    jobId,
    service: 'parse',
    keyId: settings.keys[0]!.id,
    documentId,
    documentName: 'kept.pdf',
    request: { service: 'parse', documentId },
    createdAt: now,
    status: 'completed',
    completedAt: now,
    resultId: null,
    error: null,
    credits: null,
    pageCount: 2,
    problem: { code: 'result_fetch_failed', message: 'The result could not be fetched.' },
    updatedAt: now,
  };
  await mkdir(join(sandbox.dataDir, 'workspace', 'jobs'), { recursive: true });
  await writeFile(join(sandbox.dataDir, 'workspace', 'jobs', `${jobId}.json`), JSON.stringify(record));

  await page.getByTestId('nav-jobs').click();
  await page.getByTestId('jobs-local').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`).getByTestId('job-open').click();
  const detail = page.getByTestId('job-detail');
  await expect(detail).toHaveAttribute('data-job-id', jobId);
  await expect(detail.getByTestId('job-import-document')).toHaveCount(0);
  await detail.getByTestId('job-import').click();
  await expect(page.getByTestId('page-count')).toHaveText('of 2');
  await expect(page.locator('li.active[data-testid="library-entry"]')).toHaveAttribute('data-document-id', documentId);
  await page.getByTestId('md-raw-toggle').check();
  await expect(page.getByTestId('md-raw')).toContainText('Closing marker 7731');
  await expect(page.getByTestId('error')).toHaveCount(0);
  void preview;
});
