import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../shared/errors.js';

/**
 * A bundled worker's file, found only among the app's own files: in the build's
 * dist/electron/ that the running code belongs to (`builtWorkersDir`), never in the working
 * directory (a `dist/electron/search-worker.mjs` planted where the app was started ran inside
 * main). `override` is the config's path for it (never set in a packaged build).
 */
export function findWorkerFile(file: string, what: { override: string | null | undefined; code: string; name: string }): string {
  if (what.override) return what.override;
  // The CommonJS bundle has __dirname; the ESM bundle (and vitest) have import.meta.url.
  const here = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
  const path = join(builtWorkersDir(here), file);
  if (!existsSync(path))
    throw new AppError({
      code: what.code,
      message: `${what.name} (${file}) was not found in ${dirname(path)}.`,
      hint: 'Build the main process first: npm run build:main.',
    });
  return path;
}

/**
 * dist/electron/ of the build the code in `here` is part of: the dist/ folder it sits in
 * (dist/electron/ for the Electron main, dist/preview/, a dev script's dist/.run-ts/<run>/), or
 * the checkout's own build when `here` is the source (electron/ or a folder in it, under vitest).
 */
export function builtWorkersDir(here: string): string {
  for (let dir = here, up = 0; up <= 2; up++, dir = dirname(dir)) if (basename(dir) === 'dist') return join(dir, 'electron');
  for (let dir = here; dir !== dirname(dir); dir = dirname(dir))
    if (basename(dir) === 'electron') return join(dir, '..', 'dist', 'electron');
  return join(here, '..', 'dist', 'electron');
}
