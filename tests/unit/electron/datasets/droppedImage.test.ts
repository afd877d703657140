import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { droppedNameProblem } from '../../../../electron/datasets/droppedImage.js';
import { DROP_BATCH_FILES, datasetsRequests } from '../../../../shared/ipc/datasets.js';
import { MAX_IMAGE_BYTES } from '../../../../shared/imageFormats.js';
import { rgbPng } from '../../../support/png.js';
import { caught, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

const one = (mediaId: number, fileName: string, bytes: Uint8Array) => [{ mediaId, fileName, bytes }];

/** Every file under a folder, as paths relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}

// Dropped images come from the renderer as bytes and a name, in batches: main copies only
// images within the limit, named by media id, whatever name or bytes the renderer sends.
describe('dropped images', () => {
  it('copies an image into <data>/media/<project>/<id>.<ext>, puts it on the board and serves it as the thumbnail', async () => {
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Drops');
    const png = rgbPng(4, 4);
    const after = await ds.media.dropImages(project.id, one(5, 'weld 5.png', png), { kind: 'name', pattern: 'weld (\\d+)' });
    const path = join(ds.dataDir, 'media', String(project.id), '5.png');
    expect(after.outcomes).toEqual([{ mediaId: 5, fileName: 'weld 5.png' }]);
    expect(after.project.media).toEqual([{ mediaId: 5, fileName: 'weld 5.png', imagePath: path, metadata: {}, addedByDrop: true }]);
    expect((await readFile(path)).equals(png)).toBe(true);
    expect((await ds.media.thumbnail(project.id, 5)).mime).toBe('image/png');
    // The mapping and its rule survive a restart: they are in the registry on disk.
    const saved = (await ds.store.read()).projects[0];
    expect(saved?.media[0]?.imagePath).toBe(path);
    expect(saved?.dropRule).toEqual({ kind: 'name', pattern: 'weld (\\d+)' });
  });

  it('records a batch in one registry write, each image with its own outcome', async () => {
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Batch');
    const store = ds.store;
    const update = store.updateProject.bind(store);
    let writes = 0;
    store.updateProject = (...args) => (writes++, update(...args));
    const text = new TextEncoder().encode('not an image');
    const result = await ds.media.dropImages(project.id, [
      { mediaId: 1, fileName: '1.png', bytes: rgbPng(1, 1) },
      { mediaId: 2, fileName: '2.png', bytes: text },
      { mediaId: 3, fileName: '3.png', bytes: rgbPng(1, 1) },
    ]);
    expect(writes).toBe(1);
    expect(result.outcomes.map((o) => o.error?.code ?? 'stored')).toEqual(['stored', 'not_an_image', 'stored']);
    expect(result.project.media.map((m) => m.mediaId)).toEqual([1, 3]);
    expect(
      datasetsRequests.dropImages.safeParse({ projectId: 1, images: Array(DROP_BATCH_FILES + 1).fill(one(1, 'a.png', text)[0]) }).success,
    ).toBe(false);
  });

  it('replaces an earlier copy of the same media under another extension, after the registry points at the new one', async () => {
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Replace');
    await ds.media.dropImages(project.id, one(5, 'a.png', rgbPng(2, 2)));
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    await ds.media.dropImages(project.id, one(5, 'a.jpg', jpeg));
    expect(await readdir(join(ds.dataDir, 'media', String(project.id)))).toEqual(['5.jpg']);
  });

  it('a registry write that fails keeps the old copy the registry points at and removes the new, orphaned one', async () => {
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Crash');
    await ds.media.dropImages(project.id, one(5, 'a.png', rgbPng(2, 2)));
    const store = ds.store;
    const update = store.updateProject.bind(store);
    store.updateProject = () => Promise.reject(new Error('disk full'));
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    await expect(ds.media.dropImages(project.id, one(5, 'a.jpg', jpeg))).rejects.toThrow('disk full');
    store.updateProject = update;
    const folder = join(ds.dataDir, 'media', String(project.id));
    expect(await readdir(folder)).toEqual(['5.png']);
    expect((await store.project(project.id)).media[0]?.imagePath).toBe(join(folder, '5.png'));
  });

  it('refuses bytes that are not an image, whatever the name says', async () => {
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Bad bytes');
    const result = await ds.media.dropImages(project.id, one(1, '1.png', new TextEncoder().encode('#!/bin/sh\nrm -rf ~\n')));
    expect(result.outcomes[0]?.error).toMatchObject({ code: 'not_an_image', fields: { file: expect.stringContaining('1.png') } });
    expect((await ds.store.project(project.id)).media).toEqual([]);
  });

  it('refuses an image over the limit at the IPC boundary and in main', async () => {
    const image = { mediaId: 1, fileName: 'big.png', bytes: new Uint8Array(MAX_IMAGE_BYTES + 1) };
    expect(datasetsRequests.dropImages.safeParse({ projectId: 1, images: [image] }).success).toBe(false);
    expect(datasetsRequests.dropImages.safeParse({ projectId: 1, images: [{ ...image, bytes: image.bytes.subarray(1) }] }).success).toBe(
      true,
    );
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Big');
    image.bytes.set(rgbPng(1, 1));
    expect((await ds.media.dropImages(project.id, [image])).outcomes[0]?.error).toMatchObject({ code: 'image_too_large' });
  });

  it('writes nothing outside media/<project>/ whatever the name: names with folders, "..", or control characters are refused', async () => {
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Names');
    const before = await filesUnder(ds.dataDir);
    const names = ['../../evil.png', '../evil.png', '..\\evil.png', '/tmp/evil.png', '..', 'a\u0000.png', 'a\n.png', ''];
    for (const name of names) expect(droppedNameProblem(name), name).not.toBeNull();
    const refused = await ds.media.dropImages(project.id, [
      ...names.map((n) => one(1, n, rgbPng(1, 1))[0]!),
      ...one(2, '..evil.png', rgbPng(1, 1)),
    ]);
    expect(refused.outcomes.map((o) => o.error?.code ?? 'stored')).toEqual([...names.map(() => 'invalid_file_name'), 'stored']);
    const written = (await filesUnder(ds.dataDir)).filter((f) => !before.includes(f) && f !== 'datasets.json');
    // Only the plain name's copy, named by its id in the project's folder.
    expect(written).toEqual([join('media', String(project.id), '2.png')]);
  });

  it('takes only listed media once the project has a media list', async () => {
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Listed');
    await ds.media.addMediaIds(project.id, '7 8');
    const result = await ds.media.dropImages(project.id, [...one(7, '7.png', rgbPng(1, 1)), ...one(9, '9.png', rgbPng(1, 1))]);
    expect(result.outcomes.map((o) => o.error?.code ?? 'stored')).toEqual(['stored', 'unknown_media']);
    expect(result.project.media.map((m) => m.mediaId)).toEqual([7, 8]);
  });

  it("serves a project's thumbnails from its own copies folder only, not another project's", async () => {
    const a = await ds.projects.createProject(KEY_IDS.v1, 'A');
    const b = await ds.projects.createProject(KEY_IDS.v1, 'B');
    await ds.media.dropImages(a.id, one(1, '1.png', rgbPng(1, 1)));
    const copyOfA = join(ds.dataDir, 'media', String(a.id), '1.png');
    await ds.store.updateProject(b.id, (p) => ({ ...p, media: [{ mediaId: 1, imagePath: copyOfA, metadata: {} }] }));
    expect(await caught(ds.media.thumbnail(b.id, 1))).toMatchObject({ code: 'image_unavailable' });
  });

  it('removing media deletes their copies; forgetting the project deletes its copies folder', async () => {
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Forget');
    const other = await ds.projects.createProject(KEY_IDS.v1, 'Other');
    await ds.media.dropImages(project.id, [...one(1, '1.png', rgbPng(1, 1)), ...one(2, '2.png', rgbPng(1, 1))]);
    await ds.media.dropImages(other.id, one(1, '1.png', rgbPng(1, 1)));
    const folder = join(ds.dataDir, 'media', String(project.id));
    await ds.media.removeMedia(project.id, [1]);
    expect(await readdir(folder)).toEqual(['2.png']);
    await ds.projects.forgetProject(project.id);
    expect(await readdir(join(ds.dataDir, 'media'))).toEqual([String(other.id)]);
  });

  it('refuses a project it does not know', async () => {
    expect(await caught(ds.media.dropImages(999, one(1, '1.png', rgbPng(1, 1))))).toMatchObject({ code: 'unknown_project' });
  });
});
