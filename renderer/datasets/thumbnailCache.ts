import { create } from 'zustand';
import { requireApi } from '../ipc/client.js';
import { downscaledUrl } from './downscale.js';

export type Thumb = string | 'error';

/** Blob URLs of thumbnails read by main, per project and media; failures are remembered too. */
const cache = new Map<string, Thumb>();
/** Bumped when thumbnails are forgotten, so every tile asks again. */
export const useThumbnailEpoch = create<{ epoch: number }>(() => ({ epoch: 0 }));

/** How many thumbnails are read at once: a board of thousands asks a few at a time. */
export const CONCURRENT_READS = 4;
let reading = 0;
const waiting: (() => void)[] = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (reading >= CONCURRENT_READS) await new Promise<void>((resolve) => waiting.push(resolve));
  reading++;
  try {
    return await work();
  } finally {
    reading--;
    waiting.shift()?.();
  }
}

const cacheKey = (projectId: number, mediaId: number) => `${projectId}:${mediaId}`;

/** The thumbnail read before (a blob URL, or 'error' when reading failed), if any. */
export function cachedThumbnail(projectId: number, mediaId: number): Thumb | undefined {
  return cache.get(cacheKey(projectId, mediaId));
}

/**
 * Reads a thumbnail into the cache when its turn comes, downscaled so the board holds no
 * full images. Resolves true once cached; false when `wanted` said no by its turn (scrolled
 * away or gone) or thumbnails were forgotten meanwhile (the tile asks again).
 */
export async function loadThumbnail(projectId: number, mediaId: number, wanted: () => boolean): Promise<boolean> {
  const epoch = useThumbnailEpoch.getState().epoch;
  const result = await bounded(async (): Promise<Thumb | null> => {
    if (!wanted()) return null;
    try {
      const thumb = await requireApi().datasets.thumbnail({ projectId, mediaId });
      return await downscaledUrl(new Blob([thumb.bytes as Uint8Array<ArrayBuffer>], { type: thumb.mime }));
    } catch {
      return 'error';
    }
  });
  if (result === null) return false;
  if (epoch !== useThumbnailEpoch.getState().epoch) {
    if (result !== 'error') URL.revokeObjectURL(result);
    return false;
  }
  cache.set(cacheKey(projectId, mediaId), result);
  return true;
}

/** Forgets cached thumbnails: of the given media (their image changed), or all (the allowed folders changed). */
export function forgetThumbnails(only?: { projectId: number; mediaIds: number[] }): void {
  const keys = only ? only.mediaIds.map((id) => cacheKey(only.projectId, id)) : [...cache.keys()];
  for (const key of keys) {
    const url = cache.get(key);
    if (url && url !== 'error') URL.revokeObjectURL(url);
    cache.delete(key);
  }
  useThumbnailEpoch.setState((s) => ({ epoch: s.epoch + 1 }));
}
