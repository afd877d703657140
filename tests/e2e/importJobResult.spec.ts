import { PDFDocument, StandardFonts } from 'pdf-lib';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

/** A PDF whose Markdown runs well past the Jobs screen's 2,000-character preview, with a marker at its very end. */
async function longPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 2; p++) {
    const page = doc.addPage([612, 792]);
    for (let line = 0; line < 40; line++) page.drawText(`Page ${p + 1} line ${line + 1}: the quick brown fox jumps over the lazy dog`, { x: 40, y: 750 - line * 18, size: 10, font });
    if (p === 1) page.drawText('Closing marker 7731', { x: 40, y: 20, size: 10, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

// A job started by another client: the Jobs screen shows the start of its Markdown only; the
// user imports its whole result with the document they pick, and reviews it like any other.
test('a job from another client: its full result is imported with its document and opens for review', async ({ page, preview, emulator }) => {
  const key = DEMO_KEYS.v2[0]!;
  const pdf = await longPdf();
  const form = new FormData();
  form.set('document', new Blob([new Uint8Array(pdf)]), 'elsewhere.pdf');
  const created = await fetch(`${emulator.url}/v2/parse/jobs`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${key}` } });
  const jobId = ((await created.json()) as { job_id: string }).job_id;
  await expect.poll(() => emulator.ctx.jobs.all().find((j) => j.jobId === jobId)?.status, { timeout: 15_000 }).toBe('completed');

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
