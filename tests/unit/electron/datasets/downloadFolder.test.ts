import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatasets } from '../../../../electron/datasets/datasets.js';
import { createLogger } from '../../../../electron/core/log.js';
import { Notices } from '../../../../electron/core/notices.js';
import type { AppError } from '../../../../shared/errors.js';
import { credential, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS } from './datasetsHarness.js';

// The snapshot folder is picked once in the native dialog and remembered: after a restart the
// archive goes there without picking again, and a folder never picked is still refused.

const holder = useEmulator();
let dataDir: string;
let folders: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'groundwork-snapfolder-'));
  folders = await mkdtemp(join(tmpdir(), 'groundwork-snapdest-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(folders, { recursive: true, force: true });
});

/** The Electron app's service: a folder dialog that answers `pick`, and a file manager that records what it was asked to show. */
function app(pick: string | null, shown: string[] = []) {
  return createDatasets({
    dataDir,
    keys: { credential: async (id) => ({ ...credential('v1', holder.emulator.url, KEYS.v1), id }) },
    logger: createLogger(null, { console: false }),
    notices: new Notices(),
    emit: () => undefined,
    clientOptions: { retry: { policy: { maxAttempts: 1 } } },
    chooseFolder: async () => pick,
    showInFolder: (path) => shown.push(path),
  });
}

describe('the snapshot download folder', () => {
  it('is remembered from the dialog, used after a restart, and only it', async () => {
    const picked = join(folders, 'picked');
    const other = join(folders, 'other');
    await mkdir(picked);
    await mkdir(other);
    const first = app(picked);
    const { id } = await first.projects.createProject(KEY_IDS.v1, 'Snap');
    expect(await first.snapshots.chooseDownloadFolder()).toEqual({ folder: picked });

    const shown: string[] = [];
    const restarted = app(null, shown);
    expect((await restarted.projects.registry()).downloadFolder).toBe(picked);
    const { exports } = await restarted.snapshots.exportSnapshot(id, 1, false);
    const url = exports[0]!.downloadUrl;
    const refused = await restarted.snapshots
      .downloadSnapshot({ runId: 'r1', projectId: id, downloadUrl: url, folder: other }, new AbortController().signal)
      .catch((error: AppError) => error.code);
    expect(refused).toBe('invalid_folder');
    const saved = await restarted.snapshots.downloadSnapshot(
      { runId: 'r2', projectId: id, downloadUrl: url, folder: picked },
      new AbortController().signal,
    );
    expect(saved.path).toBe(join(picked, `snapshot-${id}-v1.zip`));

    await restarted.snapshots.showDownloadInFolder(id, url);
    expect(shown).toEqual([saved.path]);
    await rm(saved.path);
    expect(await restarted.snapshots.showDownloadInFolder(id, url).catch((error: AppError) => error.code)).toBe('download_missing');
  });

  it('a cancelled dialog changes nothing', async () => {
    const service = app(null);
    expect(await service.snapshots.chooseDownloadFolder()).toEqual({ folder: null });
    expect((await service.projects.registry()).downloadFolder).toBeUndefined();
  });
});
