import { expect, test } from './fixtures.js';
import { createTags, createV1Project } from './v1Project.js';

// A training's metrics come later than its start (the emulator holds them back): the run is
// listed at once as waiting, the app keeps asking on its own, and the charts appear when the
// service has them — also after a reload, which picks the waiting run up again.

const metricsDelay = (url: string, ms: number) =>
  fetch(`${url}/__control/training/metricsDelay`, { method: 'POST', body: JSON.stringify({ ms }) });

test('a started run waits for its metrics, which arrive on their own, also after a reload', async ({ page, preview, emulator }) => {
  void preview;
  await createV1Project(page, emulator, 'Training', 'v1-legacy'); // a legacy pair trains too (apikey + apisecret)
  await createTags(page, ['scratch', 'dent']);
  await page.getByTestId('ds-tab-training').click();

  // Guidance: suggestions for the architecture, each number explained with its bounds, checked as typed.
  await expect(page.locator('#train-architectures option')).not.toHaveCount(0);
  await expect(page.getByTestId('train-help-architecture')).toContainText('lists no architectures');
  await expect(page.getByTestId('train-help-flipP')).toContainText('A number from 0 to 1.');
  await expect(page.getByTestId('train-help-epochs')).toContainText('(app’s limit)');
  await page.getByTestId('train-flipP').fill('1.5');
  const flipError = page.locator('[data-testid="field-error"][data-field="transforms.augmentations.0.horizontalFlip.p"]');
  await expect(flipError).toContainText('Must be from 0 to 1');
  await page.getByTestId('train-start').click();
  expect(emulator.requests.some((r) => r.path.endsWith('/train'))).toBe(false);
  await page.getByTestId('train-flipP').fill('0.5');
  await expect(flipError).toHaveCount(0);
  await page.getByTestId('train-architecture').fill('MyOwnNet-[3M]'); // free text is allowed
  await page.getByTestId('train-randaugment').check();

  expect((await metricsDelay(emulator.url, 6_000)).ok).toBe(true);
  // The impatient user: a double click starts one run, not two.
  await page.getByTestId('train-start').dblclick();
  const item = page.getByTestId('training-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('training-state')).toHaveText('waiting for metrics');
  await expect(item).toContainText('MyOwnNet-[3M]');
  await expect(page.getByTestId('training-no-status')).toContainText('no status endpoint');
  await expect(page.getByTestId('metrics-waiting')).toBeVisible();
  expect(emulator.requests.filter((r) => r.path.endsWith('/train')).length).toBe(1);
  await page.locator('.training-panel > section.card').screenshot({ path: test.info().outputPath('E-training-waiting.png') });

  // A reload while it waits: the run is still listed, still waiting, and polled again.
  await page.reload();
  await page.getByTestId('nav-datasets').click();
  await page.getByTestId('ds-tab-training').click();
  await expect(item.getByTestId('training-state')).toHaveText('waiting for metrics');
  await expect(item.getByTestId('training-poll')).toContainText(/(first check|next) at/);

  // No click: the metrics come on their own once the emulator has them.
  await expect(item.getByTestId('training-state')).toHaveText('metrics ready', { timeout: 30_000 });
  const chart = page.locator('[data-testid="metrics-chart"][data-split="train"]');
  await expect(chart.getByTestId('metrics-class')).toHaveCount(2);
  await expect(page.getByTestId('metrics-split')).toHaveCount(3);
  await expect(page.getByTestId('metrics-waiting')).toHaveCount(0);
  const asked = emulator.requests.filter((r) => r.path.endsWith('/results/metrics'));
  // The emulator logs how many splits each answer held: at least one empty answer came before the metrics.
  const firstFull = asked.findIndex((r) => r.status === 200 && (r.dataItems ?? 0) > 0);
  expect(firstFull).toBeGreaterThan(0);
  expect(asked.slice(0, firstFull).some((r) => r.status === 200 && r.dataItems === 0)).toBe(true);
  const train = page.locator('[data-testid="metrics-split"][data-split="train"]');
  await expect(chart.getByTestId('metrics-bar')).toHaveCount(6); // performance, recall, precision per class
  await expect(page.locator('[data-testid="metrics-split"][data-split="dev"] [data-testid="metrics-row"]').first()).toContainText(
    'scratch',
  );
  await expect(train.getByTestId('metrics-overall')).toContainText('mAP');
  await page.locator('.training-panel > section.card').screenshot({ path: test.info().outputPath('E-training-metrics.png') });
});

test('leaving the Datasets screen stops asking for metrics; coming back resumes', async ({ page, preview, emulator }) => {
  void preview;
  // The page's timers on a fake clock: hours of polling pass in an instant, deterministically.
  await page.clock.install();
  await page.reload();
  await createV1Project(page, emulator, 'Away');
  await createTags(page, ['scratch']);
  expect((await metricsDelay(emulator.url, 3_600_000)).ok).toBe(true);
  await page.getByTestId('ds-tab-training').click();
  await page.getByTestId('train-start').click();
  const item = page.getByTestId('training-item');
  await expect(item.getByTestId('training-state')).toHaveText('waiting for metrics');
  const asked = () => emulator.requests.filter((r) => r.path.endsWith('/results/metrics')).length;
  await page.clock.runFor(10_000);
  await expect.poll(asked).toBeGreaterThan(0);
  await expect(item.getByTestId('training-poll')).toContainText(/checked \d+ times?, next at/);

  await page.getByTestId('nav-keys').click();
  const left = asked();
  await page.clock.runFor(3_600_000);
  await page.getByTestId('nav-datasets').click(); // a round trip through the page: any check fired by now has been logged
  await page.getByTestId('nav-keys').click();
  expect(asked()).toBe(left);

  // Back on the screen: the run is picked up again from the first delay.
  await page.getByTestId('nav-datasets').click();
  await page.getByTestId('ds-tab-training').click();
  await expect(item.getByTestId('training-poll')).toContainText('first check at');
});
