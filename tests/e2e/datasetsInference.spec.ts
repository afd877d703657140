import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { createTags, createV1Project } from './v1Project.js';

// The deployment endpoint is remembered per project once it answered: after a reload it is
// there again, reached from a training run too, and a few images run as a batch, two at a
// time, with progress and a cancel that stops what has not been sent and abandons what has.

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: TINY_PNG });

test('inference from a remembered endpoint, as a batch with progress and cancel', async ({ page, preview, emulator }) => {
  void preview;
  await createV1Project(page, emulator, 'Inspect');
  await page.getByTestId('ds-tab-inference').click();
  await expect(page.getByTestId('infer-run')).toHaveAttribute('title', 'Give the deployment endpoint URL first.');
  const endpoint = `${emulator.url}/inference/v1/predict?endpoint_id=line-3`;
  await page.getByTestId('infer-endpoint').fill(endpoint);
  await page.getByTestId('infer-file').setInputFiles(png('first.png'));
  await page.getByTestId('infer-run').click();
  await expect(page.getByTestId('pred-label')).toContainText('ok');

  // A reload forgets the window, not the endpoint; "Infer with this run" opens it too.
  await page.reload();
  await page.getByTestId('nav-datasets').click();
  await createTags(page, ['scratch']);
  await page.getByTestId('ds-tab-training').click();
  await page.getByTestId('train-start').click();
  await page.getByTestId('training-infer').click();
  await expect(page.getByTestId('infer-from-run')).toContainText('gives no endpoint for a training run');
  await expect(page.getByTestId('infer-endpoint')).toHaveValue(endpoint);
  await expect(page.getByTestId('infer-remembered')).toContainText('Remembered for “Inspect”');

  // Three picked images: all three answered, two at most at a time.
  await page.getByTestId('infer-file').setInputFiles([png('a.png'), png('b.png'), png('c.png')]);
  await expect(page.getByTestId('infer-run')).toHaveText('Run on 3 images');
  await page.getByTestId('infer-run').click();
  await expect(page.getByTestId('infer-progress')).toHaveText('3 of 3');
  await expect(page.locator('[data-testid="infer-item"][data-status="done"]')).toHaveCount(3);
  await page.locator('[data-testid="infer-item"]').nth(1).click();
  await expect(page.getByTestId('pred-label')).toContainText('ok');
  await page.screenshot({ path: test.info().outputPath('E-inference-batch.png'), fullPage: true });
  const sent = () => emulator.requests.filter((r) => r.path === '/inference/v1/predict').length;
  expect(sent()).toBe(4);

  // The impatient user: a very slow endpoint, Cancel once two images are out. Nothing more is
  // sent, and the two out are abandoned in main too: the panel is free again long before they
  // could have answered, all five cancelled.
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    body: JSON.stringify({ fault: { kind: 'latency', ms: 60_000 }, match: { path: '/inference/' }, times: 10 }),
  });
  await page.getByTestId('infer-file').setInputFiles(['d', 'e', 'f', 'g', 'h'].map((n) => png(`${n}.png`)));
  await page.getByTestId('infer-run').click();
  await expect.poll(sent).toBe(6);
  await page.getByTestId('infer-cancel').click();
  await expect(page.locator('[data-testid="infer-item"][data-status="cancelled"]')).toHaveCount(5);
  await expect(page.getByTestId('infer-run')).toHaveText('Run on 5 images');
  await expect(page.locator('[data-testid="infer-item"][data-status="done"]')).toHaveCount(0);
  await expect(page.getByTestId('infer-progress')).toContainText('0 of 5 · 5 cancelled');
  await page.screenshot({ path: test.info().outputPath('G-inference-cancelled.png'), fullPage: true });
  expect(sent()).toBe(6);
  await fetch(`${emulator.url}/__control/faults`, { method: 'DELETE' });
});

test('a folder of images runs as a batch; files that are not images are left out, saying so', async ({ page, preview, emulator }) => {
  void preview;
  const folder = await mkdtemp(join(tmpdir(), 'groundwork-inferdir-'));
  try {
    await writeFile(join(folder, 'one.png'), TINY_PNG);
    await writeFile(join(folder, 'two.png'), TINY_PNG);
    await writeFile(join(folder, 'notes.txt'), 'not an image');
    await createV1Project(page, emulator, 'Folder');
    await page.getByTestId('ds-tab-inference').click();
    await page.getByTestId('infer-endpoint').fill(`${emulator.url}/inference/v1/predict?endpoint_id=f`);
    await page.getByTestId('infer-folder').setInputFiles(folder);
    await expect(page.getByTestId('infer-drop')).toContainText('2 images');
    await expect(page.getByTestId('infer-drop')).toContainText('1 file left out (not images)');
    await page.getByTestId('infer-run').click();
    await expect(page.getByTestId('infer-progress')).toContainText('2 of 2');
    await expect(page.locator('[data-testid="infer-item"][data-status="done"]')).toHaveCount(2);
    expect(emulator.requests.filter((r) => r.path === '/inference/v1/predict')).toHaveLength(2);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
