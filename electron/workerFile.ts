import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../shared/errors.js';

/**
 * A bundled worker's file: beside the bundle that is running (dist/electron/ for the Electron
 * main; dist/preview/ reaches it in ../electron/), failing that the built one in a checkout
 * (dev scripts run through scripts/run-ts.mjs, whose bundles live elsewhere). `override` is
 * the config's path for it (never set in a packaged build).
 */
export function findWorkerFile(file: string, what: { override: string | null | undefined; code: string; name: string }): string {
  if (what.override) return what.override;
  // The CommonJS bundle has __dirname; the ESM bundle (and vitest) have import.meta.url.
  const here = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, file), join(here, '..', 'electron', file), join(process.cwd(), 'dist', 'electron', file)];
  const found = candidates.find((path) => existsSync(path));
  if (!found)
    throw new AppError({
      code: what.code,
      message: `${what.name} (${file}) was not found beside ${here}.`,
      hint: 'Build the main process first: npm run build:main.',
    });
  return found;
}
