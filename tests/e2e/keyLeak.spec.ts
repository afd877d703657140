import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { recordBridgeAnswers } from './leak/haystacks.js';

const SECRET = 'sk_leakcheck_Q7w2E9r4T6y1U3i5O8p0';
const SECRET_TAIL = SECRET.slice(8); // Any long stretch of the secret counts as a leak.

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

test('after adding a key through the UI, only reveal ever returns it; no file or log line holds it', async ({ page, preview }) => {
  const answers = await recordBridgeAnswers(page);
  const responses = () => answers.map((a) => ({ channel: a.channel, body: a.body.toString('utf8') }));

  await page.getByTestId('nav-keys').click();
  await page.getByTestId('key-name').fill('Leak check');
  await page.getByTestId('key-secret').fill(SECRET);
  // An address nothing listens on: "Test key" fails, and its error must not echo the key either.
  await page.getByTestId('key-address').fill('http://127.0.0.1:9');
  await page.getByTestId('key-save').click();
  const row = page.locator('[data-testid="key-row"][data-key-name="Leak check"]');
  await expect(row).toBeVisible();

  await row.getByTestId('key-test').click();
  await expect(row.getByTestId('key-test-result')).toBeVisible();
  await row.getByTestId('key-toggle').click();
  await expect(row).toContainText('Disabled');
  await page.reload();
  await page.getByTestId('nav-keys').click();
  await row.getByTestId('key-reveal').click();
  await expect(row.getByTestId('key-revealed')).toHaveText(SECRET);

  await expect.poll(() => responses().some((r) => r.channel === 'keys:reveal')).toBe(true);
  const channels = new Set(responses().map((r) => r.channel));
  for (const channel of ['keys:add', 'keys:list', 'keys:test', 'keys:setEnabled']) expect(channels).toContain(channel);
  for (const { channel, body } of responses()) {
    if (channel === 'keys:reveal') expect(body).toContain(SECRET);
    else expect(body, `${channel} response`).not.toContain(SECRET_TAIL);
  }

  const files = await filesUnder(preview.dataDir);
  expect(files.some((f) => f.endsWith('settings.json'))).toBe(true);
  expect(files.some((f) => f.endsWith('main.log'))).toBe(true);
  for (const file of files) {
    expect((await readFile(file)).toString('latin1'), file).not.toContain(SECRET_TAIL);
  }
  expect(preview.output()).toContain('key added');
  expect(preview.output()).not.toContain(SECRET_TAIL);
});
