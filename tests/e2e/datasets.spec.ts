import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Emulator } from '../emulator/server.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

interface EmulatedProject {
  id: number;
  name: string;
  media: Record<string, Record<string, unknown>>;
  tags: { id: number; name: string }[];
}

async function emulatorProjects(emulator: Emulator): Promise<EmulatedProject[]> {
  return ((await (await fetch(`${emulator.url}/__control/state`)).json()) as { projects: EmulatedProject[] }).projects;
}

/** Adds the emulator's demo v1 key through the Keys UI and creates a project on the Datasets screen. */
async function setUp(page: Page, emulator: Emulator, projectName: string, kind: 'v1' | 'v1-legacy' = 'v1'): Promise<number> {
  const pair = DEMO_KEYS.pairs[0]!;
  await addKeyThroughUi(page, {
    name: 'Emulator v1',
    kind,
    address: emulator.url,
    ...(kind === 'v1' ? { secret: DEMO_KEYS.v1[0]! } : { secret: pair.key, secret2: pair.secret }),
  });

  await page.getByTestId('nav-datasets').click();
  await page.getByTestId('ds-project-name').fill(projectName);
  await page.getByTestId('ds-project-save').click();
  await expect(page.getByTestId('ds-project')).toContainText(projectName);
  const project = (await emulatorProjects(emulator)).find((p) => p.name === projectName);
  expect(project).toBeTruthy();
  return project!.id;
}

async function createMetadata(page: Page, name: string, choices: string) {
  await page.getByTestId('ds-tab-schema').click();
  await page.getByTestId('meta-name').fill(name);
  await page.getByTestId('meta-choices').fill(choices);
  await page.getByTestId('meta-create').click();
  await expect(page.locator(`[data-testid="meta-row"][data-metadata="${name}"]`)).toBeVisible();
}

const tile = (page: Page, id: number) => page.locator(`[data-testid="media-tile"][data-media-id="${id}"]`);
const chip = (page: Page, name: string, value: string) =>
  page.locator(`[data-testid="value-chip"][data-metadata="${name}"][data-value="${value}"]`);

