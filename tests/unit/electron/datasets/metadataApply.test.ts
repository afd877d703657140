import { describe, expect, it } from 'vitest';
import { V1Client } from '../../../../electron/api/v1Client.js';
import { armFault, caught, useEmulator } from '../../../support/emulatorHarness.js';
import { projectWithColor, useDatasets } from './datasetsHarness.js';

const holder = useEmulator();
const ds = useDatasets(holder);

/** The emulator's view of one project (what the service really holds). */
async function emulatorProject(id: number) {
  const state = (await (await fetch(`${holder.emulator.url}/__control/state`)).json()) as {
    projects: { id: number; media: Record<string, Record<string, unknown>> }[];
  };
  return state.projects.find((p) => p.id === id)!;
}

describe('applying metadata', () => {
  it('applies metadata to exactly the chosen media, and the answers update the board', async () => {
    const { id } = await projectWithColor(ds);
    await ds.media.addMediaIds(id, `${id * 100 + 1} ${id * 100 + 2} ${id * 100 + 3}`);
    const runId = crypto.randomUUID();
    const result = await ds.apply.applyMetadata({
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
    const { id } = await projectWithColor(ds);
    const ids = Array.from({ length: 1000 }, (_, i) => 50_000 + i);
    const record = holder.emulator.ctx.v1.all().find((p) => p.project.id === id)!;
    for (const mediaId of ids) record.media.set(mediaId, {});
    const runId = crypto.randomUUID();
    const result = await ds.apply.applyMetadata({
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
    const { id } = await projectWithColor(ds);
    const ids = [id * 100 + 1, id * 100 + 2, id * 100 + 3, id * 100 + 4];
    await armFault(holder.emulator, {
      fault: { kind: 'status', status: 500 },
      match: { path: `/v1/projects/${id}/images/metadata` },
      times: 5,
    });
    // Every part fails: nothing was applied, and the error is thrown as it came.
    expect(
      await caught(
        ds.apply.applyMetadata({
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
    const result = await ds.apply.applyMetadata({
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

  it('an apply part failing with an unexpected error gives the internal_error shape with a hint, logged, never its message', async () => {
    const { id } = await projectWithColor(ds);
    const logged: unknown[] = [];
    const logger = ds.logger;
    logger.error = (...args: unknown[]) => void logged.push(args);
    const send = V1Client.prototype.setImageMetadata;
    let calls = 0;
    V1Client.prototype.setImageMetadata = function (...args: Parameters<typeof send>) {
      if (calls++ === 0) return Promise.reject(new TypeError('secret at /home/me/internal.ts:12'));
      return send.apply(this, args);
    };
    try {
      const result = await ds.apply.applyMetadata({
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
    const { id } = await projectWithColor(ds);
    const error = await caught(
      ds.apply.applyMetadata({
        runId: crypto.randomUUID(),
        projectId: id,
        changes: [{ metadataAppend: { color: 'pink' }, mediaIds: [id * 100 + 1] }],
      }),
    );
    expect(error.fields).toMatchObject({ 'metadataAppend.color': expect.stringMatching(/not a choice/) });
  });

  it('applies to all media only with the project name as confirmation', async () => {
    const { id } = await projectWithColor(ds);
    expect(await caught(ds.apply.applyToAll(id, { color: 'blue' }, 'defects'))).toMatchObject({ code: 'confirmation_required' });
    expect(holder.emulator.requests.some((r) => r.path.endsWith('/images/metadata'))).toBe(false);
    const result = await ds.apply.applyToAll(id, { color: 'blue' }, 'Defects');
    expect(result.updated).toBe(5);
    expect(Object.values((await emulatorProject(id)).media).every((m) => m.color === 'blue')).toBe(true);
    expect(result.project.media).toHaveLength(5);
  });
});
