import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { sniffDocument } from '../documents/sniff.js';
import { writeFileAtomic } from '../storage/fsAtomic.js';
import { MAX_DROPPED_IMAGE_BYTES } from '../../shared/ipc/datasets.js';
import { mediaCopiesFolder } from './imageFolders.js';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
};

function refused(code: string, message: string, hint: string): AppError {
  return new AppError({ code, message, hint, fields: { file: message } });
}

/**
 * Why a dropped file's name is refused: it is shown, never used as a path (the copy is
 * named by media id), but a name that carries folders or `..` did not come from a plain drop.
 */
export function droppedNameProblem(name: string): string | null {
  if (name.length === 0 || name.length > 255) return 'The file name is empty or longer than 255 characters.';
  if (/[\\/]/.test(name) || name === '.' || name === '..') return 'A file name may not hold folders or "..".';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'The file name holds control characters.';
  return null;
}

/**
 * Copies a dropped image into `<data>/media/<project>/<media id>.<ext>` atomically, after
 * judging it by its bytes (an image, at most 40 MB) and its name; any older copy of the
 * same media under another extension is removed after. Returns the copy's path.
 */
export async function storeDroppedImage(
  dataDir: string,
  projectId: number,
  mediaId: number,
  fileName: string,
  bytes: Uint8Array,
): Promise<{ path: string; mime: string }> {
  const nameProblem = droppedNameProblem(fileName);
  if (nameProblem) throw refused('invalid_file_name', nameProblem, 'Drop the image files themselves, or a folder of them.');
  if (bytes.length > MAX_DROPPED_IMAGE_BYTES) {
    throw refused('image_too_large', `“${fileName}” is larger than 40 MB.`, 'Drop a smaller image (PNG, JPEG, GIF, WebP, BMP or TIFF).');
  }
  const kind = sniffDocument(bytes);
  if (kind?.kind !== 'image') {
    throw refused(
      'not_an_image',
      `“${fileName}” is not an image (judged by its content).`,
      'Drop PNG, JPEG, GIF, WebP, BMP or TIFF files.',
    );
  }
  const folder = join(mediaCopiesFolder(dataDir), String(projectId));
  const target = `${mediaId}.${EXTENSIONS[kind.mime] ?? 'img'}`;
  await writeFileAtomic(join(folder, target), bytes);
  const stale = (await readdir(folder)).filter((f) => f !== target && f.startsWith(`${mediaId}.`) && !f.startsWith('.'));
  await Promise.all(stale.map((f) => rm(join(folder, f), { force: true })));
  return { path: join(folder, target), mime: kind.mime };
}
