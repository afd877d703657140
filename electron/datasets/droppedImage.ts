import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { DOCUMENT_EXTENSIONS, IMAGE_KINDS_TEXT, MAX_IMAGE_BYTES, MAX_IMAGE_SIZE_TEXT } from '../../shared/imageFormats.js';
import { sniffDocument } from '../formats/sniff.js';
import { writeFileAtomic } from '../storage/fsAtomic.js';
import { projectMediaFolder } from './imageFolders.js';

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
 * judging it by its bytes (an image, at most the image limit) and its name. Older copies of
 * the same media under another extension stay until the registry points at this one
 * (`removeStaleCopies`). Returns the copy's path.
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
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw refused('image_too_large', `“${fileName}” is larger than ${MAX_IMAGE_SIZE_TEXT}.`, `Drop a smaller image (${IMAGE_KINDS_TEXT}).`);
  }
  const kind = sniffDocument(bytes);
  if (kind?.kind !== 'image') {
    throw refused('not_an_image', `“${fileName}” is not an image (judged by its content).`, `Drop ${IMAGE_KINDS_TEXT} files.`);
  }
  const path = join(projectMediaFolder(dataDir, projectId), `${mediaId}.${DOCUMENT_EXTENSIONS[kind.mime]?.[0] ?? 'img'}`);
  await writeFileAtomic(path, bytes);
  return { path, mime: kind.mime };
}

/** Removes the copies of a media other than `keep` (an earlier drop under another extension). */
export async function removeStaleCopies(dataDir: string, projectId: number, mediaId: number, keep: string): Promise<void> {
  const folder = projectMediaFolder(dataDir, projectId);
  const names = await readdir(folder).catch(() => [] as string[]);
  const stale = names.filter((f) => f.startsWith(`${mediaId}.`) && join(folder, f) !== keep);
  await Promise.all(stale.map((f) => rm(join(folder, f), { force: true })));
}

/** Removes every copy of the given media, or (no ids) the project's whole copies folder. */
export async function removeMediaCopies(dataDir: string, projectId: number, mediaIds?: number[]): Promise<void> {
  const folder = projectMediaFolder(dataDir, projectId);
  if (!mediaIds) {
    await rm(folder, { recursive: true, force: true });
    return;
  }
  const ids = new Set(mediaIds.map(String));
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(names.filter((f) => ids.has(f.split('.')[0]!)).map((f) => rm(join(folder, f), { force: true })));
}
