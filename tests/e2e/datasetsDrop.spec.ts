import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { rgbPng } from '../support/png.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

/** Adds the demo v1 key and creates a project; its id as the emulator made it. */
async function newProject(page: Page, emulatorUrl: string, name: string): Promise<number> {
  await addKeyThroughUi(page, { name: 'Emulator v1', kind: 'v1', address: emulatorUrl, secret: DEMO_KEYS.v1[0]! });
  await page.getByTestId('nav-datasets').click();
  await page.getByTestId('ds-project-name').fill(name);
  await page.getByTestId('ds-project-save').click();
  await expect(page.getByTestId('ds-project')).toContainText(name);
  const state = (await (await fetch(`${emulatorUrl}/__control/state`)).json()) as { projects: { id: number; name: string }[] };
  return state.projects.find((p) => p.name === name)!.id;
}

/** Drops files read from a folder on the board, as the browser hands a drop to the page: File objects, no paths. */
async function dropFolder(page: Page, folder: string, shot?: string): Promise<void> {
  const names = (await readdir(folder)).sort();
  const files = await Promise.all(names.map(async (name) => ({ name, bytes: [...(await readFile(join(folder, name)))] })));
  const dataTransfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([new Uint8Array(f.bytes)], f.name));
    return data;
  }, files);
  await page.getByTestId('board-drop').dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByTestId('board-drop')).toHaveClass(/files-over/);
  if (shot) await page.screenshot({ path: shot });
  await page.getByTestId('board-drop').dispatchEvent('drop', { dataTransfer });
}

const tile = (page: Page, id: number) => page.locator(`[data-testid="media-tile"][data-media-id="${id}"]`);
const file = (page: Page, name: string) => page.locator(`[data-testid="drop-file"][data-file="${name}"]`);

test('a dropped folder of images named by id: matched, unmatched with reasons, copied in and thumbnailed', async ({
  page,
  preview,
  emulator,
  sandbox,
}) => {
  void preview;
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await newProject(page, emulator.url, 'Dropped welds');
  const m = (n: number) => id * 100 + n;
  // The project knows its media: the ids are pasted first (the service has no list).
  await page.getByTestId('media-ids').fill([1, 2, 3, 4, 5].map(m).join(', '));
  await page.getByTestId('media-ids-add').click();
  await expect(page.getByTestId('media-tile')).toHaveCount(5);

  const folder = join(sandbox.dataDir, 'camera-roll');
  await mkdir(folder);
  for (const n of [1, 2, 3]) await writeFile(join(folder, `${m(n)}.png`), rgbPng(24, 16));
  await writeFile(join(folder, '999.png'), rgbPng(8, 8));
  await writeFile(join(folder, 'cover.png'), rgbPng(8, 8));
  await writeFile(join(folder, `${m(5)}.png`), 'not an image at all');
  await dropFolder(page, folder, test.info().outputPath('D-drag-over.png'));

  const panel = page.getByTestId('drop-panel');
  await expect(panel).toContainText('6 image files dropped');
  for (const n of [1, 2, 3, 5]) await expect(file(page, `${m(n)}.png`)).toHaveAttribute('data-media-id', String(m(n)));
  await expect(file(page, '999.png').getByTestId('drop-reason')).toHaveText("id 999 is not in this project's media list");
  await expect(file(page, 'cover.png').getByTestId('drop-reason')).toHaveText('no digits in the name');

  // Typed for one file, the id wins over the rule.
  await page.getByLabel('Media id for cover.png').fill(String(m(4)));
  await expect(file(page, 'cover.png')).toHaveAttribute('data-media-id', String(m(4)));
  await page.screenshot({ path: test.info().outputPath('D-drop-panel.png') });

  await page.getByTestId('drop-bring-in').click();
  await expect(page.getByTestId('drop-summary')).toContainText('4 brought in, 1 refused, 1 without an id');
  // Only the refused file can be sent again; those brought in are not.
  await expect(page.getByTestId('drop-bring-in')).toHaveText('Try again: 1 image');
  // Main judged the bytes: the text file named like an image was refused, with the reason beside it.
  await expect(file(page, `${m(5)}.png`)).toHaveAttribute('data-state', 'failed');
  await expect(file(page, `${m(5)}.png`)).toContainText('is not an image');
  await expect(file(page, '999.png')).toHaveAttribute('data-state', 'unmatched');
  for (const n of [1, 2, 3, 4]) await expect(tile(page, m(n)).locator('img')).toBeVisible();
  await expect(tile(page, m(5)).locator('img')).toHaveCount(0);
  await expect(tile(page, m(4))).toContainText('cover.png');
  await page.screenshot({ path: test.info().outputPath('D-drop-done.png') });

  // The mapping is kept per project in the data folder, pointing at copies there (not at the dropped files).
  const registry = JSON.parse(await readFile(join(sandbox.dataDir, 'datasets.json'), 'utf8')) as {
    projects: { id: number; media: { mediaId: number; imagePath?: string }[] }[];
  };
  const media = registry.projects.find((p) => p.id === id)!.media;
  expect(media.find((x) => x.mediaId === m(1))?.imagePath).toBe(join(sandbox.dataDir, 'media', String(id), `${m(1)}.png`));
  expect((await readdir(join(sandbox.dataDir, 'media', String(id)))).sort()).toEqual([1, 2, 3, 4].map((n) => `${m(n)}.png`));

  // Still there after a reload.
  await page.getByTestId('drop-panel').getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await page.getByTestId('nav-datasets').click();
  await expect(tile(page, m(2)).locator('img')).toBeVisible();
});

