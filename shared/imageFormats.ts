/**
 * The document formats the app reads by content, their file extensions (the first is the
 * one a copy is named with), and the image limits told to the user: one table, one limit,
 * and every message built from them.
 */
export const DOCUMENT_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/bmp': ['bmp'],
  'image/tiff': ['tif', 'tiff'],
};

/** The image formats by name, as messages list them. */
export const IMAGE_KINDS_TEXT = 'PNG, JPEG, GIF, WebP, BMP or TIFF';

/** The largest image dropped on a board or shown as a thumbnail. */
export const MAX_IMAGE_BYTES = 40 * 1024 * 1024;
export const MAX_IMAGE_SIZE_TEXT = `${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;
