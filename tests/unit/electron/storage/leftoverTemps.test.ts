import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../electron/storage/fsAtomic.js';
import { removeLeftoverTemps } from '../../../../electron/storage/leftoverTemps.js';
import { createLogger } from '../../../../electron/core/log.js';

const logger = createLogger(null, { console: false });
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'groundwork-temps-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function fileAt(path: string, text: string, offsetMs: number): Promise<void> {
  await writeFile(path, text);
  const at = new Date(Date.now() + offsetMs);
  await utimes(path, at, at);
}
const oldFile = (path: string, text: string) => fileAt(path, text, -60_000);

describe('temp files of interrupted writes', () => {
  it('are removed at start-up in every folder the app writes to; real files and fresh temps stay', async () => {
    const doc = join(dataDir, 'workspace', 'documents', 'abc123');
    await mkdir(doc, { recursive: true });
    await mkdir(join(dataDir, 'workspace', 'results'), { recursive: true });
    await oldFile(join(dataDir, '.settings.json.0123456789ab.tmp'), '{"vers');
    await oldFile(join(doc, '.original.a1b2c3d4e5f6.tmp'), 'half');
    await oldFile(join(dataDir, 'workspace', 'results', '.r1.info.json.ffffffffffff.tmp'), '{');
    await oldFile(join(dataDir, 'workspace', 'results', 'r1.json'), '{}');
    await oldFile(join(dataDir, 'notes.tmp'), 'not ours: no dot, no 12-hex suffix');
    // File times are coarser than the clock, so "begun after start" is set explicitly.
    await fileAt(join(dataDir, '.datasets.json.aaaaaaaaaaaa.tmp'), 'a write begun after start', 5_000);

    expect(await removeLeftoverTemps(dataDir, logger, new Date())).toBe(3);
    expect((await readdir(dataDir)).sort()).toEqual(['.datasets.json.aaaaaaaaaaaa.tmp', 'notes.tmp', 'workspace']);
    expect(await readdir(doc)).toEqual([]);
    expect(await readdir(join(dataDir, 'workspace', 'results'))).toEqual(['r1.json']);
  });

  it('match the names writeFileAtomic gives them', async () => {
    const { ATOMIC_TEMP_PATTERN } = await import('../../../../electron/storage/fsAtomic.js');
    await writeFileAtomic(join(dataDir, 'deep', 'er', 'file.json'), '{}');
    expect(await readdir(join(dataDir, 'deep', 'er'))).toEqual(['file.json']);
    expect(ATOMIC_TEMP_PATTERN.test(`.file.json.${'0'.repeat(12)}.tmp`)).toBe(true);
    expect(ATOMIC_TEMP_PATTERN.test('file.json')).toBe(false);
  });
});
