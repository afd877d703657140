import { describe, expect, it } from 'vitest';
import { V1Client } from '../../../../electron/api/v1Client.js';
import { caught, credential, KEYS, pdf, PNG, useEmulator } from '../../../support/emulatorHarness.js';

const holder = useEmulator();
const v1 = () => new V1Client({ credential: credential('v1', holder.emulator.url, KEYS.v1) });
const legacy = (secret?: string) => new V1Client({ credential: credential('v1-legacy', holder.emulator.url, KEYS.pair.key, secret) });

/** A project with two tags and a choice metadata, ready for the later operations. */
async function project() {
  const client = v1();
  const created = await client.createProject({ name: 'Defects' });
  const scratch = await client.createTag(created.id, { name: 'scratch' }, { timeout: 30 });
  await client.createTag(created.id, { name: 'dent' });
  const color = await client.createMetadata(created.id, { name: 'color', allowMultiple: false, predefinedChoices: ['red', 'blue'] });
  return { client, id: created.id, scratch, color };
}

describe('v1 happy paths', () => {
  it('creates a project and toggles it', async () => {
    const created = await v1().createProject({ name: 'Parts' });
    expect(created).toMatchObject({ name: 'Parts', isActive: true, projectType: expect.any(String), createdAt: expect.any(String) });
    expect(await v1().setProjectActive(created.id, false)).toMatchObject({ data: { isActive: false } });
  });

  it('creates and renames tags (query timeout sent)', async () => {
    const { client, id, scratch } = await project();
    expect(scratch).toMatchObject({ name: 'scratch', isArchived: false, orgId: expect.any(Number), color: expect.stringMatching(/^#/) });
    expect(holder.emulator.requests.find((r) => r.path.endsWith('/tags'))?.query).toBe('?timeout=30');
    expect(await client.updateTag(id, scratch.id, { name: 'deep scratch' })).toMatchObject({ id: scratch.id, name: 'deep scratch' });
  });

  it('leaves a null tag timeout out of the query: a query string cannot carry null, and an empty timeout= is no integer', async () => {
    const client = v1();
    const { id } = await client.createProject({ name: 'Timeouts' });
    expect(await client.createTag(id, { name: 'scratch' }, { timeout: null })).toMatchObject({ name: 'scratch' });
    expect(holder.emulator.requests.filter((r) => r.path.endsWith('/tags')).map((r) => r.query)).toEqual(['']);
  });

  it('creates and updates metadata definitions, then annotates images', async () => {
    const { client, id, color } = await project();
    expect(color).toMatchObject({
      name: 'color',
      predefinedChoices: ['red', 'blue'],
      allowMultiple: false,
      type: expect.any(String),
      valueFlexible: false,
    });
    const updated = await client.updateMetadata(id, color.id, {
      predefinedChoicesAppend: ['green'],
      allowMultiple: true,
      valueFlexible: false,
      name: 'colour',
    });
    expect(updated).toMatchObject({ name: 'colour', allowMultiple: true, predefinedChoices: ['red', 'blue', 'green'] });
    const entries = await client.setImageMetadata(id, { metadataAppend: { colour: 'green' }, mediaIds: [id * 100 + 1, id * 100 + 2] });
    expect(entries).toEqual([
      { metadata: { colour: 'green' }, mediaId: id * 100 + 1 },
      { metadata: { colour: 'green' }, mediaId: id * 100 + 2 },
    ]);
    expect(await client.setImageMetadata(id, { metadataAppend: { colour: 'red' }, allMedia: true })).toHaveLength(5);
  });

  it('trains and reads metrics per split', async () => {
    const { client, id } = await project();
    const trainingId = await client.train(id, {
      model: { architecture: 'RtmDet-[9M]', hyperParams: { epochs: 20 } },
      transforms: {
        preprocessing: [{ rescaleWithPadding: { height: 512, width: 512, paddingValue: 0 } }],
        augmentations: [{ horizontalFlip: { p: 0.5 } }, { randAugment: { numberTransforms: 2, magnitude: 9 } }],
      },
    });
    expect(trainingId).toMatch(/^[0-9a-f-]{36}$/);
    const metrics = await client.trainingMetrics(id, trainingId);
    expect(metrics.map((m) => m.name)).toEqual(['train', 'dev', 'test']);
    expect(metrics[0]!.classes).toHaveLength(2);
    expect(metrics[0]!.metrics[0]).toMatchObject({
      name: expect.any(String),
      performance: expect.any(Number),
      recall: expect.any(Number),
      precision: expect.any(Number),
    });
  });

  it('exports a snapshot: Started, with a download URL and its expiry', async () => {
    const { client, id } = await project();
    const started = await client.exportSnapshot(id, 3, { retry: false });
    expect(started.status).toBe('Started');
    expect(Date.parse(started.downloadExpiresAt)).toBeGreaterThan(Date.now());
    expect((await fetch(started.downloadUrl)).status).toBe(200);
  });

  it('runs inference on a user-given endpoint URL with multipart file', async () => {
    const result = await v1().infer(`${holder.emulator.url}/inference/v1/predict?endpoint_id=ep-1`, { bytes: PNG, filename: 'part.png' });
    expect(result).toMatchObject({ endpoint_id: 'ep-1', predictions: { score: expect.any(Number) } });
  });
});

describe('v1 validation errors become field-level messages', () => {
  it.each([
    ['project without a name', (c: V1Client) => c.createProject({} as { name: string }), { name: 'Field required' }],
    ['tag with an empty name', async (c: V1Client, id: number) => c.createTag(id, { name: '' }), { name: /at least 1 character/ }],
    ['duplicate metadata', async (c: V1Client, id: number) => c.createMetadata(id, { name: 'color' }), { name: /already exists/ }],
    [
      'metadata choices that are not strings',
      async (c: V1Client, id: number) => c.createMetadata(id, { name: 'size', predefinedChoices: [1] as unknown as string[] }),
      { 'predefinedChoices.0': /valid string/ },
    ],
    [
      'image metadata with an unknown name and media',
      async (c: V1Client, id: number) => c.setImageMetadata(id, { metadataAppend: { shape: 'round' }, mediaIds: [999999] }),
      { 'metadataAppend.shape': /No metadata/, mediaIds: /not in project/ },
    ],
    [
      'image metadata outside the choices',
      async (c: V1Client, id: number) => c.setImageMetadata(id, { metadataAppend: { color: 'pink' }, allMedia: true }),
      { 'metadataAppend.color': /not a choice/ },
    ],
    [
      'training without an architecture',
      async (c: V1Client, id: number) => c.train(id, { model: {} as { architecture: string } }),
      { 'model.architecture': 'Field required' },
    ],
    [
      'training with a flip probability over 1',
      async (c: V1Client, id: number) =>
        c.train(id, { model: { architecture: 'x' }, transforms: { augmentations: [{ horizontalFlip: { p: 2 } }] } }),
      { 'transforms.augmentations.0.horizontalFlip.p': /probability/ },
    ],
    ['export of snapshot 0', async (c: V1Client, id: number) => c.exportSnapshot(id, 0), { 'path.snapshot_version': /start at 1/ }],
    [
      'inference without an image',
      async (c: V1Client) =>
        c.infer(`${holder.emulator.url}/inference/v1/predict?endpoint_id=ep`, { bytes: await pdf(1), filename: 'a.pdf' }),
      { file: /image/ },
    ],
  ])('%s', async (_name, call, fields) => {
    const { client, id } = await project();
    const error = await caught(call(client, id));
    expect(error).toMatchObject({ code: 'validation_error', status: 422 });
    for (const [field, message] of Object.entries(fields)) expect(error.fields?.[field]).toMatch(message);
    expect(error.message).toMatch(/refused/);
  });

  it('reports an unknown project as not found', async () => {
    expect(await caught(v1().createTag(424242, { name: 'x' }))).toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('v1 keys', () => {
  it('accepts a legacy key+secret pair', async () => {
    expect(await legacy(KEYS.pair.secret).createProject({ name: 'Legacy' })).toMatchObject({ name: 'Legacy' });
    expect(
      (await legacy(KEYS.pair.secret).infer(`${holder.emulator.url}/inference/v1/predict?endpoint_id=e`, {
        bytes: PNG,
        filename: 'a.png',
      })) as object,
    ).toBeTruthy();
  });

  it.each([
    ['the key of a pair alone', () => new V1Client({ credential: credential('v1', holder.emulator.url, KEYS.pair.key) }), /apisecret/],
    ['a pair with a wrong secret', () => legacy('wrong'), /secret/],
    ['an unknown key', () => new V1Client({ credential: credential('v1', holder.emulator.url, 'nope') }), /invalid/],
  ])('refuses %s', async (_name, make, message) => {
    const error = await caught(make().createProject({ name: 'x' }));
    expect(error).toMatchObject({ code: 'invalid_api_key', status: 401 });
    expect(error.message).toMatch(message);
  });

  it('answers the "Test key" probe with 422 for a valid key and 401 for an invalid one', async () => {
    const probe = (headers: Record<string, string>) =>
      fetch(`${holder.emulator.url}/v1/projects`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: '{}',
      });
    expect((await probe({ apikey: KEYS.v1 })).status).toBe(422);
    expect((await probe({ apikey: 'nope' })).status).toBe(401);
    const v2 = await fetch(`${holder.emulator.url}/v2/parse/jobs?pageSize=1`, { headers: { Authorization: `Bearer ${KEYS.v2}` } });
    expect(v2.status).toBe(200);
  });
});
