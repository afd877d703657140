import type { Page } from '@playwright/test';
import type { Emulator } from '../emulator/server.js';
import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

async function heldMedia(emulator: Emulator, projectId: number): Promise<Record<string, Record<string, unknown>>> {
  const state = (await (await fetch(`${emulator.url}/__control/state`)).json()) as {
    projects: { id: number; media: Record<string, Record<string, unknown>> }[];
  };
  return state.projects.find((p) => p.id === projectId)!.media;
}

async function boardWithValues(page: Page, emulator: Emulator, name: string, another = false): Promise<(n: number) => number> {
  if (another) await page.getByTestId('ds-new-project').click();
  else {
    await addKeyThroughUi(page, { name: 'Emulator v1', kind: 'v1', address: emulator.url, secret: DEMO_KEYS.v1[0]! });
    await page.getByTestId('nav-datasets').click();
  }
  await page.getByTestId('ds-project-name').fill(name);
  await page.getByTestId('ds-project-save').click();
  await expect(page.getByTestId('ds-project')).toContainText(name);
  const state = (await (await fetch(`${emulator.url}/__control/state`)).json()) as { projects: { id: number; name: string }[] };
  const id = state.projects.find((p) => p.name === name)!.id;
  await expect(page.getByTestId('ds-project')).toHaveValue(String(id));
  await page.getByTestId('ds-tab-schema').click();
  for (const [meta, choices] of [
    ['color', 'red, blue'],
    ['light', 'day, night'],
  ] as const) {
    await page.getByTestId('meta-name').fill(meta);
    await page.getByTestId('meta-choices').fill(choices);
    await page.getByTestId('meta-create').click();
    await expect(page.locator(`[data-testid="meta-row"][data-metadata="${meta}"]`)).toBeVisible();
  }
  await page.getByTestId('ds-tab-board').click();
  const m = (n: number) => id * 100 + n;
  await page.getByTestId('media-ids').fill([1, 2, 3, 4, 5].map(m).join(' '));
  await page.getByTestId('media-ids-add').click();
  await expect(page.getByTestId('media-tile')).toHaveCount(5);
  return m;
}

const tile = (page: Page, id: number) => page.locator(`[data-testid="media-tile"][data-media-id="${id}"]`);
const selected = (page: Page) => page.locator('[data-testid="media-tile"][data-selected="true"]');

test('lasso, then number keys give the numbered values; pending by media; Apply shows what the service holds', async ({
  page,
  preview,
  emulator,
}) => {
  void preview;
  await page.setViewportSize({ width: 1280, height: 800 });
  const m = await boardWithValues(page, emulator, 'Lasso');
  // Chips are numbered in the order shown: color red 1, blue 2, light day 3, night 4.
  await expect(page.locator('[data-testid="value-chip"][data-value="night"] .value-key')).toHaveText('4');

  // A box from the empty corner below the last tiles up over the third and fourth (four tiles a row at 1280 px).
  const grid = (await page.getByTestId('media-grid').boundingBox())!;
  const third = (await tile(page, m(3)).boundingBox())!;
  await page.mouse.move(grid.x + grid.width - 6, grid.y + grid.height - 6);
  await page.mouse.down();
  await page.mouse.move(third.x + 10, third.y + 10, { steps: 5 });
  await page.mouse.up();
  await expect(selected(page)).toHaveCount(2);
  await expect(tile(page, m(4))).toHaveAttribute('data-selected', 'true');
  // Pressed twice in a hurry: one pending value, the same two media.
  await page.keyboard.press('2');
  await page.keyboard.press('2');
  const blue = page.locator('[data-testid="pending-row"][data-metadata="color"][data-value="blue"]');
  await expect(blue).toHaveAttribute('data-media-ids', `${m(3)},${m(4)}`);

  await tile(page, m(1)).click();
  await page.keyboard.press('3');
  await page.keyboard.press('Control+a');
  await expect(selected(page)).toHaveCount(5);
  // Escape typed in a text box belongs to the box: the selection stays.
  await page.getByLabel('Filter media').press('Escape');
  await expect(selected(page)).toHaveCount(5);
  await tile(page, m(1)).focus();
  await page.keyboard.press('Escape');
  await expect(selected(page)).toHaveCount(0);
  // With nothing selected a number key changes nothing.
  await page.getByTestId('media-grid').focus();
  await page.keyboard.press('1');
  await expect(page.locator('[data-testid="pending-row"][data-metadata="color"][data-value="red"]')).toHaveCount(0);

  // The other way round: a chip dragged onto a selected tile gives its value to the whole selection.
  await tile(page, m(2)).click();
  await tile(page, m(5)).click({ modifiers: ['Control'] });
  await page.locator('[data-testid="value-chip"][data-value="night"]').dragTo(tile(page, m(5)));
  await expect(page.locator('[data-testid="pending-row"][data-metadata="light"][data-value="night"]')).toHaveAttribute(
    'data-media-ids',
    `${m(2)},${m(5)}`,
  );

  await page.getByTestId('pending-by-media').click();
  await expect(page.getByTestId('pending-media-row')).toHaveText([
    `#${m(1)} #${m(1)} ← light = day`,
    `#${m(2)} #${m(2)} ← light = night`,
    `#${m(3)} #${m(3)} ← color = blue`,
    `#${m(4)} #${m(4)} ← color = blue`,
    `#${m(5)} #${m(5)} ← light = night`,
  ]);
  await page.screenshot({ path: test.info().outputPath('D-board-pending.png') });
  expect(emulator.requests.some((r) => r.path.endsWith('/images/metadata'))).toBe(false);

  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('now holds the values of 5 media');
  const held = await heldMedia(emulator, m(0) / 100);
  expect([1, 2, 3, 4, 5].map((n) => held[m(n)])).toEqual([
    { light: 'day' },
    { light: 'night' },
    { color: 'blue' },
    { color: 'blue' },
    { light: 'night' },
  ]);
  await expect(tile(page, m(1)).getByTestId('media-meta')).toHaveText('light: day');
  await expect(tile(page, m(4)).getByTestId('media-meta')).toHaveText('color: blue');
  await expect(page.getByTestId('pending-row')).toHaveCount(0);
});

