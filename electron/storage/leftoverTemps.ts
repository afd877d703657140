import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ATOMIC_TEMP_PATTERN } from './fsAtomic.js';
import type { Logger } from '../core/log.js';

/** documents/<id>/ is the deepest folder the app writes to (data → workspace → documents → <id>). */
const MAX_DEPTH = 3;

/**
 * Removes the temp files of atomic writes that a crash cut short. They hold no
 * acknowledged data (the real file is only ever replaced by a finished rename), but they
 * would pile up in the user's folder. Only files older than `before` go, so a write this
 * process has started since is never touched, and the walk may run while the app writes.
 * Stops early once `signal` aborts.
 */
export async function removeLeftoverTemps(dataDir: string, logger: Logger, before = new Date(), signal?: AbortSignal): Promise<number> {
  let removed = 0;
  const visit = async (dir: string, depth: number): Promise<void> => {
    if (signal?.aborted) return;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (signal?.aborted) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH) await visit(path, depth + 1);
      } else if (entry.isFile() && ATOMIC_TEMP_PATTERN.test(entry.name)) {
        try {
          if ((await stat(path)).mtimeMs >= before.getTime()) continue;
          await rm(path, { force: true });
          removed++;
        } catch {
          // Gone already, or not ours to remove; either way nothing to do.
        }
      }
    }
  };
  await visit(dataDir, 0);
  if (removed > 0) logger.info('unfinished writes cleared', { files: removed });
  return removed;
}
