import { readImageInfo } from '../../shared/imageInfo.js';

/**
 * Images up to this many pixels are drawn by an <img> at their own size. A larger one
 * (a 20,000 × 20,000 scan is 1.6 GB as RGBA) froze the window for up to a minute while
 * Chromium decoded and scaled it for every paint; it is decoded once, off the window's
 * thread, to a copy at most REDUCED_WIDTH wide.
 */
export const DIRECT_DRAW_PIXELS = 40_000_000;

/** The widest copy of a large image the viewer keeps: sharp at 200 % on a full-width page. */
export const REDUCED_WIDTH = 4096;

/** The stored size of a large image by its header (nothing decoded), or null for one drawn directly. */
export function largeImageSize(bytes: Uint8Array, mime: string): { width: number; height: number } | null {
  const info = readImageInfo(bytes, mime);
  return info && info.width * info.height > DIRECT_DRAW_PIXELS ? { width: info.width, height: info.height } : null;
}

/** A large image decoded once at a reduced width, and its upright full size (the frame boxes are in). */
export interface ReducedImage {
  bitmap: ImageBitmap;
  natural: { width: number; height: number };
}

/**
 * Decodes `blob` off the window's thread straight to a copy at most REDUCED_WIDTH wide,
 * upright as its EXIF orientation says. `stored` is the header's size, before any
 * orientation: when the copy comes out the other way round, the image was turned.
 */
export async function decodeReduced(blob: Blob, stored: { width: number; height: number }): Promise<ReducedImage> {
  const upright = await createImageBitmap(blob, {
    imageOrientation: 'from-image',
    resizeWidth: Math.min(REDUCED_WIDTH, stored.width),
    resizeQuality: 'medium',
  });
  const turned = stored.width !== stored.height && upright.width > upright.height !== stored.width > stored.height;
  return { bitmap: upright, natural: turned ? { width: stored.height, height: stored.width } : stored };
}
