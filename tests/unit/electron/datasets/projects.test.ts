import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatasets } from '../../../../electron/datasets/datasets.js';
import { createLogger } from '../../../../electron/core/log.js';
import { Notices } from '../../../../electron/core/notices.js';
import { datasetsRequests } from '../../../../shared/ipc/datasets.js';
import { caught, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, projectWithColor, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

describe('projects', () => {
  it('creates a project, remembers it with its key, and toggles it', async () => {
    const project = await ds.projects.createProject(KEY_IDS.v1, 'Parts');
    expect(project).toMatchObject({ name: 'Parts', keyId: KEY_IDS.v1, origin: 'created', isActive: true, projectType: expect.any(String) });
    const off = await ds.projects.setActive(project.id, false);
    expect(off.isActive).toBe(false);
    // A second service on the same folder reads the registry back from disk.
    const again = createDatasets({
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
    expect((await again.projects.registry()).projects).toEqual([
      expect.objectContaining({ id: project.id, name: 'Parts', isActive: false }),
    ]);
  });

  it('works with a legacy key + secret pair and refuses a wrong secret', async () => {
    expect(await ds.projects.createProject(KEY_IDS.legacy, 'Legacy')).toMatchObject({ name: 'Legacy', keyId: KEY_IDS.legacy });
    expect(holder.emulator.requests.at(-1)).toMatchObject({ path: '/v1/projects', status: 200 });
    expect(await caught(ds.projects.createProject(KEY_IDS.badLegacy, 'x'))).toMatchObject({ code: 'invalid_api_key', status: 401 });
    expect((await ds.projects.registry()).projects).toHaveLength(1);
  });

  it('refuses a key that is not a v1 key without calling the service', async () => {
    const before = holder.emulator.requests.length;
    expect(await caught(ds.projects.createProject(KEY_IDS.v2, 'x'))).toMatchObject({
      code: 'wrong_key_kind',
      fields: { keyId: expect.any(String) },
    });
    expect(holder.emulator.requests.length).toBe(before);
  });

  it('maps a missing name to the name field', async () => {
    const error = await caught(ds.projects.createProject(KEY_IDS.v1, '  '));
    expect(error).toMatchObject({ code: 'validation_error', status: 422 });
    expect(error.fields?.name).toMatch(/at least 1 character/);
  });

  it('adds a project known by id and forgets it', async () => {
    const added = await ds.projects.addProject(KEY_IDS.v1, 77, '');
    expect(added).toMatchObject({ id: 77, name: 'Project 77', origin: 'added' });
    await ds.projects.forgetProject(77);
    expect((await ds.projects.registry()).projects).toEqual([]);
    expect(await caught(ds.projects.createTag(77, 'x'))).toMatchObject({ code: 'unknown_project' });
  });

  it('sets a corrupt registry aside and starts clean', async () => {
    await writeFile(join(ds.dataDir, 'datasets.json'), '{"version":1,"projects":[{"id":"x"}]');
    expect((await ds.projects.registry()).projects).toEqual([]);
    expect((await readdir(ds.dataDir)).some((f) => f.startsWith('datasets.json.corrupt-'))).toBe(true);
  });
});

describe('tags and metadata', () => {
  it('creates tags with the timeout setting, shows color and dates, renames', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'T');
    await ds.projects.setSettings({ tagTimeout: 15 });
    let project = await ds.projects.createTag(id, 'scratch');
    expect(holder.emulator.requests.at(-1)?.query).toBe('?timeout=15');
    const tag = project.tags[0]!;
    expect(tag).toMatchObject({
      name: 'scratch',
      color: expect.stringMatching(/^#/),
      isArchived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await ds.projects.setSettings({ tagTimeout: null });
    await ds.projects.createTag(id, 'dent');
    // null is the service's default: left out (a query string cannot carry null; an empty timeout= is refused).
    expect(holder.emulator.requests.at(-1)?.query).toBe('');
    project = await ds.projects.renameTag(id, tag.id, 'deep scratch');
    expect(project.tags.map((t) => t.name)).toEqual(['deep scratch', 'dent']);
  });

  it('a tag is created from its name alone: the contract\'s "required" marks the name, it is no field to send', () => {
    expect(datasetsRequests.createTag.safeParse({ projectId: 1, name: 'scratch', required: true }).success).toBe(false);
    expect(datasetsRequests.createTag.safeParse({ projectId: 1, name: 'scratch' }).success).toBe(true);
  });

  it('reports a duplicate tag next to the name field', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'T');
    await ds.projects.createTag(id, 'scratch');
    expect((await caught(ds.projects.createTag(id, 'Scratch'))).fields).toEqual({ name: expect.stringMatching(/already exists/) });
  });

  it('creates and updates metadata definitions (rename, append choices, flexible)', async () => {
    const { id } = await projectWithColor(ds);
    const project = await ds.projects.updateMetadata(id, (await ds.projects.registry()).projects[0]!.metadata[0]!.id, {
      name: 'colour',
      predefinedChoicesAppend: ['green'],
      valueFlexible: true,
    });
    expect(project.metadata).toEqual([
      expect.objectContaining({ name: 'colour', predefinedChoices: ['red', 'blue', 'green'], valueFlexible: true }),
    ]);
    const error = await caught(ds.projects.createMetadata(id, { name: 'colour', allowMultiple: false, predefinedChoices: [] }));
    expect(error.fields?.name).toMatch(/already exists/);
  });

  it("creates a tag with another key's apikey header when one is chosen, the project's key otherwise", async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Override');
    // A refused pair proves the chosen key, not the project's, went with the request.
    expect(await caught(ds.projects.createTag(id, 'dent', KEY_IDS.badLegacy))).toMatchObject({ status: 401 });
    expect(await caught(ds.projects.createTag(id, 'dent', KEY_IDS.v2))).toMatchObject({ code: 'wrong_key_kind' });
    expect((await ds.projects.createTag(id, 'dent', KEY_IDS.legacy)).tags.map((t) => t.name)).toEqual(['dent']);
    expect((await ds.projects.createTag(id, 'scratch')).tags.map((t) => t.name)).toEqual(['dent', 'scratch']);
  });

  it("refuses an override key of another address: the request would go to that key's service", async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Elsewhere');
    const error = await caught(ds.projects.createTag(id, 'dent', KEY_IDS.elsewhere));
    expect(error).toMatchObject({ code: 'key_address_mismatch', hint: expect.any(String), fields: { keyId: expect.any(String) } });
    expect((error as Error).message).toContain(KEY_IDS.elsewhere);
    expect((await ds.store.project(id)).tags).toEqual([]);
  });
});
