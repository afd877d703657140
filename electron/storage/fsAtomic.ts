import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

/** The temp files writeFileAtomic leaves behind when the process dies mid-write: `.<name>.<12 hex>.tmp`. */
export const ATOMIC_TEMP_PATTERN = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Writes a file so that a crash at any moment leaves either the old content or the new,
 * never half of either: write a temp file beside it, flush it to disk, rename over.
 * A crash can leave the temp file itself; removeLeftoverTemps clears those at start-up.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await ensureDirectory(dir);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/**
 * Creates a folder and makes each new level durable in its parent: a file synced into a
 * folder whose own entry was never synced can vanish with the folder after a power cut.
 */
async function ensureDirectory(dir: string): Promise<void> {
  // Private to the user, like every file the app writes (0600 below).
  const first = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  for (let level = dir; ; level = dirname(level)) {
    await syncDirectory(dirname(level));
    if (level === first || dirname(level) === level) break;
  }
}

/** Makes the rename itself durable. Not every platform can open a directory; that is fine. */
export async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic there.
  }
}
