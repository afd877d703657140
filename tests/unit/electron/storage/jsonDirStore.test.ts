import type * as fs from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Logger } from '../../../../electron/core/log.js';
import { JsonDirStore } from '../../../../electron/storage/jsonDirStore.js';

// Faults the file system can show: a disk that fills halfway through a write, and a count of
// the files being read at once.
const fault = vi.hoisted(() => ({ diskFullHalfway: false, reading: 0, mostReading: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const half = (data: string | Uint8Array) =>
    typeof data === 'string' ? data.slice(0, data.length / 2) : data.subarray(0, data.length / 2);
  const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  return {
    ...real,
    writeFile: async (path: string, data: string | Uint8Array, options?: unknown) => {
      if (!fault.diskFullHalfway) return real.writeFile(path, data, options as never);
      await real.writeFile(path, half(data));
      throw diskFull();
    },
    open: async (path: string, flags?: string, mode?: number) => {
      const handle = await real.open(path, flags, mode);
      if (!fault.diskFullHalfway || flags !== 'w') return handle;
      return Object.assign(Object.create(handle) as fs.FileHandle, {
        writeFile: async (data: string | Uint8Array) => {
          await handle.writeFile(half(data));
          throw diskFull();
        },
        close: () => handle.close(),
        sync: () => handle.sync(),
      });
    },
    readFile: async (...args: Parameters<typeof real.readFile>) => {
      fault.mostReading = Math.max(fault.mostReading, ++fault.reading);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return await real.readFile(...args);
      } finally {
        fault.reading--;
      }
    },
  };
});

const noteSchema = z.object({ id: z.string(), text: z.string() });
type Note = z.infer<typeof noteSchema>;

let dir: string;
let warnings: { message: string; details?: Record<string, unknown> }[];
const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message, details) => void warnings.push({ message, ...(details ? { details } : {}) }),
  error: (message, details) => void warnings.push({ message, ...(details ? { details } : {}) }),
  redact: () => undefined,
};
const notes = (options: { suffix?: string; keyOf?: (id: string) => string; pretty?: boolean } = {}) =>
  new JsonDirStore<Note>({ dir: join(dir, 'notes'), schema: noteSchema, suffix: '.json', label: 'note', logger, ...options });
