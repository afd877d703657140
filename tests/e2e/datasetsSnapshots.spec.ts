import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { createV1Project } from './v1Project.js';

// A snapshot's card follows its download: Started (the export's answer) → Downloading → Saved
// with the file named, and a failed download says why and can be retried. The folder typed in
// the preview (picked in a dialog in the app) is remembered.

const control = (url: string, path: string, body: unknown) =>
  fetch(`${url}/__control/${path}`, { method: 'POST', body: JSON.stringify(body) });

test('snapshot state follows the download to saved; a failure says why and retries', async ({ page, preview, emulator }) => {
  void preview;
  const id = await createV1Project(page, emulator, 'Snapshots');
  await page.getByTestId('ds-tab-snapshots').click();
  await page.getByTestId('snapshot-version').fill('0');
  await page.getByTestId('snapshot-export').click();
  await expect(page.locator('[data-testid="field-error"][data-field="path.snapshot_version"]')).toContainText('start at 1');
  await page.getByTestId('snapshot-version').fill('2');
  await page.getByTestId('snapshot-retry').check();
  await page.getByTestId('snapshot-export').click();
  const card = page.locator('[data-testid="snapshot-export-card"][data-version="2"]');
  await expect(card.getByTestId('snapshot-status')).toHaveText('Started');
  await expect(card).toContainText('retry');
  await expect(card.getByTestId('snapshot-countdown')).toContainText(/Link expires in (59|60):\d\d/);
  await expect(card.getByTestId('snapshot-choose-folder')).toHaveCount(0); // the preview has no folder dialog
  await expect(card.getByTestId('snapshot-download')).toHaveAttribute('title', 'Type a destination folder first.');

  const folder = await mkdtemp(join(tmpdir(), 'groundwork-snapstate-'));
  try {
    // The archive is served slowly: the card says it is downloading, and the button cannot start a second one.
    await card.getByTestId('snapshot-folder').fill('relative/path');
    await card.getByTestId('snapshot-download').click();
    await expect(card.locator('[data-testid="field-error"][data-field="folder"]')).toContainText('not an absolute path');
    await expect(card.getByTestId('snapshot-status')).toHaveText('Started');

    expect((await control(emulator.url, 'storage/delay', { ms: 3000 })).ok).toBe(true);
    await card.getByTestId('snapshot-folder').fill(folder);
    await card.getByTestId('snapshot-download').dblclick(); // the impatient user: still one download
    await expect(card.getByTestId('snapshot-status')).toHaveText('Downloading');
    await expect(card.getByTestId('snapshot-progress')).toBeVisible();
    await card.screenshot({ path: test.info().outputPath('E-snapshot-downloading.png') });
    await expect(card.getByTestId('snapshot-download')).toBeDisabled();
    // Leaving the tab mid-download and coming back: the card still follows the same download.
    await page.getByTestId('ds-tab-training').click();
    await expect(card).toHaveCount(0);
    await page.getByTestId('ds-tab-snapshots').click();
    await expect(card.getByTestId('snapshot-status')).toHaveText('Downloading');
    await expect(card.getByTestId('snapshot-status')).toHaveText('Saved');
    expect(emulator.requests.filter((r) => r.path.startsWith('/__storage/')).length).toBe(1);
    await expect(card.getByTestId('snapshot-saved')).toContainText(`snapshot-${id}-v2.zip`);
    await expect(card.getByTestId('snapshot-saved')).toContainText(folder);
    expect(await readdir(folder)).toEqual([`snapshot-${id}-v2.zip`]);
    await card.screenshot({ path: test.info().outputPath('E-snapshot-saved.png') });

    // The served archive goes bad: the download fails, says why, keeps nothing; put right, Retry saves it.
    await control(emulator.url, 'storage/delay', { ms: 0 });
    const storage = `${emulator.url}/__storage/snapshot-${id}-v2.zip`;
    const good = Buffer.from(await (await fetch(storage)).arrayBuffer());
    await fetch(storage, { method: 'PUT', body: 'not a zip at all' });
    await card.getByTestId('snapshot-download').click();
    await expect(card.getByTestId('snapshot-status')).toHaveText('Failed');
    await expect(card.getByTestId('snapshot-failed')).toContainText('is not a ZIP archive; nothing was kept');
    await card.screenshot({ path: test.info().outputPath('E-snapshot-failed.png') });
    expect(await readdir(folder)).toEqual([`snapshot-${id}-v2.zip`]);
    await fetch(storage, { method: 'PUT', body: good, headers: { 'Content-Type': 'application/zip' } });
    await expect(card.getByTestId('snapshot-download')).toHaveText('Retry download');
    await card.getByTestId('snapshot-download').click();
    await expect(card.getByTestId('snapshot-status')).toHaveText('Saved');
    await expect(card.getByTestId('snapshot-saved')).toContainText(`snapshot-${id}-v2 (1).zip`);
    expect((await readdir(folder)).sort()).toEqual([`snapshot-${id}-v2 (1).zip`, `snapshot-${id}-v2.zip`]);

    // The folder is remembered: after a reload a new export's card offers it already.
    await page.reload();
    await page.getByTestId('nav-datasets').click();
    await page.getByTestId('ds-tab-snapshots').click();
    await page.getByTestId('snapshot-version').fill('3');
    await page.getByTestId('snapshot-export').click();
    const next = page.locator('[data-testid="snapshot-export-card"][data-version="3"]');
    await expect(next.getByTestId('snapshot-folder')).toHaveValue(folder);
    await expect(card.getByTestId('snapshot-status')).toHaveText('Saved'); // v2 still shows where it went
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
