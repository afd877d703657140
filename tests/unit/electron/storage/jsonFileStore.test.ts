import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../../../electron/core/log.js';
import { Notices } from '../../../../electron/core/notices.js';
import { JsonFileStore } from '../../../../electron/storage/jsonFileStore.js';

const schema = z.looseObject({ version: z.literal(1), items: z.array(z.string()) });
const defaults = () => ({ version: 1 as const, items: [] });

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-store-'));
  file = join(dir, 'things.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const open = () => {
  const notices = new Notices();
  const logger = createLogger(dir, { console: false });
  return { notices, store: new JsonFileStore(file, schema, defaults, { logger, notices, label: 'things' }) };
};
const onDisk = async () => JSON.parse(await readFile(file, 'utf8'));

describe('one JSON file with a schema', () => {
  it('starts from defaults when there is no file, and writes atomically (no temp files left)', async () => {
    const { store } = open();
    expect(await store.read()).toEqual({ version: 1, items: [] });
    await store.update((s) => ({ next: { ...s, items: ['a'] }, result: null }));
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await onDisk()).toEqual({ version: 1, items: ['a'] });
  });

  it('an update that changes nothing writes a file that is not there yet, and leaves one that is untouched', async () => {
    const { store } = open();
    await store.update((s) => ({ next: s, result: null }));
    expect(await onDisk()).toEqual({ version: 1, items: [] });
    await writeFile(file, '{"version": 1, "items": [], "byHand": true}');
    const reopened = open().store;
    await reopened.read();
    await writeFile(file, 'edited meanwhile');
    await reopened.update((s) => ({ next: s, result: null }));
    expect(await readFile(file, 'utf8')).toBe('edited meanwhile');
  });

  it.each([
    ['truncated JSON', '{"version": 1, "items": ['],
    ['wrong shape', '{"version": 1, "items": "none"}'],
    ['binary junk', '\u0000\u0001\u0002'],
  ])(
    'sets aside a file with %s as <name>.corrupt-<time>, starts from defaults and tells the user where it went',
    async (_label, content) => {
      await writeFile(file, content);
      const { store, notices } = open();
      expect(await store.read()).toEqual({ version: 1, items: [] });
      const backups = (await readdir(dir)).filter((f) => f.startsWith('things.json.corrupt-'));
      expect(backups).toHaveLength(1);
      expect(await readFile(join(dir, backups[0]!), 'utf8')).toBe(content);
      expect(notices.all()).toEqual([
        expect.objectContaining({
          level: 'warning',
          message: expect.stringContaining('things'),
          hint: expect.stringContaining(backups[0]!),
        }),
      ]);
    },
  );

  it('writes the defaults once a file was set aside, even when the first update changes nothing', async () => {
    await writeFile(file, 'not json');
    const { store } = open();
    await store.update((s) => ({ next: s, result: null }));
    expect(await onDisk()).toEqual({ version: 1, items: [] });
  });

  it('serializes concurrent updates so none is lost', async () => {
    const { store } = open();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.update((s) => ({ next: { ...s, items: [...s.items, `k${i}`] }, result: null }))),
    );
    expect((await onDisk()).items).toHaveLength(20);
  });

  it('a failed update changes neither the file nor the value in memory, and the next one runs', async () => {
    const { store } = open();
    await store.update((s) => ({ next: { ...s, items: ['a'] }, result: null }));
    await expect(store.update(() => ({ next: { version: 2 } as never, result: null }))).rejects.toThrow();
    expect(await store.read()).toEqual({ version: 1, items: ['a'] });
    expect(await onDisk()).toEqual({ version: 1, items: ['a'] });
    expect(await store.update((s) => ({ next: { ...s, items: ['b'] }, result: 'done' }))).toBe('done');
  });
});