test('import a media list, multi-select, drag onto a value, preview, apply: exactly those media get it', async ({
  page,
  preview,
  emulator,
}) => {
  const id = await setUp(page, emulator, 'Weld defects');
  await createMetadata(page, 'color', 'red, blue');
  await page.getByTestId('ds-tab-board').click();

  const m = (n: number) => id * 100 + n;
  const csv = `\uFEFFmediaId,fileName\n${m(1)},"weld, front.png"\n${m(2)},b.png\n${m(3)},c.png\n${m(4)},d.png\n${m(5)},e.png\nbad,x.png\n`;
  await page.getByTestId('media-import').setInputFiles({ name: 'media.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('media-tile')).toHaveCount(5);
  await expect(page.getByTestId('import-problems')).toContainText('Line 7');
  await expect(tile(page, m(1))).toContainText('weld, front.png');

  // Click, shift-click a range, ctrl-click out of it and another in.
  await tile(page, m(1)).click();
  await tile(page, m(3)).click({ modifiers: ['Shift'] });
  await tile(page, m(2)).click({ modifiers: ['Control'] });
  await tile(page, m(5)).click({ modifiers: ['Control'] });
  await expect(page.locator('[data-testid="media-tile"][data-selected="true"]')).toHaveCount(3);
  await expect(page.getByTestId('selection-count')).toContainText('3 of 5 selected');

  // A real drag of the selection onto the "red" chip.
  await tile(page, m(3)).dragTo(chip(page, 'color', 'red'));
  const row = page.locator('[data-testid="pending-row"][data-metadata="color"][data-value="red"]');
  await expect(row).toHaveAttribute('data-media-ids', [m(1), m(3), m(5)].join(','));
  await expect(tile(page, m(1)).getByTestId('media-pending')).toContainText('+ color: red');
  await expect(tile(page, m(2)).getByTestId('media-pending')).toHaveCount(0);
  // Nothing was sent yet: the preview is only a preview.
  expect(emulator.requests.some((r) => r.path.endsWith('/images/metadata'))).toBe(false);

  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('now holds the values of 3 media');
  await expect(page.getByTestId('pending-row')).toHaveCount(0);
  await expect(tile(page, m(3)).getByTestId('media-meta')).toContainText('color: red');

  const media = (await emulatorProjects(emulator)).find((p) => p.id === id)!.media;
  const red = Object.entries(media)
    .filter(([, v]) => v.color === 'red')
    .map(([k]) => Number(k))
    .sort();
  expect(red).toEqual([m(1), m(3), m(5)]);
  void preview;
});

test('box select and the keyboard alternative to dragging', async ({ page, preview, emulator }) => {
  const id = await setUp(page, emulator, 'Keyboard');
  await createMetadata(page, 'lighting', 'day, night');
  await page.getByTestId('ds-tab-board').click();
  const m = (n: number) => id * 100 + n;
  await page.getByTestId('media-ids').fill(`${m(1)}, ${m(2)} ${m(3)}\n${m(4)}`);
  await page.getByTestId('media-ids-add').click();
  await expect(page.getByTestId('media-tile')).toHaveCount(4);

  // Box select from empty space below the tiles up over the first two.
  const grid = await page.getByTestId('media-grid').boundingBox();
  const first = await tile(page, m(1)).boundingBox();
  const second = await tile(page, m(2)).boundingBox();
  await page.mouse.move(grid!.x + 4, grid!.y + grid!.height - 4);
  await page.mouse.down();
  await page.mouse.move(second!.x + 10, first!.y + 10, { steps: 5 });
  await page.mouse.up();
  await expect(page.locator('[data-testid="media-tile"][data-selected="true"]')).toHaveCount(2);
  await expect(tile(page, m(1))).toHaveAttribute('data-selected', 'true');
  await expect(tile(page, m(2))).toHaveAttribute('data-selected', 'true');

  // Keyboard: Escape clears; focus a tile, Space toggles, arrow + shift extends.
  await tile(page, m(3)).focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-testid="media-tile"][data-selected="true"]')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.locator('[data-testid="media-tile"][data-selected="true"]')).toHaveCount(2);
  await chip(page, 'lighting', 'night').focus();
  await page.keyboard.press('a');
  await expect(page.locator('[data-testid="pending-row"][data-value="night"]')).toHaveAttribute('data-media-ids', `${m(3)},${m(4)}`);
  // Enter on another value moves them (one value per media).
  await chip(page, 'lighting', 'day').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="pending-row"][data-value="night"]')).toHaveCount(0);
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toBeVisible();
  const media = (await emulatorProjects(emulator)).find((p) => p.id === id)!.media;
  expect(
    Object.entries(media)
      .filter(([, v]) => v.lighting === 'day')
      .map(([k]) => Number(k))
      .sort(),
  ).toEqual([m(3), m(4)]);
  void preview;
});

test('apply a value to every media of the project, after typing its name', async ({ page, preview, emulator }) => {
  const id = await setUp(page, emulator, 'Everything');
  await createMetadata(page, 'lighting', 'day, night');
  await page.getByTestId('ds-tab-board').click();
  const m = (n: number) => id * 100 + n;
  await page.getByTestId('media-ids').fill(`${m(1)}, ${m(2)}`);
  await page.getByTestId('media-ids-add').click();
  await expect(page.getByTestId('media-tile')).toHaveCount(2);

  await page.getByText('Apply a value to all media of the project…').click();
  await page.getByTestId('apply-all-value').selectOption('night');
  await page.getByTestId('apply-all-confirm').fill('Everything?');
  await expect(page.getByTestId('apply-all')).toBeDisabled();
  await expect(page.getByTestId('apply-all')).toHaveAttribute('title', 'Type the project name to confirm');
  await page.getByTestId('apply-all-confirm').fill('Everything');
  // A slow answer keeps the apply running while the second click of a double click lands: it sends nothing.
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    body: JSON.stringify({ fault: { kind: 'latency', ms: 1500 }, match: { path: `/v1/projects/${id}/images/metadata` } }),
  });
  const applyAll = () => emulator.requests.filter((r) => r.path.endsWith('/images/metadata') && r.fields?.allMedia !== undefined);
  await page.getByTestId('apply-all').dblclick();
  await expect(page.getByTestId('apply-all')).toBeDisabled();
  await expect(page.getByTestId('apply-all')).toHaveAttribute('title', /^Applying/);
  await expect(tile(page, m(2)).getByTestId('media-meta')).toContainText('lighting: night');
  await expect(page.getByTestId('apply-all-confirm')).toBeHidden();
  // The <details> closed on success; the message is outside it, so it is seen.
  await expect(page.getByTestId('apply-all-result')).toBeVisible();
  await expect(page.getByTestId('apply-all-result')).toContainText('lighting = night set on all');
  expect(applyAll()).toHaveLength(1);
  const media = Object.values((await emulatorProjects(emulator)).find((p) => p.id === id)!.media);
  expect(media.length).toBeGreaterThanOrEqual(2);
  expect(media.every((v) => v.lighting === 'night')).toBe(true);
  void preview;
});

