import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/log.js';
import { Notices } from '../../../../electron/notices.js';
import { createSettingsStore } from '../../../../electron/settings/settings.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-store-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const open = () => {
  const notices = new Notices();
  return { notices, store: createSettingsStore(dir, { logger: createLogger(dir, { console: false }), notices }) };
};

describe('settings file', () => {
  it('starts from defaults when there is no file, and writes atomically (no temp files left)', async () => {
    const { store } = open();
    expect(await store.read()).toEqual({ version: 1, keys: [] });
    await store.update((s) => ({ next: { ...s, theme: 'dark' }, result: null }));
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual({ version: 1, keys: [], theme: 'dark' });
  });

  it('an update that changes nothing writes a file that is not there yet, and leaves one that is untouched', async () => {
    const { store } = open();
    await store.update((s) => ({ next: s, result: null }));
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual({ version: 1, keys: [] });
    await writeFile(join(dir, 'settings.json'), '{"version": 1, "keys": [], "byHand": true}');
    const reopened = open().store;
    await reopened.read();
    await writeFile(join(dir, 'settings.json'), 'edited meanwhile');
    await reopened.update((s) => ({ next: s, result: null }));
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe('edited meanwhile');
  });

  it('keeps fields written by a newer version', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, keys: [], futureFeature: { on: true } }));
    const { store } = open();
    await store.update((s) => ({ next: s, result: null }));
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')).futureFeature).toEqual({ on: true });
  });

  it.each([
    ['truncated JSON', '{"version": 1, "keys": ['],
    ['wrong shape', '{"version": 1, "keys": "none"}'],
    ['binary junk', '\u0000\u0001\u0002'],
  ])('sets aside a file with %s, starts clean and tells the user', async (_label, content) => {
    await writeFile(join(dir, 'settings.json'), content);
    const { store, notices } = open();
    expect(await store.read()).toEqual({ version: 1, keys: [] });
    const backups = (await readdir(dir)).filter((f) => f.startsWith('settings.json.corrupt-'));
    expect(backups).toHaveLength(1);
    expect(await readFile(join(dir, backups[0] as string), 'utf8')).toBe(content);
    expect(notices.all()).toEqual([expect.objectContaining({ level: 'warning', hint: expect.stringContaining(backups[0] as string) })]);
  });

  it('serializes concurrent updates so none is lost', async () => {
    const { store } = open();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.update((s) => {
          const counter = ((s as { counter?: number }).counter ?? 0) + 1;
          return { next: { ...s, counter, [`k${i}`]: i }, result: null };
        }),
      ),
    );
    const saved = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(saved.counter).toBe(20);
  });

  it('a failed update changes neither the file nor the value in memory', async () => {
    const { store } = open();
    await store.update((s) => ({ next: { ...s, a: 1 }, result: null }));
    await expect(store.update(() => ({ next: { version: 2 } as never, result: null }))).rejects.toThrow();
    expect(await store.read()).toMatchObject({ a: 1 });
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ version: 1, a: 1 });
  });
});
