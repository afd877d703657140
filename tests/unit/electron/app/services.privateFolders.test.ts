import { chmod, lstat, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../../../../electron/app/services.js';
import { memoryKeychain } from '../../../support/memoryKeychain.js';

// The data folder holds results, reviews and logs: on every start it is made private to
// the user, however an older version or a restore left it. (POSIX modes; not Windows.)
const posixOnly = process.platform === 'win32' ? describe.skip : describe;
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'groundwork-private-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

posixOnly('the data folder is private', () => {
  it('folders 0755 and files 0644 left by an older version become 0700 and 0600 at start; links and what they point to are left alone', async () => {
    const data = join(root, 'data');
    const folders = [
      data,
      join(data, 'logs'),
      join(data, 'workspace'),
      join(data, 'workspace', 'documents'),
      join(data, 'workspace', 'documents', 'abc123'),
      join(data, 'workspace', 'results'),
    ];
    const files = [
      join(data, 'settings.json'),
      join(data, 'datasets.json'),
      join(data, 'logs', 'main.log'),
      join(data, 'workspace', 'documents', 'abc123', 'original'),
      join(data, 'workspace', 'documents', 'abc123', 'document.json'),
      join(data, 'workspace', 'results', 'r1.json'),
    ];
    for (const folder of folders) await mkdir(folder, { recursive: true });
    for (const file of files)
      await writeFile(
        file,
        file.endsWith('settings.json')
          ? '{"version":1,"keys":[]}'
          : file.endsWith('datasets.json')
            ? '{"version":1,"projects":[],"settings":{"tagTimeout":60}}'
            : 'x',
      );
    const outside = join(root, 'shared.txt');
    await writeFile(outside, 'not ours');
    await symlink(outside, join(data, 'workspace', 'link-to-shared'));
    for (const folder of folders) await chmod(folder, 0o755);
    for (const file of [...files, outside]) await chmod(file, 0o644);

    const start = (quietStartMs: number) =>
      createServices({
        shell: 'preview',
        version: 'test',
        dataDir: data,
        samplesDir: 'resources/samples',
        keychain: memoryKeychain(),
        quietStartMs,
      });
    // The folder itself at once, while the walk over what is in it still waits.
    const waiting = await start(60_000);
    waiting.jobs.stop();
    expect((await modeOf(data)).toString(8)).toBe('700');
    expect((await modeOf(join(data, 'workspace', 'documents'))).toString(8)).toBe('755');
    await waiting.close();
    // What is in it once the start-up walk has run.
    const services = await start(0);
    services.jobs.stop();
    await services.housekeeping.done;

    for (const folder of folders) expect((await modeOf(folder)).toString(8), folder).toBe('700');
    for (const file of files) expect((await modeOf(file)).toString(8), file).toBe('600');
    expect((await modeOf(outside)).toString(8)).toBe('644');
    expect((await lstat(join(data, 'workspace', 'link-to-shared'))).isSymbolicLink()).toBe(true);
    await services.close();
  });

  it('folders and files the app creates are private from the start', async () => {
    const data = join(root, 'fresh');
    const services = await createServices({
      shell: 'preview',
      version: 'test',
      dataDir: data,
      samplesDir: 'resources/samples',
      keychain: memoryKeychain(),
    });
    services.jobs.stop();
    await services.settings.update((s) => ({ next: s, result: undefined }));
    services.logger.info('a line');
    expect((await modeOf(data)).toString(8)).toBe('700');
    expect((await modeOf(join(data, 'logs'))).toString(8)).toBe('700');
    expect((await modeOf(join(data, 'logs', 'main.log'))).toString(8)).toBe('600');
    expect((await modeOf(join(data, 'settings.json'))).toString(8)).toBe('600');
    await services.close();
  });
});