const byId = (list: Note[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-jsondir-'));
  warnings = [];
  Object.assign(fault, { diskFullHalfway: false, reading: 0, mostReading: 0 });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('JsonDirStore', () => {
  it('reads back what it wrote, one file per id, and lists every entry', async () => {
    const store = notes();
    await store.write('a', { id: 'a', text: 'first' });
    await store.write('b', { id: 'b', text: 'second' });
    await store.write('a', { id: 'a', text: 'again' });
    expect(await store.read('a')).toEqual({ id: 'a', text: 'again' });
    expect(await store.read('missing')).toBeNull();
    expect(byId(await store.list())).toEqual([
      { id: 'a', text: 'again' },
      { id: 'b', text: 'second' },
    ]);
    expect((await readdir(store.dir)).sort()).toEqual(['a.json', 'b.json']);
    await store.remove('a');
    await store.remove('a'); // gone already: fine
    expect(await store.list()).toEqual([{ id: 'b', text: 'second' }]);
    expect(warnings).toEqual([]);
  });

  it('names files by its rule: a suffix, a folder per entry, ids mapped to keys', async () => {
    await notes({ suffix: '.info.json', pretty: true }).write('a', { id: 'a', text: 't' });
    expect(await readFile(join(dir, 'notes', 'a.info.json'), 'utf8')).toBe('{\n  "id": "a",\n  "text": "t"\n}');
    // Beside its summaries, a folder may hold other files: the listing reads only its own.
    await writeFile(join(dir, 'notes', 'a.json'), '{"id":"response","text":"not a summary"}');
    expect(await notes({ suffix: '.info.json' }).list()).toEqual([{ id: 'a', text: 't' }]);

    const folders = notes({ suffix: '/note.json' });
    await folders.write('doc1', { id: 'doc1', text: 'in a folder' });
    await writeFile(join(dir, 'notes', 'doc1', 'original'), 'bytes');
    expect(await readFile(join(dir, 'notes', 'doc1', 'note.json'), 'utf8')).toBe('{"id":"doc1","text":"in a folder"}');
    expect(await folders.list()).toEqual([{ id: 'doc1', text: 'in a folder' }]);

    const mapped = notes({ keyOf: (id) => `k-${id.length}` });
    await mapped.write('a long id/with a slash', { id: 'x', text: 'mapped' });
    expect(await mapped.read('a long id/with a slash')).toEqual({ id: 'x', text: 'mapped' });
    expect(await readdir(join(dir, 'notes'))).toContain('k-22.json');
  });

  it('a write cut short (the disk full halfway) leaves the old file whole and no half-written one beside it', async () => {
    const store = notes();
    await store.write('a', { id: 'a', text: 'old' });
    fault.diskFullHalfway = true;
    await expect(store.write('a', { id: 'a', text: 'new and much longer than the old one' })).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(store.write('b', { id: 'b', text: 'never whole' })).rejects.toMatchObject({ code: 'ENOSPC' });
    fault.diskFullHalfway = false;
    expect(await store.read('a')).toEqual({ id: 'a', text: 'old' });
    expect(await store.read('b')).toBeNull();
    expect(await readdir(store.dir)).toEqual(['a.json']);
    expect(warnings).toEqual([]);
  });

  it('skips a file that is not JSON with a warning, leaves it where it is, and lists the others', async () => {
    const store = notes();
    await store.write('good', { id: 'good', text: 'fine' });
    await writeFile(join(store.dir, 'broken.json'), '{"id": "broken", "te');
    expect(await store.list()).toEqual([{ id: 'good', text: 'fine' }]);
    expect(await store.read('broken')).toBeNull();
    expect(warnings.map((w) => [w.message, w.details?.file])).toEqual([
      ['unreadable note skipped', 'broken.json'],
      ['unreadable note skipped', 'broken.json'],
    ]);
    // Never moved or deleted: a person (or a newer version) may still read it.
    expect(await readFile(join(store.dir, 'broken.json'), 'utf8')).toBe('{"id": "broken", "te');
    expect((await readdir(store.dir)).sort()).toEqual(['broken.json', 'good.json']);
  });

  it('skips a file that does not fit the schema, and refuses to write a value that would not', async () => {
    const store = notes();
    await mkdir(store.dir, { recursive: true });
    await writeFile(join(store.dir, 'old.json'), JSON.stringify({ id: 'old', text: 42 }));
    expect(await store.list()).toEqual([]);
    expect(await store.read('old')).toBeNull();
    expect(warnings.map((w) => w.message)).toEqual(['unreadable note skipped', 'unreadable note skipped']);

    await expect(store.write('bad', { id: 'bad' } as Note)).rejects.toMatchObject({ code: 'invalid_record' });
    expect(await readdir(store.dir)).toEqual(['old.json']);
  });

  it('is typed by its schema: the compiler refuses a schema whose entries are not of the store type', () => {
    type Tagged = Note & { tag?: string };
    const options = { dir, suffix: '.json', label: 'note', logger };
    const stores = [
      new JsonDirStore<Tagged>({ ...options, schema: noteSchema.extend({ tag: z.string().exactOptional() }) }),
      // @ts-expect-error `text` unchecked: an entry read might have none
      new JsonDirStore<Note>({ ...options, schema: z.looseObject({ id: z.string() }) }),
      // @ts-expect-error `.optional()` lets a key set to undefined through, where Tagged's `tag` is absent or a string
      new JsonDirStore<Tagged>({ ...options, schema: noteSchema.extend({ tag: z.string().optional() }) }),
    ];
    expect(stores).toHaveLength(3);
  });

  it('updates an entry from what it holds, and refuses to write over one it cannot read', async () => {
    const store = notes();
    await store.update('a', (current) => ({ id: 'a', text: `${current?.text ?? ''}one` }));
    await store.update('a', (current) => ({ id: 'a', text: `${current?.text ?? ''}, two` }));
    expect(await store.read('a')).toEqual({ id: 'a', text: 'one, two' });
    await writeFile(join(dir, 'notes', 'b.json'), '{"id": "b", "text": 7}');
    await expect(store.update('b', () => ({ id: 'b', text: 'over it' }))).rejects.toMatchObject({ code: 'unreadable_record' });
    expect(await readFile(join(dir, 'notes', 'b.json'), 'utf8')).toBe('{"id": "b", "text": 7}');
  });

  it('reads an unreadable entry as a refusal when asked to, and sets it aside under a name no listing reads', async () => {
    const store = notes();
    await store.write('a', { id: 'a', text: 'fine' });
    await writeFile(join(dir, 'notes', 'b.json'), 'not json');
    expect(await store.readOrRefuse('a')).toEqual({ id: 'a', text: 'fine' });
    expect(await store.readOrRefuse('none')).toBeNull();
    await expect(store.readOrRefuse('b')).rejects.toMatchObject({ code: 'unreadable_record' });

    const movedTo = await store.setAside('b', new Date('2026-01-02T03:04:05.678Z'));
    expect(movedTo).toMatch(/\/notes\/b\.json\.unreadable-2026-01-02T03-04-05-678Z-[0-9a-f]{8}$/);
    expect(await readFile(movedTo!, 'utf8')).toBe('not json');
    expect(await store.readOrRefuse('b')).toBeNull();
    expect(await store.list()).toEqual([{ id: 'a', text: 'fine' }]);
    expect(await store.setAside('b')).toBeNull();
    await expect(store.setAside('../x')).rejects.toMatchObject({ code: 'invalid_id' });
  });

  it('lists only its entries: no temp file of an interrupted write, no set-aside copy, no stray', async () => {
    const store = notes();
    await store.write('a', { id: 'a', text: 'kept' });
    const valid = JSON.stringify({ id: 'stray', text: 'valid JSON all the same' });
    for (const name of [
      '.a.json.0123456789ab.tmp',
      'a.json.corrupt-2026-01-01T00-00-00-000Z',
      'notes.txt',
      'two words.json',
      '.json',
      '.hidden.json',
    ]) {
      await writeFile(join(store.dir, name), valid);
    }
    await mkdir(join(store.dir, 'folder.json'));
    expect(await store.list()).toEqual([{ id: 'a', text: 'kept' }]);
  });

  it('refuses ids that would leave the folder, before touching the disk', async () => {
    const store = notes();
    const folders = notes({ suffix: '/note.json' });
    for (const id of ['../escaped', '..', 'a/b', 'a\\b', '', '.hidden', 'x'.repeat(81), '/etc/passwd']) {
      await expect(store.write(id, { id, text: 'no' })).rejects.toMatchObject({ code: 'invalid_id' });
      await expect(folders.write(id, { id, text: 'no' })).rejects.toMatchObject({ code: 'invalid_id' });
      await expect(store.read(id)).rejects.toMatchObject({ code: 'invalid_id' });
      await expect(store.remove(id)).rejects.toMatchObject({ code: 'invalid_id' });
    }
    const mapped = notes({ keyOf: (id) => id });
    await expect(mapped.write('../escaped', { id: 'x', text: 'no' })).rejects.toMatchObject({ code: 'invalid_id' });
    expect((await readdir(dir)).sort()).toEqual([]);
  });

  it('reads a large folder a bounded number of files at a time', async () => {
    const store = notes();
    await mkdir(store.dir, { recursive: true });
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => writeFile(join(store.dir, `n${i}.json`), JSON.stringify({ id: `n${i}`, text: 'x' }))),
    );
    expect(await store.list()).toHaveLength(300);
    expect(fault.mostReading).toBeGreaterThan(1);
    expect(fault.mostReading).toBeLessThanOrEqual(64);
  });
});
