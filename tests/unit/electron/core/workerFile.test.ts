import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { builtWorkersDir, findWorkerFile } from '../../../../electron/core/workerFile.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

// A worker runs inside main with main's rights: it is taken from the app's own build only.
const what = { override: null, code: 'worker_unavailable', name: 'A test worker' };
const cleanups: (() => Promise<void>)[] = [];
const tally: { case: string; ok: boolean }[] = [];
afterAll(() =>
  recordTrustRow({
    check: 'worker files',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? "a worker planted in the working directory is never run; the build's own is",
  }),
);
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('findWorkerFile', () => {
  it('never takes a worker planted in the working directory', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'groundwork-planted-'));
    cleanups.push(() => rm(cwd, { recursive: true, force: true }));
    await mkdir(join(cwd, 'dist', 'electron'), { recursive: true });
    await writeFile(join(cwd, 'dist', 'electron', 'planted-worker.mjs'), 'process.exit(66);');
    vi.spyOn(process, 'cwd').mockReturnValue(cwd);
    let found: string | null = null;
    try {
      found = findWorkerFile('planted-worker.mjs', what);
    } catch (error) {
      expect(error).toMatchObject({ code: 'worker_unavailable' });
    }
    tally.push({ case: `the planted worker was found: ${found}`, ok: found === null });
    expect(found).toBeNull();
  });

  it("finds one in the checkout's own build, and takes the config's override as given", async () => {
    const dir = join(process.cwd(), 'dist', 'electron');
    const file = `unit-worker-${process.pid}.mjs`;
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, file), '');
    cleanups.push(() => rm(join(dir, file), { force: true }));
    tally.push({ case: "the checkout's own build is not found", ok: findWorkerFile(file, what) === join(dir, file) });
    expect(findWorkerFile(file, what)).toBe(join(dir, file));
    expect(findWorkerFile(file, { ...what, override: '/opt/tests/worker.mjs' })).toBe('/opt/tests/worker.mjs');
  });
});

describe('builtWorkersDir', () => {
  it('is the dist/electron/ of the build the running code belongs to', () => {
    expect(builtWorkersDir('/opt/App/resources/app.asar/dist/electron')).toBe('/opt/App/resources/app.asar/dist/electron');
    expect(builtWorkersDir('/src/groundwork/dist/preview')).toBe('/src/groundwork/dist/electron');
    expect(builtWorkersDir('/src/groundwork/dist/.run-ts/run-a1b2')).toBe('/src/groundwork/dist/electron');
    expect(builtWorkersDir('/src/groundwork/electron')).toBe('/src/groundwork/dist/electron');
  });
});