test('a part the service refuses is listed with its error and retried alone', async ({ page, preview, emulator }) => {
  void preview;
  const m = await boardWithValues(page, emulator, 'Faults');
  await tile(page, m(3)).click();
  await page.keyboard.press('1'); // color = red → m3
  await tile(page, m(5)).click();
  await page.keyboard.press('4'); // light = night → m5
  const path = `/v1/projects/${m(0) / 100}/images/metadata`;
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    body: JSON.stringify({ fault: { kind: 'status', status: 500 }, match: { path }, times: 1 }),
  });
  await page.getByTestId('apply').click();
  const part = page.getByTestId('failed-part');
  await expect(part).toHaveCount(1);
  await expect(part).toHaveAttribute('data-media-ids', String(m(3)));
  await expect(part).toContainText('color = red');
  await expect(part.getByTestId('failed-part-error')).not.toBeEmpty();
  await expect(page.getByTestId('apply-result')).toContainText('1 part failed');
  // The other part went through, and the board shows it from the answer.
  expect((await heldMedia(emulator, m(0) / 100))[m(5)]).toEqual({ light: 'night' });
  await expect(tile(page, m(5)).getByTestId('media-meta')).toHaveText('light: night');
  await page.screenshot({ path: test.info().outputPath('D-failed-part.png') });

  const sent = emulator.requests.filter((r) => r.path === path).length;
  await part.getByTestId('failed-part-retry').click();
  await expect(page.getByTestId('failed-part')).toHaveCount(0);
  await expect(tile(page, m(3)).getByTestId('media-meta')).toHaveText('color: red');
  // One request more, carrying only the failed part (the log gives long values as their length).
  const after = emulator.requests.filter((r) => r.path === path);
  expect(after).toHaveLength(sent + 1);
  expect(after.at(-1)?.fields).toEqual({
    metadataAppend: `<${JSON.stringify({ color: 'red' }).length} characters>`,
    mediaIds: `<${JSON.stringify([m(3)]).length} characters>`,
  });
  expect(await heldMedia(emulator, m(0) / 100)).toMatchObject({ [m(3)]: { color: 'red' }, [m(5)]: { light: 'night' } });
});

test('an apply still running when the user switches project: its failures stay with its project, the other pending untouched', async ({
  page,
  preview,
  emulator,
}) => {
  void preview;
  const b = await boardWithValues(page, emulator, 'Second');
  const a = await boardWithValues(page, emulator, 'First', true);
  const idA = a(0) / 100;
  const idB = b(0) / 100;
  await tile(page, a(3)).click();
  await page.keyboard.press('1'); // color = red → a3 (sent first)
  await tile(page, a(5)).click();
  await page.keyboard.press('4'); // light = night → a5
  const pathA = `/v1/projects/${idA}/images/metadata`;
  // The first part is refused, the second answers late: the user has switched project by then.
  await fetch(`${emulator.url}/__control/faults`, {
    method: 'POST',
    body: JSON.stringify({
      faults: [
        { fault: { kind: 'latency', ms: 2500 }, match: { path: pathA }, times: 2 },
        { fault: { kind: 'status', status: 500 }, match: { path: pathA }, times: 1 },
      ],
    }),
  });
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-progress')).toBeVisible();
  await page.getByTestId('ds-project').selectOption(String(idB));
  await expect(page.getByTestId('media-tile').first()).toHaveAttribute('data-media-id', String(b(1)));
  // Meanwhile on the other project: a value given, and no progress of the first one shown.
  await tile(page, b(2)).click();
  await page.keyboard.press('2'); // color = blue → b2
  await expect(page.getByTestId('apply-progress')).toHaveCount(0);
  await expect(page.getByTestId('apply')).toHaveAttribute('title', new RegExp(`apply to project #${idA}`));
  // The first apply ends (the Apply button here comes back); this board is as the user left it.
  await expect(page.getByTestId('apply')).toBeEnabled({ timeout: 10_000 });
  const blue = page.locator('[data-testid="pending-row"][data-metadata="color"][data-value="blue"]');
  await expect(blue).toHaveAttribute('data-media-ids', String(b(2)));
  await expect(page.getByTestId('failed-part')).toHaveCount(0);
  await expect(page.getByTestId('apply-result')).toHaveCount(0);

  // Back on the first project its refused part waits, and a retry goes to that project only.
  await page.getByTestId('ds-project').selectOption(String(idA));
  const part = page.getByTestId('failed-part');
  await expect(part).toHaveCount(1);
  await expect(part).toHaveAttribute('data-media-ids', String(a(3)));
  // The note of what was given on the other board stays there.
  await expect(page.getByTestId('assign-note')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('failed-part-after-switch.png') });
  const sentToB = emulator.requests.filter((r) => r.path === `/v1/projects/${idB}/images/metadata`).length;
  await part.getByTestId('failed-part-retry').click();
  await expect(page.getByTestId('failed-part')).toHaveCount(0);
  expect(emulator.requests.filter((r) => r.path === `/v1/projects/${idB}/images/metadata`)).toHaveLength(sentToB);
  expect((await heldMedia(emulator, idA))[a(3)]).toEqual({ color: 'red' });
  expect((await heldMedia(emulator, idB))[b(2)]?.color).toBeUndefined();
});
