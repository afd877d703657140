import { useEffect, useState } from 'react';
import { requireApi } from '../ipc/client.js';

/** Blob URLs of thumbnails read by main, per project and media; failures are remembered too. */
const cache = new Map<string, string | 'error'>();

export function useThumbnail(projectId: number, mediaId: number, hasImage: boolean): string | 'error' | null {
  const key = `${projectId}:${mediaId}`;
  const [, loaded] = useState(0);
  useEffect(() => {
    if (!hasImage || cache.has(key)) return;
    let live = true;
    requireApi()
      .datasets.thumbnail({ projectId, mediaId })
      .then((thumb) => URL.createObjectURL(new Blob([thumb.bytes as Uint8Array<ArrayBuffer>], { type: thumb.mime })))
      .catch(() => 'error' as const)
      .then((result) => {
        cache.set(key, result);
        if (live) loaded((n) => n + 1);
      });
    return () => {
      live = false;
    };
  }, [key, projectId, mediaId, hasImage]);
  return hasImage ? (cache.get(key) ?? null) : null;
}
