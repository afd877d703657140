import { expect, test, addEmulatorV2Key } from './fixtures.js';

// The older analyzer answers a v2 key with 401: it is never offered one, and Run says why it waits.
test('the older analyzer with only a v2 key: no key offered, Run disabled with the reason in its title', async ({
  page,
  preview,
  emulator,
}) => {
  await addEmulatorV2Key(page, emulator);
  await page.getByTestId('engine').selectOption('analyzer');
  const run = page.getByTestId('run');
  await expect(run).toBeDisabled();
  await expect(run).toHaveAttribute('title', 'Older analyzer needs an analyzer key (it refuses v2 keys): add one on the Keys screen.');
  await expect(page.getByTestId('engine-hint')).toContainText('needs an analyzer key');
  await page.getByTestId('engine-options-toggle').click();
  await expect(page.getByTestId('engine-key').locator('option')).toHaveText(['none']);
  void preview;
});
