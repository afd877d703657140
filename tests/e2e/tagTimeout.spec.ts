import { addKeyThroughUi, DEMO_KEYS, expect, test } from './fixtures.js';

// The Tags form: a tag is its name alone, and the timeout is a whole number or, empty, the
// service's default: `timeout` left out of the query (a query string cannot carry null, and
// an empty `?timeout=` is no integer: 422).
test('a tag is created with the service default timeout left out of the query, or with the number typed', async ({
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
  const tagQueries = () => emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/tags')).map((r) => r.query);
  const createTag = async (name: string) => {
    await page.getByTestId('tag-name').fill(name);
    await page.getByTestId('tag-create').click();
    await expect(page.locator(`[data-testid="tag-row"][data-tag-name="${name}"]`)).toBeVisible();
  };

  const timeout = page.getByTestId('tag-timeout');
  // An advanced field: folded away until asked for.
  await expect(timeout).toBeHidden();
  await page.getByTestId('tag-advanced').locator('summary').click();
  await expect(page.getByLabel("Creation timeout (query timeout) — empty: the service's default (60)")).toBeVisible();
  await expect(timeout).toHaveValue('');
  await expect(page.getByText(/^required$/)).toHaveCount(0);
  await createTag('scratch');
  expect(tagQueries()).toEqual(['']);

  await timeout.fill('45');
  await timeout.blur();
  await createTag('dent');
  expect(tagQueries().at(-1)).toBe('?timeout=45');

  // Emptied again: back to the service's default, never an empty `timeout=`.
  await timeout.fill('');
  await timeout.blur();
  await createTag('chip');
  expect(tagQueries()).toEqual(['', '?timeout=45', '']);
  void preview;
});
