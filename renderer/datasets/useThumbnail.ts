import { useEffect, useState, type RefObject } from 'react';
import { create } from 'zustand';
import { requireApi } from '../ipc/client.js';
import { downscaledUrl } from './downscale.js';

/** Blob URLs of thumbnails read by main, per project and media; failures are remembered too. */
const cache = new Map<string, string | 'error'>();
/** Bumped when the allowed folders change, so every tile asks again. */
const useEpoch = create<{ epoch: number }>(() => ({ epoch: 0 }));

/** How many thumbnails are read at once: a board of thousands asks a few at a time. */
const CONCURRENT_READS = 4;
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

/** Forgets cached thumbnails: of the given media (their image changed), or all (the allowed folders changed). */
export function forgetThumbnails(only?: { projectId: number; mediaIds: number[] }): void {
  const keys = only ? only.mediaIds.map((id) => cacheKey(only.projectId, id)) : [...cache.keys()];
  for (const key of keys) {
    const url = cache.get(key);
    if (url && url !== 'error') URL.revokeObjectURL(url);
    cache.delete(key);
  }
  useEpoch.setState((s) => ({ epoch: s.epoch + 1 }));
}

/** Whether an element is on screen (or near it): thumbnails are read only for tiles one can see. */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setOn(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => setOn(entries.some((e) => e.isIntersecting)), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return on;
}

/** The thumbnail of a media once `wanted` (on screen): read a few at a time, downscaled so the board holds no full images. */
export function useThumbnail(projectId: number, mediaId: number, hasImage: boolean, wanted = true): string | 'error' | null {
  const key = cacheKey(projectId, mediaId);
  const epoch = useEpoch((s) => s.epoch);
  const [, loaded] = useState(0);
  useEffect(() => {
    if (!hasImage || !wanted || cache.has(key)) return;
    let live = true;
    void bounded(async () => {
      if (!live) return null; // scrolled away or gone while waiting its turn
      try {
        const thumb = await requireApi().datasets.thumbnail({ projectId, mediaId });
        return await downscaledUrl(new Blob([thumb.bytes as Uint8Array<ArrayBuffer>], { type: thumb.mime }));
      } catch {
        return 'error' as const;
      }
    }).then((result) => {
      if (result === null) return;
      if (epoch !== useEpoch.getState().epoch) return; // asked before a forget: the tile asks again
      cache.set(key, result);
      if (live) loaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [key, projectId, mediaId, hasImage, wanted, epoch]);
  return hasImage ? (cache.get(key) ?? null) : null;
}
