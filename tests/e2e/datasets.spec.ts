import type { Page } from '@playwright/test';
import type { Emulator } from '../emulator/server.js';
import { expect, test } from './fixtures.js';
import { createV1Project } from './v1Project.js';

interface EmulatedProject {
  id: number;
  name: string;
  media: Record<string, Record<string, unknown>>;
  tags: { id: number; name: string }[];
}

async function emulatorProjects(emulator: Emulator): Promise<EmulatedProject[]> {
  return ((await (await fetch(`${emulator.url}/__control/state`)).json()) as { projects: EmulatedProject[] }).projects;
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
  const id = await createV1Project(page, emulator, 'Weld defects');
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
  const id = await createV1Project(page, emulator, 'Keyboard');
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
  const id = await createV1Project(page, emulator, 'Everything');
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

test('a triple press on Create project in one task makes one project, not three', async ({ page, preview, emulator }) => {
  await createV1Project(page, emulator, 'First');
  await page.getByTestId('ds-new-project').click();
  await page.getByTestId('ds-project-name').fill('Pressed thrice');
  // Three presses before React can render the busy state that disables the button.
  await page.getByTestId('ds-project-save').evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
    button.click();
  });
  await expect(page.getByTestId('ds-project')).toContainText('Pressed thrice');
  await expect(page.getByTestId('ds-project-save')).toHaveCount(0);
  const created = (await emulatorProjects(emulator)).filter((p) => p.name === 'Pressed thrice');
  expect(created).toHaveLength(1);
  await expect(page.getByTestId('ds-project').locator('option', { hasText: 'Pressed thrice' })).toHaveCount(1);
  void preview;
});
