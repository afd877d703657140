import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { requireApi } from '../ipc/client.js';

/** Blob URLs of thumbnails read by main, per project and media; failures are remembered too. */
const cache = new Map<string, string | 'error'>();
/** Bumped when the allowed folders change, so every tile asks again. */
const useEpoch = create<{ epoch: number }>(() => ({ epoch: 0 }));

export function forgetThumbnails(): void {
  for (const url of cache.values()) if (url !== 'error') URL.revokeObjectURL(url);
  cache.clear();
  useEpoch.setState((s) => ({ epoch: s.epoch + 1 }));
}

export function useThumbnail(projectId: number, mediaId: number, hasImage: boolean): string | 'error' | null {
  const key = `${projectId}:${mediaId}`;
  const epoch = useEpoch((s) => s.epoch);
  const [, loaded] = useState(0);
  useEffect(() => {
    if (!hasImage || cache.has(key)) return;
    let live = true;
    requireApi()
      .datasets.thumbnail({ projectId, mediaId })
      .then((thumb) => URL.createObjectURL(new Blob([thumb.bytes as Uint8Array<ArrayBuffer>], { type: thumb.mime })))
      .catch(() => 'error' as const)
      .then((result) => {
        if (epoch !== useEpoch.getState().epoch) return; // asked before the folders changed
        cache.set(key, result);
        if (live) loaded((n) => n + 1);
      });
    return () => {
      live = false;
    };
  }, [key, projectId, mediaId, hasImage, epoch]);
  return hasImage ? (cache.get(key) ?? null) : null;
}