test('start a training and see its metrics chart', async ({ page, preview, emulator }) => {
  const id = await setUp(page, emulator, 'Training', 'v1-legacy');
  await page.getByTestId('ds-tab-schema').click();
  for (const name of ['scratch', 'dent', 'crack']) {
    await page.getByTestId('tag-name').fill(name);
    await page.getByTestId('tag-create').click();
    await expect(page.locator(`[data-testid="tag-row"][data-tag-name="${name}"]`)).toBeVisible();
  }
  await page.getByTestId('ds-tab-training').click();
  // Checked before sending: a flip probability over 1 never reaches the service.
  await page.getByTestId('train-flipP').fill('1.5');
  await page.getByTestId('train-start').click();
  await expect(page.locator('[data-testid="field-error"][data-field="transforms.augmentations.0.horizontalFlip.p"]')).toBeVisible();
  expect(emulator.requests.some((r) => r.path.endsWith('/train'))).toBe(false);
  await page.getByTestId('train-flipP').fill('0.5');
  await page.getByTestId('train-randaugment').check();
  await page.getByTestId('train-start').click();
  await expect(page.getByTestId('training-item')).toHaveCount(1);
  const project = (await emulatorProjects(emulator)).find((p) => p.id === id)!;
  expect(project).toBeTruthy();

  await page.getByTestId('metrics-refresh').click();
  const chart = page.locator('[data-testid="metrics-chart"][data-split="train"]');
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId('metrics-class')).toHaveCount(3);
  await expect(chart.getByTestId('metrics-bar')).toHaveCount(9);
  await expect(page.getByTestId('metrics-split')).toHaveCount(3);
  await expect(page.locator('[data-testid="metrics-split"][data-split="dev"] [data-testid="metrics-row"]').first()).toContainText(
    'scratch',
  );
  await expect(page.getByTestId('metrics-overall').first()).toContainText('mAP');
  void preview;
});

test('export a snapshot, see the countdown, download the archive to a folder', async ({ page, preview, emulator }) => {
  const id = await setUp(page, emulator, 'Snapshots');
  await page.getByTestId('ds-tab-snapshots').click();
  await page.getByTestId('snapshot-version').fill('0');
  await page.getByTestId('snapshot-export').click();
  await expect(page.locator('[data-testid="field-error"][data-field="path.snapshot_version"]')).toContainText('start at 1');

  await page.getByTestId('snapshot-version').fill('3');
  await page.getByTestId('snapshot-retry').check();
  await page.getByTestId('snapshot-export').click();
  const card = page.locator('[data-testid="snapshot-export-card"][data-version="3"]');
  await expect(card.getByTestId('snapshot-status')).toHaveText('Started');
  await expect(card.getByTestId('snapshot-countdown')).toContainText(/Link expires in (59|60):\d\d/);

  const folder = await mkdtemp(join(tmpdir(), 'groundwork-snap-'));
  try {
    await card.getByTestId('snapshot-folder').fill('relative/path');
    await card.getByTestId('snapshot-download').click();
    await expect(card.locator('[data-testid="field-error"][data-field="folder"]')).toContainText('not an absolute path');
    await card.getByTestId('snapshot-folder').fill(folder);
    await card.getByTestId('snapshot-download').click();
    await expect(card.getByTestId('snapshot-saved')).toContainText(`snapshot-${id}-v3.zip`);
    expect(await readdir(folder)).toEqual([`snapshot-${id}-v3.zip`]);
    await expect(card.getByTestId('snapshot-status')).toHaveText('Saved'); // not "Started" any more
    await expect(card.getByTestId('snapshot-choose-folder')).toHaveCount(0); // the preview has no folder dialog
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  void preview;
});
