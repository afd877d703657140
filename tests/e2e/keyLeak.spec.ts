import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { answerAsUser, invokeBridge, userClipboard } from '../support/preview.js';
import { expect, test } from './fixtures.js';
import { recordBridgeAnswers } from './leak/haystacks.js';

const SECRET = 'sk_leakcheck_Q7w2E9r4T6y1U3i5O8p0';
const SECRET_TAIL = SECRET.slice(8); // Any long stretch of the secret counts as a leak.

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

test('after adding a key through the UI, no answer ever returns it, a bare bridge call included; no file or log line holds it', async ({
  page,
  preview,
}) => {
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
  // The user gets the key from main: copied after a yes in main's own dialog.
  await row.getByTestId('key-copy').click();
  await answerAsUser(preview, true);
  await expect(row.getByTestId('key-copy-note')).toContainText('copied to the clipboard');
  expect(await userClipboard(preview)).toBe(SECRET);

  // A script in the page calling the bridge itself: reveal is gone, and a copy it asks for is
  // the user's to answer (here: no), its answer carrying no secret either way.
  const keyId = (await invokeBridge<{ id: string; name: string }[]>(preview, 'keys:list', {})).find((k) => k.name === 'Leak check')!.id;
  await expect(invokeBridge(preview, 'keys:reveal', { id: keyId })).rejects.toThrow(/unknown_channel/);
  const bare = invokeBridge(preview, 'keys:copySecret', { id: keyId, part: 'secret' }).catch((error: Error) => error.message);
  await answerAsUser(preview, false);
  expect(await bare).toContain('copy_declined');
  expect(await bare).not.toContain(SECRET_TAIL);

  // The page cannot answer main's questions or read its clipboard: without the desk's token it is
  // refused, and even with it (were it ever to leak) a request from a browser is.
  const fromPage = (token: string) =>
    page.evaluate(async (t) => (await fetch('/__user/clipboard', { headers: { 'X-Groundwork-User-Token': t } })).status, token);
  expect(await fromPage('guess')).toBe(403);
  expect(await fromPage(preview.userToken)).toBe(403);

  await expect.poll(() => responses().some((r) => r.channel === 'keys:copySecret')).toBe(true);
  const channels = new Set(responses().map((r) => r.channel));
  for (const channel of ['keys:add', 'keys:list', 'keys:test', 'keys:setEnabled', 'keys:copySecret']) expect(channels).toContain(channel);
  for (const { channel, body } of responses()) expect(body, `${channel} response`).not.toContain(SECRET_TAIL);

  const files = await filesUnder(preview.dataDir);
  expect(files.some((f) => f.endsWith('settings.json'))).toBe(true);
  expect(files.some((f) => f.endsWith('main.log'))).toBe(true);
  for (const file of files) {
    expect((await readFile(file)).toString('latin1'), file).not.toContain(SECRET_TAIL);
  }
  expect(preview.output()).toContain('key added');
  expect(preview.output()).not.toContain(SECRET_TAIL);
});
