import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Thumbnail } from '../../shared/datasets/registry.js';
import { sniffDocument } from '../formats/sniff.js';
import { isInsideFolder, pathSyntaxProblem, type PathSyntaxProblem } from './localPathRules.js';

/** Why an image was not read. Main logs it; the renderer never learns it (see imageUnavailable). */
export type ImageRefusal = PathSyntaxProblem | 'outside' | 'missing' | 'not_a_file' | 'too_large' | 'not_an_image' | 'unreadable';

// A FIFO put where an image was expected must not hang the read (O_NONBLOCK), and a link
// swapped in after realpath must not be followed (O_NOFOLLOW). Windows has neither flag.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * Reads an image the user's media list names, only if it lies inside one of `folders`
 * after every symbolic link is resolved: the path's text is judged first (no network or
 * device paths, nothing relative), then it must be inside a folder by its text, and again
 * by its real path, before the file is opened. Only images (judged by content) are returned.
 */
export async function readAllowedImage(
  path: string,
  folders: readonly string[],
  maxBytes: number,
): Promise<Thumbnail | { refused: ImageRefusal }> {
  const syntax = pathSyntaxProblem(path);
  if (syntax) return { refused: syntax };
  const roots = await realFolders(folders);
  // By its text first, so a path outside every folder is never even resolved (no automount, no stat).
  const lexical = resolve(path);
  if (!roots.some((root) => isInsideFolder(root.given, lexical) || isInsideFolder(root.real, lexical))) return { refused: 'outside' };
  let real: string;
  try {
    real = await realpath(lexical);
  } catch (error) {
    return { refused: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable' };
  }
  if (!roots.some((root) => isInsideFolder(root.real, real))) return { refused: 'outside' };

  let handle: FileHandle;
  try {
    handle = await open(real, OPEN_FLAGS);
  } catch (error) {
    return { refused: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable' };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { refused: 'not_a_file' };
    if (info.size > maxBytes) return { refused: 'too_large' };
    const bytes = await readAtMost(handle, Math.max(info.size, 1), maxBytes);
    if (!bytes) return { refused: 'too_large' };
    const kind = sniffDocument(bytes);
    if (kind?.kind !== 'image') return { refused: 'not_an_image' };
    return { mime: kind.mime, bytes };
  } catch {
    return { refused: 'unreadable' };
  } finally {
    await handle.close();
  }
}

/** The allowed folders as given and as resolved; one that is gone, or not a plain local path, allows nothing. */
async function realFolders(folders: readonly string[]): Promise<{ given: string; real: string }[]> {
  const found = await Promise.all(
    folders.map(async (folder) => {
      if (pathSyntaxProblem(folder)) return null;
      const given = resolve(folder);
      return { given, real: await realpath(given).catch(() => null) };
    }),
  );
  return found.filter((f): f is { given: string; real: string } => f?.real != null);
}

/** The file's bytes, or null if it holds more than `maxBytes` (it may have grown since its size was read). */
async function readAtMost(handle: FileHandle, expected: number, maxBytes: number): Promise<Uint8Array | null> {
  let buffer = new Uint8Array(Math.min(expected, maxBytes) + 1);
  let total = 0;
  for (;;) {
    if (total === buffer.length) {
      if (total > maxBytes) return null;
      const grown = new Uint8Array(Math.min(buffer.length * 2, maxBytes + 1));
      grown.set(buffer);
      buffer = grown;
    }
    const { bytesRead } = await handle.read(buffer, total, buffer.length - total, null);
    if (bytesRead === 0) break;
    total += bytesRead;
  }
  return total > maxBytes ? null : buffer.subarray(0, total);
}
