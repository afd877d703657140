/** The widest a thumbnail is kept: tiles are about 160 px wide, twice that for dense screens. */
export const THUMBNAIL_WIDTH = 320;

/**
 * A blob URL of the image scaled down to the thumbnail width (aspect kept), so the board
 * does not hold full-size images; the image itself where the browser cannot decode it.
 */
export async function downscaledUrl(image: Blob): Promise<string> {
  try {
    const full = await createImageBitmap(image);
    if (full.width <= THUMBNAIL_WIDTH) {
      full.close();
      return URL.createObjectURL(image);
    }
    const small = await createImageBitmap(full, { resizeWidth: THUMBNAIL_WIDTH, resizeQuality: 'medium' });
    full.close();
    const canvas = new OffscreenCanvas(small.width, small.height);
    canvas.getContext('2d')?.drawImage(small, 0, 0);
    small.close();
    return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/png' }));
  } catch {
    return URL.createObjectURL(image);
  }
}