test('a folder picked with its sidecar list: matched by the list, the rule changed and back, brought in once despite a double click', async ({
  page,
  preview,
  emulator,
  sandbox,
}) => {
  void preview;
  const id = await newProject(page, emulator.url, 'Sidecar');
  const m = (n: number) => id * 100 + n;
  const folder = join(sandbox.dataDir, 'batch');
  await mkdir(folder);
  await writeFile(join(folder, 'IMG_0007.png'), rgbPng(12, 12));
  await writeFile(join(folder, 'IMG_0008.png'), rgbPng(12, 12));
  await writeFile(join(folder, 'ids.csv'), `fileName,mediaId\nIMG_0007.png,${m(1)}\nIMG_0008.png,${m(2)}\n`);
  await page.getByTestId('images-pick-folder').setInputFiles(folder);

  // A list came with the images: it is the rule from the start.
  await expect(page.getByTestId('drop-rule-sidecar')).toBeChecked();
  await expect(file(page, 'batch/IMG_0007.png')).toHaveAttribute('data-media-id', String(m(1)));
  await expect(file(page, 'batch/IMG_0008.png')).toHaveAttribute('data-media-id', String(m(2)));
  // The name rule reads other ids from the same files; a bad pattern says why beside it.
  await page.getByTestId('drop-rule-name').check();
  await expect(file(page, 'batch/IMG_0007.png')).toHaveAttribute('data-media-id', '7');
  await page.getByTestId('drop-pattern').fill('IMG_(');
  await expect(page.getByTestId('drop-pattern-error')).toContainText('Not a regular expression');
  await expect(page.getByTestId('drop-bring-in')).toBeDisabled();
  await expect(page.getByTestId('drop-bring-in')).toHaveAttribute('title', /No file has a media id/);
  await page.getByTestId('drop-rule-sidecar').check();

  const copies: string[] = [];
  page.on('request', (r) => {
    if (decodeURIComponent(r.url()).includes('datasets:dropImages')) copies.push(r.url());
  });
  await page.getByTestId('drop-bring-in').dblclick();
  await expect(page.getByTestId('drop-summary')).toContainText('2 brought in');
  // One batch for both files, once despite the double click.
  expect(copies).toHaveLength(1);
  await expect(tile(page, m(1)).locator('img')).toBeVisible();
  await expect(tile(page, m(2))).toContainText('IMG_0008.png');
  await expect(page.getByTestId('media-tile')).toHaveCount(2);
});
