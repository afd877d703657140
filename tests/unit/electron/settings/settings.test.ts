import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/log.js';
import { Notices } from '../../../../electron/core/notices.js';
import { createSettingsStore } from '../../../../electron/settings/settings.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-settings-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const open = () => {
  const notices = new Notices();
  return { notices, store: createSettingsStore(dir, { logger: createLogger(dir, { console: false }), notices }) };
};
const saved = async () => JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));

describe('the settings file', () => {
  it('is settings.json in the data folder, starting with no keys', async () => {
    const { store } = open();
    expect(await store.read()).toEqual({ version: 1, keys: [] });
    await store.update((s) => ({ next: { ...s, theme: 'dark' }, result: null }));
    expect(await saved()).toEqual({ version: 1, keys: [], theme: 'dark' });
  });

  it('keeps fields written by a newer version', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, keys: [], futureFeature: { on: true } }));
    const { store } = open();
    await store.update((s) => ({ next: s, result: null }));
    expect((await saved()).futureFeature).toEqual({ on: true });
  });

  it('sets aside a file whose keys are not a list, and says the keys stay in the keychain', async () => {
    await writeFile(join(dir, 'settings.json'), '{"version": 1, "keys": "none"}');
    const { store, notices } = open();
    expect(await store.read()).toEqual({ version: 1, keys: [] });
    expect((await readdir(dir)).filter((f) => f.startsWith('settings.json.corrupt-'))).toHaveLength(1);
    expect(notices.all()).toEqual([
      expect.objectContaining({ message: expect.stringContaining('settings'), hint: expect.stringContaining('system keychain') }),
    ]);
  });
});
