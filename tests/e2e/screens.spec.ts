import { expect, test } from './fixtures.js';

// The Jobs, Datasets and Keys screens are loaded when first shown. One whose code cannot be
// loaded (files changed under a running app, a broken install) says so on that screen only.
test('a screen whose code fails to load shows its own error and a way out, never the crash screen; the rest of the app works on', async ({
  page,
  preview,
}) => {
  await expect(page.locator('[data-testid="page"][data-page="1"] canvas[data-rendered="true"]')).toBeVisible();
  await page.route('**/assets/JobsScreen-*.js', (route) => route.abort('failed'));

  await page.getByTestId('nav-jobs').click();
  const error = page.locator('[data-testid="error"][data-code="screen_unavailable"]');
  await expect(error).toContainText('The Jobs screen could not be loaded.');
  await expect(error).toContainText('Reload the window');
  await expect(page.getByTestId('crash-screen')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('screen-unavailable.png') });

  // The review and the other screens are unaffected.
  await page.getByTestId('nav-workspace').click();
  await expect(page.locator('[data-testid="box"][data-node-id="text-0"]')).toBeVisible();
  await page.getByTestId('nav-keys').click();
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

  // Its way out: once the files are whole again, a reload brings the screen.
  await page.unroute('**/assets/JobsScreen-*.js');
  await page.getByTestId('nav-jobs').click();
  await page.getByTestId('screen-reload').click();
  await page.getByTestId('nav-jobs').click();
  await expect(page.getByTestId('jobs-screen')).toBeVisible();
  void preview;
});
