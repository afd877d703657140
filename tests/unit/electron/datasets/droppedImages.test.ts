import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { droppedNameProblem } from '../../../../electron/datasets/droppedImage.js';
import { datasetsRequests } from '../../../../shared/ipc/datasets.js';
import { rgbPng } from '../../../support/png.js';
import { caught, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

// Dropped images come from the renderer as bytes and a name: main copies only images, at
// most 40 MB, named by media id, whatever name or bytes the renderer sends.
describe('dropped images', () => {
  it('copies an image into <data>/media/<project>/<id>.<ext>, puts it on the board and serves it as the thumbnail', async () => {
    const project = await ds.service.createProject(KEY_IDS.v1, 'Drops');
    const png = rgbPng(4, 4);
    const after = await ds.service.dropImage(project.id, 5, 'weld 5.png', png);
    const path = join(ds.dataDir, 'media', String(project.id), '5.png');
    expect(after.media).toEqual([{ mediaId: 5, fileName: 'weld 5.png', imagePath: path, metadata: {}, addedByDrop: true }]);
    expect((await readFile(path)).equals(png)).toBe(true);
    expect((await ds.service.thumbnail(project.id, 5)).mime).toBe('image/png');
    // The mapping survives a restart: it is in the registry on disk.
    expect((await ds.service.store.read()).projects[0]?.media[0]?.imagePath).toBe(path);
  });

  it('replaces an earlier copy of the same media under another extension', async () => {
    const project = await ds.service.createProject(KEY_IDS.v1, 'Replace');
    await ds.service.dropImage(project.id, 5, 'a.png', rgbPng(2, 2));
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    await ds.service.dropImage(project.id, 5, 'a.jpg', jpeg);
    expect(await readdir(join(ds.dataDir, 'media', String(project.id)))).toEqual(['5.jpg']);
  });

  it('refuses bytes that are not an image, whatever the name says', async () => {
    const project = await ds.service.createProject(KEY_IDS.v1, 'Bad bytes');
    const error = await caught(ds.service.dropImage(project.id, 1, '1.png', new TextEncoder().encode('#!/bin/sh\nrm -rf ~\n')));
    expect(error).toMatchObject({ code: 'not_an_image', fields: { file: expect.stringContaining('1.png') } });
    expect((await ds.service.store.project(project.id)).media).toEqual([]);
  });

  it('refuses an image over 40 MB at the IPC boundary and in main', async () => {
    const request = { projectId: 1, mediaId: 1, fileName: 'big.png', bytes: new Uint8Array(40 * 1024 * 1024 + 1) };
    expect(datasetsRequests.dropImage.safeParse(request).success).toBe(false);
    expect(datasetsRequests.dropImage.safeParse({ ...request, bytes: request.bytes.subarray(1) }).success).toBe(true);
    const project = await ds.service.createProject(KEY_IDS.v1, 'Big');
    const big = new Uint8Array(40 * 1024 * 1024 + 1);
    big.set(rgbPng(1, 1));
    expect(await caught(ds.service.dropImage(project.id, 1, 'big.png', big))).toMatchObject({ code: 'image_too_large' });
  });

  it('refuses names that carry folders, "..", or control characters', async () => {
    const project = await ds.service.createProject(KEY_IDS.v1, 'Names');
    for (const name of ['../../evil.png', '..\\x.png', '/etc/passwd', '..', 'a\u0000.png', 'a\n.png', '']) {
      expect(droppedNameProblem(name), name).not.toBeNull();
      expect(await caught(ds.service.dropImage(project.id, 1, name, rgbPng(1, 1)))).toMatchObject({ code: 'invalid_file_name' });
    }
    expect(droppedNameProblem('101 front.png')).toBeNull();
    expect(await readdir(ds.dataDir)).not.toContain('evil.png');
  });

  it('refuses a project it does not know', async () => {
    expect(await caught(ds.service.dropImage(999, 1, '1.png', rgbPng(1, 1)))).toMatchObject({ code: 'unknown_project' });
  });
});
