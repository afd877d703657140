import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as ThumbnailCache from '../../../../renderer/datasets/thumbnailCache.js';
import type { GroundworkApi } from '../../../../shared/ipc/table.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The media board's thumbnails: read a few at a time, a failure remembered as such, a tile
// gone by its turn costing no read, and a forget (new images, changed folders) winning over a
// read under way, whose answer is then not kept.
let bridge: RendererBridge;
let thumbs: typeof ThumbnailCache;
/** Media ids whose reads were asked of main, in order. */
const asked: number[] = [];
/** Each read waits until the test releases it (by media id). */
const releases = new Map<number, () => void>();
/** Media whose read fails. */
const failing = new Set<number>();
const PROJECT = 3;

beforeAll(async () => {
  const withThumbnails = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    datasets: {
      ...api.datasets,
      thumbnail: async (request) => {
        const { mediaId } = request as { mediaId: number };
        asked.push(mediaId);
        await new Promise<void>((resolve) => releases.set(mediaId, resolve));
        return failing.has(mediaId)
          ? { ok: false, error: { code: 'image_unreadable', message: 'Not an image.' } }
          : { ok: true, value: { mime: 'image/png', bytes: new Uint8Array([mediaId]) } };
      },
    },
  });
  bridge = await openRendererWindow(withThumbnails);
  thumbs = await import('../../../../renderer/datasets/thumbnailCache.js');
});

afterAll(async () => {
  await bridge?.close();
});

beforeEach(() => {
  thumbs.forgetThumbnails();
  asked.length = 0;
  releases.clear();
  failing.clear();
});

/** Lets the reads under way reach main. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
const release = async (mediaId: number) => {
  await turn();
  releases.get(mediaId)!();
};

describe('thumbnail cache', () => {
  it('reads at most four at once; the next starts as one ends; each is kept once read', async () => {
    const loads = [1, 2, 3, 4, 5, 6].map((id) => thumbs.loadThumbnail(PROJECT, id, () => true));
    await turn();
    expect(asked).toEqual([1, 2, 3, 4].slice(0, thumbs.CONCURRENT_READS));
    await release(2);
    await turn();
    expect(asked).toEqual([1, 2, 3, 4, 5]);
    for (const id of [1, 3, 4, 5]) await release(id);
    await release(6);
    expect(await Promise.all(loads)).toEqual([true, true, true, true, true, true]);
    expect(thumbs.cachedThumbnail(PROJECT, 6)).toMatch(/^blob:/);
    expect(thumbs.cachedThumbnail(PROJECT + 1, 6)).toBeUndefined();
  });

  it('a failed read is remembered as an error', async () => {
    failing.add(7);
    const load = thumbs.loadThumbnail(PROJECT, 7, () => true);
    await release(7);
    expect(await load).toBe(true);
    expect(thumbs.cachedThumbnail(PROJECT, 7)).toBe('error');
  });

  it('a tile no longer wanted when its turn comes costs no read', async () => {
    const busy = [1, 2, 3, 4].map((id) => thumbs.loadThumbnail(PROJECT, id, () => true));
    let wanted = true;
    const late = thumbs.loadThumbnail(PROJECT, 9, () => wanted);
    wanted = false;
    for (const id of [1, 2, 3, 4]) await release(id);
    await Promise.all(busy);
    expect(await late).toBe(false);
    expect(asked).not.toContain(9);
  });

  it('a forget wins over a read under way; forgetting some media keeps the others', async () => {
    const kept = thumbs.loadThumbnail(PROJECT, 1, () => true);
    await release(1);
    await kept;
    const changed = thumbs.loadThumbnail(PROJECT, 2, () => true);
    await turn();
    thumbs.forgetThumbnails({ projectId: PROJECT, mediaIds: [2] });
    await release(2);
    expect(await changed).toBe(false);
    expect(thumbs.cachedThumbnail(PROJECT, 2)).toBeUndefined();
    expect(thumbs.cachedThumbnail(PROJECT, 1)).toMatch(/^blob:/);
    thumbs.forgetThumbnails();
    expect(thumbs.cachedThumbnail(PROJECT, 1)).toBeUndefined();
  });
});
