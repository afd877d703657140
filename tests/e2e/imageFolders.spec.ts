import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rgbPng } from '../support/png.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

// The preview has no folder dialog: a folder is allowed by typing its absolute path on
// the media board. Until then a media list's image is not read; after, it shows; removed
// again, it stops.
test('thumbnails show only from a folder allowed on the media board, and stop when it is removed', async ({
  page,
  preview,
  emulator,
  sandbox,
}) => {
  void preview; // started, the page opened on it
  const images = join(sandbox.dataDir, 'pictures'); // removed with the sandbox
  await mkdir(images, { recursive: true });
  await writeFile(join(images, 'weld.png'), rgbPng(8, 8));

  await addKeyThroughUi(page, { name: 'Emulator v1', kind: 'v1', secret: DEMO_KEYS.v1[0]!, address: emulator.url });
  await page.getByTestId('nav-datasets').click();
  await page.getByTestId('ds-project-name').fill('Thumbs');
  await page.getByTestId('ds-project-save').click();
  await expect(page.getByTestId('ds-project')).toContainText('Thumbs');
  const csv = `mediaId,fileName,imagePath\n1,weld.png,${join(images, 'weld.png')}\n`;
  await page.getByTestId('media-import').setInputFiles({ name: 'media.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const tile = page.locator('[data-testid="media-tile"][data-media-id="1"]');
  await expect(tile).toContainText('image unreadable');

  // A network path is refused with a reason beside the field.
  await page.getByTestId('image-folder-path').fill('\\\\attacker.example\\share');
  await page.getByTestId('image-folder-allow').click();
  await expect(page.getByTestId('field-error')).toContainText('Network and device paths are not allowed');

  await page.getByTestId('image-folder-path').fill(images);
  await page.getByTestId('image-folder-allow').click();
  await expect(page.getByTestId('image-folder')).toHaveCount(1);
  await expect(tile.locator('img')).toBeVisible();

  await page.getByTestId('image-folder').getByRole('button').click();
  await expect(page.getByTestId('image-folder')).toHaveCount(0);
  await expect(tile).toContainText('image unreadable');
});
