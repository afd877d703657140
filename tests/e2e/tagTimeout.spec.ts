import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

// The Tags form: a tag is its name alone, and an empty timeout is sent as null (`?timeout=`),
// not left out (which the service reads as its default of 60).
test('a tag with the timeout emptied is created with timeout null sent explicitly, and no "required" field', async ({
  page,
  preview,
  emulator,
}) => {
  await addKeyThroughUi(page, { name: 'Emulator v1', kind: 'v1', address: emulator.url, secret: DEMO_KEYS.v1[0]! });
  await page.getByTestId('nav-datasets').click();
  await page.getByTestId('ds-project-name').fill('Timeouts');
  await page.getByTestId('ds-project-save').click();
  await expect(page.getByTestId('ds-project')).toContainText('Timeouts');
  await page.getByTestId('ds-tab-schema').click();

  const timeout = page.getByTestId('tag-timeout');
  // An advanced field: folded away until asked for.
  await expect(timeout).toBeHidden();
  await page.getByTestId('tag-advanced').locator('summary').click();
  await expect(page.getByLabel('Creation timeout (query timeout) — empty: none (null)')).toBeVisible();
  await expect(page.getByText(/^required$/)).toHaveCount(0);
  await timeout.fill('');
  await timeout.blur();
  await page.getByTestId('tag-name').fill('scratch');
  await page.getByTestId('tag-create').click();
  await expect(page.locator('[data-testid="tag-row"][data-tag-name="scratch"]')).toBeVisible();
  expect(emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/tags')).map((r) => r.query)).toEqual(['?timeout=']);

  await timeout.fill('45');
  await timeout.blur();
  await page.getByTestId('tag-name').fill('dent');
  await page.getByTestId('tag-create').click();
  await expect(page.locator('[data-testid="tag-row"][data-tag-name="dent"]')).toBeVisible();
  expect(emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/tags')).at(-1)?.query).toBe('?timeout=45');
  void preview;
});
