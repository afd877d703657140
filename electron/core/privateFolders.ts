import type { Dirent, Stats } from 'node:fs';
import { chmodSync, lstatSync } from 'node:fs';
import { chmod, lstat, readdir, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, parse } from 'node:path';

/** The lines the walk writes: a Logger fits, named by shape because log.ts uses this file. */
interface FolderLog {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
}

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The data folder is a few levels deep (workspace/documents/<id>/original); deeper is not ours. */
const MAX_DEPTH = 8;
/** lstat/chmod calls in flight at once within one folder: a workspace can hold thousands of files. */
const PARALLEL = 32;

/** Mode bits are a POSIX matter; on Windows the profile folder's ACL guards the data. */
export function keepsModes(platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'win32';
}

function wanted(stats: Stats): number | null {
  if (stats.isDirectory()) return PRIVATE_DIR_MODE;
  if (stats.isFile()) return PRIVATE_FILE_MODE;
  return null; // symbolic links, sockets…: neither followed nor changed
}

/** Sets one path's mode if it differs; for the few paths made before the walk (the logs folder and file). */
export function tightenPathSync(path: string, platform: NodeJS.Platform = process.platform): void {
  if (!keepsModes(platform)) return;
  const stats = lstatSync(path, { throwIfNoEntry: false });
  const mode = stats ? wanted(stats) : null;
  if (stats && mode !== null && (stats.mode & 0o777) !== mode) chmodSync(path, mode);
}

/** The data folder's real path, or null (logged) when it is the home folder or a disk's root: chmodding a user's files is not ours to do. */
async function ownDataFolder(root: string, logger: FolderLog): Promise<string | null> {
  const real = await realpath(root);
  if (real === parse(real).root || real === (await realpath(homedir()).catch(() => homedir()))) {
    logger.warn('data folder left as it is: it is the home folder or a disk root', {});
    return null;
  }
  return real;
}

/**
 * Makes the data folder itself 0700, at once on every start: its mode alone keeps every other
 * user out of everything inside it, so the walk below can wait until the window is served.
 */
export async function tightenDataRoot(root: string, logger: FolderLog, platform: NodeJS.Platform = process.platform): Promise<void> {
  if (!keepsModes(platform)) return;
  const real = await ownDataFolder(root, logger);
  if (!real) return;
  try {
    tightenPathSync(real, platform);
  } catch (error) {
    // Not ours to change (another owner's folder shared with us): the app still starts.
    logger.warn('data folder left as it is: its mode could not be changed', { error: String(error) });
  }
}

/**
 * Makes everything in the data folder private to its user: folders 0700, files 0600,
 * however they were left (an older version, a restore from a backup, a umask of 022).
 * One walk (stopped early once `signal` aborts); only what differs is changed; symbolic links
 * are not followed. A folder that is the home folder or a disk's root is refused whole.
 */
export async function tightenDataFolder(
  root: string,
  logger: FolderLog,
  platform: NodeJS.Platform = process.platform,
  signal?: AbortSignal,
): Promise<{ changed: number; failed: number }> {
  const counts = { changed: 0, failed: 0 };
  if (!keepsModes(platform)) return counts;
  const real = await ownDataFolder(root, logger);
  if (!real) return counts;

  const tighten = async (path: string, stats: Stats): Promise<void> => {
    const mode = wanted(stats);
    if (mode === null || (stats.mode & 0o777) === mode) return;
    try {
      await chmod(path, mode);
      counts.changed++;
    } catch {
      counts.failed++; // not ours (another owner), or gone since
    }
  };

  const visit = async (dir: string, depth: number): Promise<void> => {
    if (signal?.aborted) return;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      counts.failed++;
      return;
    }
    for (let i = 0; i < entries.length && !signal?.aborted; i += PARALLEL) {
      await Promise.all(
        entries.slice(i, i + PARALLEL).map(async (entry) => {
          if (!entry.isDirectory() && !entry.isFile()) return;
          const path = join(dir, entry.name);
          const stats = await lstat(path).catch(() => null);
          if (!stats) return;
          await tighten(path, stats);
          if (stats.isDirectory() && depth < MAX_DEPTH) await visit(path, depth + 1);
        }),
      );
    }
  };

  await tighten(real, await lstat(real));
  await visit(real, 1);
  if (counts.changed > 0 || counts.failed > 0) logger.info('data folder made private', counts);
  return counts;
}
