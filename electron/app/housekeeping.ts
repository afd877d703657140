import { boundedWait } from '../core/boundedWait.js';
import type { Logger } from '../core/log.js';
import { removeLeftoverTemps } from '../storage/leftoverTemps.js';
import { tightenDataFolder } from '../core/privateFolders.js';

/** How long after start background work waits: the window is served and the library listed first. */
export const QUIET_START_MS = 10_000;
/** The longest a quit waits for a walk to stop (a call under way on a hung network disk may never return). */
const STOP_WITHIN_MS = 1_000;

export interface Housekeeping {
  /** Settles once both walks have run (or were stopped). */
  done: Promise<void>;
  /** Stops the walks where they are (at quit) and waits for them to settle, at most STOP_WITHIN_MS. */
  stop(): Promise<void>;
}

/**
 * The start-up walks over the whole data folder, in the background: every folder and file
 * made private (the folder itself was made private before anything else), then the temp files
 * of writes a crash cut short removed. In a workspace of thousands of documents they take
 * seconds of main's time, so they wait `afterMs` rather than hold up the window. Neither
 * conflicts with the app's own writes: those are private from the start, and only temp files
 * dated before `startedAt` are removed. (A file's date comes from a clock a few milliseconds
 * coarser than Date's, so one begun in the first milliseconds may look older: it would have to
 * be still being written when the sweep reaches it, `afterMs` later.)
 */
export function startHousekeeping(dataDir: string, logger: Logger, afterMs = QUIET_START_MS, startedAt = new Date()): Housekeeping {
  const stopped = new AbortController();
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, afterMs);
    timer.unref?.();
    stopped.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  })
    .then(async () => {
      if (stopped.signal.aborted) return;
      await tightenDataFolder(dataDir, logger, process.platform, stopped.signal);
      await removeLeftoverTemps(dataDir, logger, startedAt, stopped.signal);
    })
    .then(
      () => undefined,
      (error: unknown) => logger.warn('start-up housekeeping stopped', { error: String(error) }),
    );
  return {
    done,
    stop: async () => {
      stopped.abort();
      await boundedWait(done, STOP_WITHIN_MS);
    },
  };
}
