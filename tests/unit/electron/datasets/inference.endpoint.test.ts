import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caught, PNG, useEmulator } from '../../../support/emulatorHarness.js';
import { KEY_IDS, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

const endpointOf = async (id: number) => (await ds.projects.registry()).projects.find((p) => p.id === id)?.inferenceEndpoint;
const fileId = async () => (await stat(join(ds.dataDir, 'datasets.json'))).ino;

describe('the inference endpoint remembered for a project', () => {
  it('is remembered only after an answer: not after a refusal, not for a host the key was never confirmed for', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Infer');
    const url = `${holder.emulator.url}/inference/v1/predict?endpoint_id=ep-1`;
    expect(await caught(ds.inference.infer(KEY_IDS.badLegacy, url, 'a.png', PNG, id))).toMatchObject({ status: 401 });
    expect(await endpointOf(id)).toBeUndefined();
    const elsewhere = 'https://predict.example.com/inference/v1/predict?endpoint_id=ep-1';
    expect(await caught(ds.inference.infer(KEY_IDS.v1, elsewhere, 'a.png', PNG, id))).toMatchObject({
      code: 'inference_host_unconfirmed',
    });
    expect(await endpointOf(id)).toBeUndefined();
    expect((await ds.inference.infer(KEY_IDS.v1, url, 'a.png', PNG, id)).project?.inferenceEndpoint).toBe(url);
    expect(await endpointOf(id)).toBe(url);
  });

  it('is written once: more images to the same endpoint leave datasets.json as it was', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Batch');
    const url = `${holder.emulator.url}/inference/v1/predict?endpoint_id=ep-2`;
    await ds.inference.infer(KEY_IDS.v1, url, 'a.png', PNG, id);
    // Every write is atomic (a new file renamed over the old one), so an unchanged inode means no write.
    const written = await fileId();
    await ds.inference.infer(KEY_IDS.v1, url, 'b.png', PNG, id);
    expect(await fileId()).toBe(written);
  });

  it('a project forgotten while its image was out still gets the (billed) answer', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Gone');
    await ds.projects.forgetProject(id);
    const url = `${holder.emulator.url}/inference/v1/predict?endpoint_id=ep-3`;
    const answer = await ds.inference.infer(KEY_IDS.v1, url, 'a.png', PNG, id);
    expect(answer.result).toMatchObject({ endpoint_id: 'ep-3' });
    expect(answer.project).toBeUndefined();
  });

  it('an aborted call is abandoned with its retries', async () => {
    const { id } = await ds.projects.createProject(KEY_IDS.v1, 'Abort');
    const url = `${holder.emulator.url}/inference/v1/predict?endpoint_id=ep-4`;
    const controller = new AbortController();
    controller.abort();
    const before = holder.emulator.requests.length;
    expect(await caught(ds.inference.infer(KEY_IDS.v1, url, 'a.png', PNG, id, controller.signal))).toMatchObject({
      code: 'cancelled',
    });
    expect(holder.emulator.requests.length).toBe(before);
    expect(await endpointOf(id)).toBeUndefined();
  });
});
