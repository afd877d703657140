import { chmod, mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHousekeeping } from '../../../../electron/app/housekeeping.js';
import { createLogger } from '../../../../electron/core/log.js';

// The walks over the whole data folder run after start, in the background: they wait, and a
// quit stops them where they are.
const posixOnly = process.platform === 'win32' ? describe.skip : describe;
const logger = createLogger(null, { console: false });
const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

let data: string;
let readable: string;
let temp: string;
beforeEach(async () => {
  data = await mkdtemp(join(tmpdir(), 'groundwork-housekeeping-'));
  await mkdir(join(data, 'workspace'), { recursive: true });
  readable = join(data, 'workspace', 'left-readable.json');
  await writeFile(readable, '{}');
  await chmod(readable, 0o644);
  // A write a crash cut short, a minute before this start.
  temp = join(data, 'workspace', '.results.json.0123456789ab.tmp');
  await writeFile(temp, '{"half');
  const before = new Date(Date.now() - 60_000);
  await utimes(temp, before, before);
});
afterEach(() => rm(data, { recursive: true, force: true }));

posixOnly('start-up housekeeping', () => {
  it('makes what is in the data folder private and clears temp files of earlier lives, once its wait is over', async () => {
    const housekeeping = startHousekeeping(data, logger, 0);
    await housekeeping.done;
    expect(await modeOf(readable)).toBe('600');
    expect(await readdir(join(data, 'workspace'))).toEqual(['left-readable.json']);
  });

  it('stopped while it waits (a quit within seconds of start) walks nothing and settles at once', async () => {
    const housekeeping = startHousekeeping(data, logger, 60_000);
    // Settling waits for no timer: the test's own 5 s limit would end it otherwise.
    await housekeeping.stop();
    expect(await modeOf(readable)).toBe('644');
    expect((await readdir(join(data, 'workspace'))).sort()).toEqual(['.results.json.0123456789ab.tmp', 'left-readable.json']);
  });
});
