import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caught, PNG, pdf, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

describe('the media board', () => {
  it('imports a CSV media list and reports bad rows by line', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'M');
    const csv = `\uFEFFmediaId,fileName\n${id * 100 + 1},"a, front.png"\nnope,b.png\n${id * 100 + 2},b.png\n`;
    const result = await ds.media.importMedia(id, 'media.csv', csv);
    expect(result).toMatchObject({ imported: 2, added: 2, problems: [{ line: 3, message: expect.stringMatching(/not a media id/) }] });
    expect(result.project.media.map((m) => [m.mediaId, m.fileName])).toEqual([
      [id * 100 + 1, 'a, front.png'],
      [id * 100 + 2, 'b.png'],
    ]);
    const pasted = await ds.media.addMediaIds(id, `${id * 100 + 2}, ${id * 100 + 3}\n${id * 100 + 4}`);
    expect(pasted).toMatchObject({ imported: 3, added: 2 });
    expect((await ds.media.removeMedia(id, [id * 100 + 4])).media).toHaveLength(3);
  });

  it('serves thumbnails only for imported image paths, judged by content', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Thumbs');
    // The project's own copies folder is always allowed (tests/unit/electron/datasets/datasetHandlers.rendererPaths.test.ts has the rest).
    await mkdir(join(ds.dataDir, 'media', String(id)), { recursive: true });
    const png = join(ds.dataDir, 'media', String(id), 'a.png');
    const fake = join(ds.dataDir, 'media', String(id), 'b.png');
    await writeFile(png, PNG);
    await writeFile(fake, await pdf(1));
    await ds.media.importMedia(
      id,
      'list.json',
      JSON.stringify([{ mediaId: 1, imagePath: png }, { mediaId: 2, imagePath: fake }, { mediaId: 3 }]),
    );
    expect(await ds.media.thumbnail(id, 1)).toMatchObject({ mime: 'image/png' });
    expect(await caught(ds.media.thumbnail(id, 2))).toMatchObject({ code: 'image_unavailable' });
    expect(await caught(ds.media.thumbnail(id, 3))).toMatchObject({ code: 'no_thumbnail' });
    expect(await caught(ds.media.thumbnail(id, 4))).toMatchObject({ code: 'no_thumbnail' });
  });
});
