import { expect, test } from './fixtures.js';
import { openForParseJob } from './jobsHelpers.js';

// An output_save_url the app accepts but has doubts about: signed with session credentials
// (it dies with the session) and with no readable expiry. The user hears it while typing,
// on the job line, and on the Jobs screen.
test('output_save_url warnings are shown in the form, on the job line and on the Jobs screen', async ({ page, preview, emulator }) => {
  await openForParseJob(page, emulator, 'session', 2);
  await page.getByTestId('output-save-url').fill(`${emulator.url}/__storage/session.json?X-Amz-Security-Token=FwoGZXIvYXdzEB`);
  const note = page.getByTestId('output-save-url-note');
  await expect(note).toContainText('temporary session credentials');
  await expect(note).toContainText('expiry of output_save_url could not be read');
  await expect(note).toContainText('15 min 6 s'); // the open document's 2 pages count

  await page.getByTestId('run').click();
  const line = page.getByTestId('workspace-job');
  await expect(line).toHaveAttribute('data-job-id', /^parse-/);
  const jobId = (await line.getAttribute('data-job-id'))!;
  await expect(line.getByTestId('job-warnings')).toContainText('temporary session credentials');
  await expect(line).toContainText('result stored', { timeout: 20_000 });

  await page.getByTestId('nav-jobs').click();
  const row = page.getByTestId('jobs-local').locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
  await expect(row.getByTestId('job-warnings')).toContainText('temporary session credentials');
  await expect(row.getByTestId('job-warnings')).toContainText('could not be read from the URL');
  void preview;
});

// The service PUTs the whole result to output_save_url: plain http off this computer would
// carry it readable across the network. The form says so while it is typed, and Run is
// refused before anything reaches the service.
test('a plain-http output_save_url off this computer is refused in the form before anything is sent', async ({
  page,
  preview,
  emulator,
}) => {
  await openForParseJob(page, emulator, 'plain', 1);
  await page.getByTestId('output-save-url').fill('http://bucket.example.com/out.json?X-Amz-Date=20250102T030000Z&X-Amz-Expires=3600');
  const note = page.getByTestId('output-save-url-note');
  await expect(note).toContainText('output_save_url must be https');
  await expect(note).toHaveClass(/error/);

  const posts = () => emulator.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v2/parse')).length;
  await page.getByTestId('run').click();
  await expect(page.getByTestId('error').first()).toContainText('must be https');
  expect(posts()).toBe(0);

  // To this computer, plain http is taken: the note no longer refuses it.
  await page.getByTestId('output-save-url').fill(`${emulator.url}/__storage/plain.json`);
  await expect(note).not.toContainText('must be https');
  void preview;
});
