import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { downloadArchive } from '../../../../electron/datasets/snapshotDownload.js';
import { describe, expect, it } from 'vitest';
import { DatasetsService } from '../../../../electron/datasets/datasetsService.js';
import { V1Client } from '../../../../electron/api/v1Client.js';
import { createDatasetHandlers } from '../../../../electron/datasets/datasetHandlers.js';
import type { Services } from '../../../../electron/app/services.js';
import { RunRegistry } from '../../../../electron/runs/runRegistry.js';
import { createLogger } from '../../../../electron/core/log.js';
import { Notices } from '../../../../electron/core/notices.js';
import { armFault, caught, PNG, pdf, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, useDatasets } from './datasetsHarness.js';
import { datasetsRequests } from '../../../../shared/ipc/datasets.js';

const holder = useEmulator();
const ds = useDatasets(holder);

/** The emulator's view of one project (what the service really holds). */
async function emulatorProject(id: number) {
  const state = (await (await fetch(`${holder.emulator.url}/__control/state`)).json()) as {
    projects: { id: number; media: Record<string, Record<string, unknown>> }[];
  };
  return state.projects.find((p) => p.id === id)!;
}

async function projectWithColor(keyId = KEY_IDS.v1) {
  const project = await ds.service.createProject(keyId, 'Defects');
  await ds.service.createMetadata(project.id, { name: 'color', allowMultiple: false, predefinedChoices: ['red', 'blue'] });
  return project;
}

describe('projects', () => {
  it('creates a project, remembers it with its key, and toggles it', async () => {
    const project = await ds.service.createProject(KEY_IDS.v1, 'Parts');
    expect(project).toMatchObject({ name: 'Parts', keyId: KEY_IDS.v1, origin: 'created', isActive: true, projectType: expect.any(String) });
    const off = await ds.service.setActive(project.id, false);
    expect(off.isActive).toBe(false);
    // A second service on the same folder reads the registry back from disk.
    const again = new DatasetsService({
      dataDir: ds.dataDir,
      keys: {
        credential: async () => {
          throw new Error('unused');
        },
      },
      logger: createLogger(null, { console: false }),
      notices: new Notices(),
      emit: () => undefined,
    });
    expect((await again.registry()).projects).toEqual([expect.objectContaining({ id: project.id, name: 'Parts', isActive: false })]);
  });

  it('works with a legacy key + secret pair and refuses a wrong secret', async () => {
    expect(await ds.service.createProject(KEY_IDS.legacy, 'Legacy')).toMatchObject({ name: 'Legacy', keyId: KEY_IDS.legacy });
    expect(holder.emulator.requests.at(-1)).toMatchObject({ path: '/v1/projects', status: 200 });
    expect(await caught(ds.service.createProject(KEY_IDS.badLegacy, 'x'))).toMatchObject({ code: 'invalid_api_key', status: 401 });
    expect((await ds.service.registry()).projects).toHaveLength(1);
  });

  it('refuses a key that is not a v1 key without calling the service', async () => {
    const before = holder.emulator.requests.length;
    expect(await caught(ds.service.createProject(KEY_IDS.v2, 'x'))).toMatchObject({
      code: 'wrong_key_kind',
      fields: { keyId: expect.any(String) },
    });
    expect(holder.emulator.requests.length).toBe(before);
  });

  it('maps a missing name to the name field', async () => {
    const error = await caught(ds.service.createProject(KEY_IDS.v1, '  '));
    expect(error).toMatchObject({ code: 'validation_error', status: 422 });
    expect(error.fields?.name).toMatch(/at least 1 character/);
  });

  it('adds a project known by id and forgets it', async () => {
    const added = await ds.service.addProject(KEY_IDS.v1, 77, '');
    expect(added).toMatchObject({ id: 77, name: 'Project 77', origin: 'added' });
    await ds.service.forgetProject(77);
    expect((await ds.service.registry()).projects).toEqual([]);
    expect(await caught(ds.service.createTag(77, 'x'))).toMatchObject({ code: 'unknown_project' });
  });

  it('sets a corrupt registry aside and starts clean', async () => {
    await writeFile(join(ds.dataDir, 'datasets.json'), '{"version":1,"projects":[{"id":"x"}]');
    expect((await ds.service.registry()).projects).toEqual([]);
    expect((await readdir(ds.dataDir)).some((f) => f.startsWith('datasets.json.corrupt-'))).toBe(true);
  });
});

