import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatasetHandlers } from '../../../../electron/datasets/datasetHandlers.js';
import { downloadArchive } from '../../../../electron/datasets/snapshotDownload.js';
import { RunRegistry } from '../../../../electron/runs/runRegistry.js';
import { caught, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

describe('snapshots', () => {
  it('exports a snapshot and downloads it atomically into a chosen folder', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Snap');
    const project = await ds.snapshots.exportSnapshot(id, 2, true);
    const record = project.exports[0]!;
    expect(record).toMatchObject({ status: 'Started', version: 2, retry: true });
    expect(Date.parse(record.downloadExpiresAt)).toBeGreaterThan(Date.now());
    const handlers = createDatasetHandlers({ runs: new RunRegistry(), datasets: ds });
    const folder = join(ds.dataDir, 'out');
    const download = (f: string, url = record.downloadUrl) =>
      handlers['snapshots:download']({ runId: crypto.randomUUID(), projectId: id, downloadUrl: url, folder: f });
    expect(await caught(download(folder))).toMatchObject({
      code: 'invalid_folder',
      fields: { folder: expect.stringMatching(/does not exist/) },
    });
    expect(await caught(download('relative/dir'))).toMatchObject({ code: 'invalid_folder' });
    expect(await caught(download(folder, `${holder.emulator.url}/__storage/other.zip`))).toMatchObject({ code: 'unknown_download' });
    await mkdir(folder);
    const result = await download(folder);
    expect(result.path).toBe(join(folder, `snapshot-${id}-v2.zip`));
    const archive = await readFile(result.path);
    expect(archive.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04'); // the emulator serves a real ZIP
    expect(archive.toString('latin1')).toContain(`emulated snapshot 2 of project ${id}`);
    expect(await readdir(folder)).toEqual([`snapshot-${id}-v2.zip`]);
    expect((await ds.projects.registry()).projects[0]!.exports[0]!.downloadedTo).toBe(result.path);
    // A second download never overwrites the first.
    const second = await download(folder);
    expect(second.path).toBe(join(folder, `snapshot-${id}-v2 (1).zip`));
    expect((await readdir(folder)).sort()).toEqual([`snapshot-${id}-v2 (1).zip`, `snapshot-${id}-v2.zip`]);
  });

  it('a connection dropped mid-download leaves no file behind, not even the temp file', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': '100000', 'Content-Type': 'application/zip' });
      const start = Buffer.alloc(4096, 1);
      start.write('PK\x03\x04', 'latin1'); // a ZIP's start, so it is kept until the drop
      res.write(start, () => setTimeout(() => res.destroy(), 20));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const folder = join(ds.dataDir, 'drop');
    await mkdir(folder);
    try {
      const { port } = server.address() as AddressInfo;
      const progress: number[] = [];
      const error = await caught(
        downloadArchive({
          url: `http://127.0.0.1:${port}/s.zip`,
          localOrigin: `http://127.0.0.1:${port}`,
          folder,
          fileName: 's.zip',
          taskId: 't',
          emit: (e) => progress.push(e.type === 'progress' ? e.done : -1),
        }),
      );
      expect(error.code).toBe('download_interrupted');
      expect(progress).toContain(4096);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      server.close();
    }
  });
});
