import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { onePageParse } from '../support/onePageParse.js';

/** An EXIF APP1 segment that says "rotate 90° clockwise to display" (orientation 6). */
function exifOrientation6(): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
  const body = [...new TextEncoder().encode('Exif'), 0, 0, ...tiff];
  const length = body.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

test('an EXIF-rotated photo is shown upright and its boxes sit where the service put them', async ({ page, preview }) => {
  await expect(page.locator('[data-testid="box"]').first()).toBeVisible();
  // A 200×100 JPEG (stored sideways) with a red square at its stored top-left corner.
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 100;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 200, 100);
    ctx.fillStyle = '#f00';
    ctx.fillRect(0, 0, 50, 50);
    return canvas.toDataURL('image/jpeg', 0.95);
  });
  const jpeg = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  const rotated = Buffer.concat([jpeg.subarray(0, 2), exifOrientation6(), jpeg.subarray(2)]);
  // Upright, the photo is 100×200 and the square sits at its top right: x 50–100, y 0–50.
  const box = { xmin: 0.5, ymin: 0, xmax: 1, ymax: 0.25 };
  const markdown = 'Red square';
  const result = onePageParse(markdown, [{ id: 'figure-0', type: 'figure', grounding: { page: 1, range: { start: 0, end: 10 }, box } }]);
  const dir = await mkdtemp(join(tmpdir(), 'groundwork-exif-'));
  await writeFile(join(dir, 'photo.jpg'), rotated);
  await writeFile(join(dir, 'photo.json'), JSON.stringify(result));
  await page.getByTestId('import-result').setInputFiles([join(dir, 'photo.jpg'), join(dir, 'photo.json')]);

  const image = page.locator('[data-testid="page"][data-page="1"] img');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([100, 200]);
  const pageBox = (await page.locator('[data-testid="page"][data-page="1"]').boundingBox())!;
  const figure = (await page.locator('[data-testid="box"][data-node-id="figure-0"]').boundingBox())!;
  expect(pageBox.height / pageBox.width).toBeCloseTo(2, 1);
  expect((figure.x - pageBox.x) / pageBox.width).toBeCloseTo(0.5, 2);
  expect((figure.y - pageBox.y) / pageBox.height).toBeCloseTo(0, 2);
  expect(figure.width / pageBox.width).toBeCloseTo(0.5, 2);
  expect(figure.height / pageBox.height).toBeCloseTo(0.25, 2);

  // And the pixels under the box are the red square: the picture really is upright.
  const red = await page.evaluate(async () => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="page"][data-page="1"] img')!;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const [r, g, b] = ctx.getImageData(75, 25, 1, 1).data;
    return r! > 200 && g! < 60 && b! < 60;
  });
  expect(red).toBe(true);
  void preview;
});