describe('tags and metadata', () => {
  it('creates tags with the timeout setting, shows color and dates, renames', async () => {
    const { id } = await ds.service.createProject(KEY_IDS.v1, 'T');
    await ds.service.setSettings({ tagTimeout: 15 });
    let project = await ds.service.createTag(id, 'scratch');
    expect(holder.emulator.requests.at(-1)?.query).toBe('?timeout=15');
    const tag = project.tags[0]!;
    expect(tag).toMatchObject({
      name: 'scratch',
      color: expect.stringMatching(/^#/),
      isArchived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await ds.service.setSettings({ tagTimeout: null });
    await ds.service.createTag(id, 'dent');
    // null is the service's default: left out (a query string cannot carry null; an empty timeout= is refused).
    expect(holder.emulator.requests.at(-1)?.query).toBe('');
    project = await ds.service.renameTag(id, tag.id, 'deep scratch');
    expect(project.tags.map((t) => t.name)).toEqual(['deep scratch', 'dent']);
  });

  it('a tag is created from its name alone: the contract\'s "required" marks the name, it is no field to send', () => {
    expect(datasetsRequests.createTag.safeParse({ projectId: 1, name: 'scratch', required: true }).success).toBe(false);
    expect(datasetsRequests.createTag.safeParse({ projectId: 1, name: 'scratch' }).success).toBe(true);
  });

  it('reports a duplicate tag next to the name field', async () => {
    const { id } = await ds.service.createProject(KEY_IDS.v1, 'T');
    await ds.service.createTag(id, 'scratch');
    expect((await caught(ds.service.createTag(id, 'Scratch'))).fields).toEqual({ name: expect.stringMatching(/already exists/) });
  });

  it('creates and updates metadata definitions (rename, append choices, flexible)', async () => {
    const { id } = await projectWithColor();
    const project = await ds.service.updateMetadata(id, (await ds.service.registry()).projects[0]!.metadata[0]!.id, {
      name: 'colour',
      predefinedChoicesAppend: ['green'],
      valueFlexible: true,
    });
    expect(project.metadata).toEqual([
      expect.objectContaining({ name: 'colour', predefinedChoices: ['red', 'blue', 'green'], valueFlexible: true }),
    ]);
    const error = await caught(ds.service.createMetadata(id, { name: 'colour', allowMultiple: false, predefinedChoices: [] }));
    expect(error.fields?.name).toMatch(/already exists/);
  });
});

describe('the media board', () => {
  it('imports a CSV media list and reports bad rows by line', async () => {
    const { id } = await ds.service.createProject(KEY_IDS.v1, 'M');
    const csv = `\uFEFFmediaId,fileName\n${id * 100 + 1},"a, front.png"\nnope,b.png\n${id * 100 + 2},b.png\n`;
    const result = await ds.service.importMedia(id, 'media.csv', csv);
    expect(result).toMatchObject({ imported: 2, added: 2, problems: [{ line: 3, message: expect.stringMatching(/not a media id/) }] });
    expect(result.project.media.map((m) => [m.mediaId, m.fileName])).toEqual([
      [id * 100 + 1, 'a, front.png'],
      [id * 100 + 2, 'b.png'],
    ]);
    const pasted = await ds.service.addMediaIds(id, `${id * 100 + 2}, ${id * 100 + 3}\n${id * 100 + 4}`);
    expect(pasted).toMatchObject({ imported: 3, added: 2 });
    expect((await ds.service.removeMedia(id, [id * 100 + 4])).media).toHaveLength(3);
  });

  it('applies metadata to exactly the chosen media, and the answers update the board', async () => {
    const { id } = await projectWithColor();
    await ds.service.addMediaIds(id, `${id * 100 + 1} ${id * 100 + 2} ${id * 100 + 3}`);
    const runId = crypto.randomUUID();
    const result = await ds.service.applyMetadata({
      runId,
      projectId: id,
      changes: [{ metadataAppend: { color: 'red' }, mediaIds: [id * 100 + 1, id * 100 + 3] }],
    });
    expect(result).toMatchObject({ updated: 2, requests: 1 });
    expect(result.project.media.find((m) => m.mediaId === id * 100 + 1)?.metadata).toEqual({ color: 'red' });
    expect(result.project.media.find((m) => m.mediaId === id * 100 + 2)?.metadata).toEqual({});
    const media = (await emulatorProject(id)).media;
    expect(
      Object.entries(media)
        .filter(([, m]) => m.color === 'red')
        .map(([k]) => Number(k)),
    ).toEqual([id * 100 + 1, id * 100 + 3]);
    expect(ds.events.filter((e) => e.type === 'progress' && e.taskId === runId).at(-1)).toMatchObject({ done: 2, total: 2 });
  });

  it('sends 1,000 media in batches with progress', async () => {
    const { id } = await projectWithColor();
    const ids = Array.from({ length: 1000 }, (_, i) => 50_000 + i);
    const record = holder.emulator.ctx.v1.all().find((p) => p.project.id === id)!;
    for (const mediaId of ids) record.media.set(mediaId, {});
    const runId = crypto.randomUUID();
    const result = await ds.service.applyMetadata({
      runId,
      projectId: id,
      changes: [{ metadataAppend: { color: 'blue' }, mediaIds: ids }],
      batchSize: 300,
    });
    expect(result).toMatchObject({ updated: 1000, requests: 4 });
    const calls = holder.emulator.requests.filter((r) => r.path.endsWith('/images/metadata'));
    expect(calls).toHaveLength(4);
    const progress = ds.events.filter((e) => e.type === 'progress' && e.taskId === runId).map((e) => (e.type === 'progress' ? e.done : -1));
    expect(progress).toEqual([0, 300, 600, 900, 1000]);
    expect(result.project.media).toHaveLength(1000);
  });

  it('keeps what was applied when a later part fails, and returns that part alone with its error', async () => {
    const { id } = await projectWithColor();
    const ids = [id * 100 + 1, id * 100 + 2, id * 100 + 3, id * 100 + 4];
    await armFault(holder.emulator, {
      fault: { kind: 'status', status: 500 },
      match: { path: `/v1/projects/${id}/images/metadata` },
      times: 5,
    });
    // Every part fails: nothing was applied, and the error is thrown as it came.
    expect(
      await caught(
        ds.service.applyMetadata({
          runId: crypto.randomUUID(),
          projectId: id,
          changes: [{ metadataAppend: { color: 'red' }, mediaIds: ids }],
          batchSize: 2,
        }),
      ),
    ).toMatchObject({ status: 500 });
    await fetch(`${holder.emulator.url}/__control/faults`, { method: 'DELETE' });
    // The first part fails once; the second and third are still sent and applied.
    await armFault(holder.emulator, { fault: { kind: 'status', status: 500 }, match: { path: `/v1/projects/${id}/images/metadata` } });
    const result = await ds.service.applyMetadata({
      runId: crypto.randomUUID(),
      projectId: id,
      changes: [
        { metadataAppend: { color: 'red' }, mediaIds: [id * 100 + 1, id * 100 + 2, id * 100 + 3] },
        { metadataAppend: { color: 'blue' }, mediaIds: [id * 100 + 4] },
      ],
      batchSize: 2,
    });
    expect(result).toMatchObject({ updated: 2, requests: 3 });
    expect(result.failed).toEqual([
      { metadataAppend: { color: 'red' }, mediaIds: [id * 100 + 1, id * 100 + 2], error: expect.objectContaining({ status: 500 }) },
    ]);
    const held = (await emulatorProject(id)).media;
    expect([held[id * 100 + 1]?.color, held[id * 100 + 3]?.color, held[id * 100 + 4]?.color]).toEqual([undefined, 'red', 'blue']);
    // The board shows what the service answered, not what was asked.
    const media = result.project.media;
    expect(media.filter((m) => m.metadata.color).map((m) => [m.mediaId, m.metadata.color])).toEqual([
      [id * 100 + 3, 'red'],
      [id * 100 + 4, 'blue'],
    ]);
  });

  it("creates a tag with another key's apikey header when one is chosen, the project's key otherwise", async () => {
    const { id } = await ds.service.createProject(KEY_IDS.v1, 'Override');
    // A refused pair proves the chosen key, not the project's, went with the request.
    expect(await caught(ds.service.createTag(id, 'dent', KEY_IDS.badLegacy))).toMatchObject({ status: 401 });
    expect(await caught(ds.service.createTag(id, 'dent', KEY_IDS.v2))).toMatchObject({ code: 'wrong_key_kind' });
    expect((await ds.service.createTag(id, 'dent', KEY_IDS.legacy)).tags.map((t) => t.name)).toEqual(['dent']);
    expect((await ds.service.createTag(id, 'scratch')).tags.map((t) => t.name)).toEqual(['dent', 'scratch']);
  });

  it("refuses an override key of another address: the request would go to that key's service", async () => {
    const { id } = await ds.service.createProject(KEY_IDS.v1, 'Elsewhere');
    const error = await caught(ds.service.createTag(id, 'dent', KEY_IDS.elsewhere));
    expect(error).toMatchObject({ code: 'key_address_mismatch', hint: expect.any(String), fields: { keyId: expect.any(String) } });
    expect((error as Error).message).toContain(KEY_IDS.elsewhere);
    expect((await ds.service.store.project(id)).tags).toEqual([]);
  });

  it('an apply part failing with an unexpected error gives the internal_error shape with a hint, logged, never its message', async () => {
    const { id } = await projectWithColor();
    const logged: unknown[] = [];
    const logger = (ds.service as unknown as { deps: { logger: { error(...args: unknown[]): void } } }).deps.logger;
    logger.error = (...args: unknown[]) => void logged.push(args);
    const send = V1Client.prototype.setImageMetadata;
    let calls = 0;
    V1Client.prototype.setImageMetadata = function (...args: Parameters<typeof send>) {
      if (calls++ === 0) return Promise.reject(new TypeError('secret at /home/me/internal.ts:12'));
      return send.apply(this, args);
    };
    try {
      const result = await ds.service.applyMetadata({
        runId: 'r1',
        projectId: id,
        changes: [
          { metadataAppend: { color: 'red' }, mediaIds: [id * 100 + 1] },
          { metadataAppend: { color: 'blue' }, mediaIds: [id * 100 + 2] },
        ],
      });
      expect(result.failed[0]?.error).toEqual({ code: 'internal_error', message: expect.any(String), hint: expect.any(String) });
      expect(JSON.stringify(result.failed)).not.toContain('secret');
      expect(JSON.stringify(logged)).toContain('secret at');
    } finally {
      V1Client.prototype.setImageMetadata = send;
    }
  });

  it('maps a value outside the choices to its metadata field', async () => {
    const { id } = await projectWithColor();
    const error = await caught(
      ds.service.applyMetadata({
        runId: crypto.randomUUID(),
        projectId: id,
        changes: [{ metadataAppend: { color: 'pink' }, mediaIds: [id * 100 + 1] }],
      }),
    );
    expect(error.fields).toMatchObject({ 'metadataAppend.color': expect.stringMatching(/not a choice/) });
  });

  it('applies to all media only with the project name as confirmation', async () => {
    const { id } = await projectWithColor();
    expect(await caught(ds.service.applyToAll(id, { color: 'blue' }, 'defects'))).toMatchObject({ code: 'confirmation_required' });
    expect(holder.emulator.requests.some((r) => r.path.endsWith('/images/metadata'))).toBe(false);
    const result = await ds.service.applyToAll(id, { color: 'blue' }, 'Defects');
    expect(result.updated).toBe(5);
    expect(Object.values((await emulatorProject(id)).media).every((m) => m.color === 'blue')).toBe(true);
    expect(result.project.media).toHaveLength(5);
  });

  it('serves thumbnails only for imported image paths, judged by content', async () => {
    const { id } = await ds.service.createProject(KEY_IDS.v1, 'Thumbs');
    // The project's own copies folder is always allowed (tests/unit/electron/datasets/datasetHandlers.rendererPaths.test.ts has the rest).
    await mkdir(join(ds.dataDir, 'media', String(id)), { recursive: true });
    const png = join(ds.dataDir, 'media', String(id), 'a.png');
    const fake = join(ds.dataDir, 'media', String(id), 'b.png');
    await writeFile(png, PNG);
    await writeFile(fake, await pdf(1));
    await ds.service.importMedia(
      id,
      'list.json',
      JSON.stringify([{ mediaId: 1, imagePath: png }, { mediaId: 2, imagePath: fake }, { mediaId: 3 }]),
    );
    expect(await ds.service.thumbnail(id, 1)).toMatchObject({ mime: 'image/png' });
    expect(await caught(ds.service.thumbnail(id, 2))).toMatchObject({ code: 'image_unavailable' });
    expect(await caught(ds.service.thumbnail(id, 3))).toMatchObject({ code: 'no_thumbnail' });
    expect(await caught(ds.service.thumbnail(id, 4))).toMatchObject({ code: 'no_thumbnail' });
  });
});

describe('training, metrics, snapshots, inference', () => {
  it('starts a training, keeps its id with the project, and stores its metrics', async () => {
    const { id } = await ds.service.createProject(KEY_IDS.v1, 'Train');
    await ds.service.createTag(id, 'scratch');
    await ds.service.createTag(id, 'dent');
    const started = await ds.service.startTraining(id, {
      model: { architecture: 'RtmDet-[9M]', hyperParams: { epochs: 5 } },
      transforms: {
        preprocessing: [{ rescaleWithPadding: { height: 256, width: 256, paddingValue: 0 } }],
        augmentations: [{ horizontalFlip: { p: 0.5 } }, { randAugment: { numberTransforms: 2, magnitude: 9 } }],
      },
    });
    const trainingId = started.trainings[0]!.id;
    expect(trainingId).toMatch(/^[0-9a-f-]{36}$/);
    const withMetrics = await ds.service.trainingMetrics(id, trainingId);
    const metrics = withMetrics.trainings[0]!.metrics!;
    expect(metrics.map((s) => s.name)).toEqual(['train', 'dev', 'test']);
    expect(metrics[0]!.classes.map((c) => c.id).sort()).toEqual(started.tags.map((t) => t.id).sort());
  });

  it('maps training validation errors to the request paths', async () => {
    const { id } = await ds.service.createProject(KEY_IDS.v1, 'Train');
    await ds.service.createTag(id, 'scratch');
    const error = await caught(
      ds.service.startTraining(id, {
        model: { architecture: 'x', hyperParams: { epochs: 0 } },
        transforms: { augmentations: [{ randAugment: {} }, { horizontalFlip: { p: 3 } }] },
      }),
    );
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['model.hyperParams.epochs', 'transforms.augmentations.1.horizontalFlip.p']);
  });

  it('exports a snapshot and downloads it atomically into a chosen folder', async () => {
    const { id } = await ds.service.createProject(KEY_IDS.v1, 'Snap');
    const project = await ds.service.exportSnapshot(id, 2, true);
    const record = project.exports[0]!;
    expect(record).toMatchObject({ status: 'Started', version: 2, retry: true });
    expect(Date.parse(record.downloadExpiresAt)).toBeGreaterThan(Date.now());
    const services = { runs: new RunRegistry(), datasets: ds.service } as unknown as Services;
    const handlers = createDatasetHandlers(services);
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
    expect((await ds.service.registry()).projects[0]!.exports[0]!.downloadedTo).toBe(result.path);
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

  it('runs inference with a key, and with a legacy pair (apikey + apisecret)', async () => {
    const url = `${holder.emulator.url}/inference/v1/predict?endpoint_id=ep-7`;
    expect(await ds.service.inference(KEY_IDS.v1, url, 'a.png', PNG)).toMatchObject({ mime: 'image/png', result: { endpoint_id: 'ep-7' } });
    expect(await ds.service.inference(KEY_IDS.legacy, url, 'a.png', PNG)).toMatchObject({
      result: { predictions: { labelName: expect.any(String) } },
    });
    expect(await caught(ds.service.inference(KEY_IDS.badLegacy, url, 'a.png', PNG))).toMatchObject({ status: 401 });
    const before = holder.emulator.requests.length;
    expect(await caught(ds.service.inference(KEY_IDS.v1, url, 'a.pdf', await pdf(1)))).toMatchObject({
      code: 'not_an_image',
      fields: { file: expect.any(String) },
    });
    expect(await caught(ds.service.inference(KEY_IDS.v1, 'ftp://x/y', 'a.png', PNG))).toMatchObject({
      fields: { endpoint: expect.any(String) },
    });
    expect(holder.emulator.requests.length).toBe(before);
  });
});
