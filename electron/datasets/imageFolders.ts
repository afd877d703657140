import { realpath, stat } from 'node:fs/promises';
import { join, parse, resolve } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { IMAGE_KINDS_TEXT, MAX_IMAGE_SIZE_TEXT } from '../../shared/imageFormats.js';
import { pathSyntaxProblem } from './localPathRules.js';

/** `<data>/media`: images copied into the data folder are always allowed. */
export const MEDIA_COPIES_FOLDER = 'media';

export function mediaCopiesFolder(dataDir: string): string {
  return join(dataDir, MEDIA_COPIES_FOLDER);
}

/** `<data>/media/<project>`: the copies of one project's dropped images, and nothing else. */
export function projectMediaFolder(dataDir: string, projectId: number): string {
  return join(mediaCopiesFolder(dataDir), String(projectId));
}

/**
 * The one answer for an image that is not shown, whatever the reason (outside the allowed
 * folders, missing, not a file, not an image, too large): a renderer that could tell them
 * apart could probe the disk with media lists.
 */
export function imageUnavailable(): AppError {
  return new AppError({
    code: 'image_unavailable',
    message: 'This image cannot be shown.',
    hint: `Images are shown from folders allowed on the media board ("Allow images from a folder…") or copied into the media folder of the data folder: ${IMAGE_KINDS_TEXT}, up to ${MAX_IMAGE_SIZE_TEXT}.`,
  });
}

function invalidFolder(message: string): AppError {
  return new AppError({
    code: 'invalid_folder',
    message,
    hint: 'Choose a folder on this computer (not a network path) that holds the images.',
    fields: { folder: message },
  });
}

/**
 * A folder the user wants images read from, checked when it is allowed: a plain local
 * absolute path (no network or device path), existing, a folder, not a disk's root.
 * Returned with its links resolved, as it is remembered.
 */
export async function checkImageFolder(folder: string): Promise<string> {
  const problem = pathSyntaxProblem(folder);
  if (problem === 'unc' || problem === 'device') throw invalidFolder('Network and device paths are not allowed.');
  if (problem) throw invalidFolder(`"${folder.slice(0, 200)}" is not an absolute path.`);
  const real = await realpath(resolve(folder)).catch(() => null);
  if (!real) throw invalidFolder(`The folder "${folder.slice(0, 200)}" does not exist.`);
  if (!(await stat(real)).isDirectory()) throw invalidFolder(`"${folder.slice(0, 200)}" is not a folder.`);
  if (real === parse(real).root) throw invalidFolder('A whole disk cannot be allowed; choose the folder that holds the images.');
  return real;
}

/**
 * Which folder to allow. With a native folder dialog (the Electron shell) only the one the
 * user picks in it: a renderer can open the dialog but cannot name a folder. The preview
 * has no dialog and takes the typed path. null: the dialog was cancelled.
 */
export async function folderToAllow(dialog: (() => Promise<string | null>) | undefined, typed: string | undefined): Promise<string | null> {
  if (dialog) {
    if (typed !== undefined) throw invalidFolder('Choose the folder in the folder dialog.');
    return dialog();
  }
  if (typed === undefined) throw invalidFolder("Type the folder's absolute path.");
  return typed;
}
