import { useEffect, useState, type RefObject } from 'react';
import { cachedThumbnail, loadThumbnail, useThumbnailEpoch, type Thumb } from './thumbnailCache.js';

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

/** The thumbnail of a media once `wanted` (on screen), from the cache or read into it (`thumbnailCache.ts`). */
export function useThumbnail(projectId: number, mediaId: number, hasImage: boolean, wanted = true): Thumb | null {
  const epoch = useThumbnailEpoch((s) => s.epoch);
  const [, loaded] = useState(0);
  useEffect(() => {
    if (!hasImage || !wanted || cachedThumbnail(projectId, mediaId) !== undefined) return;
    let live = true;
    void loadThumbnail(projectId, mediaId, () => live).then((cached) => {
      if (cached && live) loaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [projectId, mediaId, hasImage, wanted, epoch]);
  return hasImage ? (cachedThumbnail(projectId, mediaId) ?? null) : null;
}
