/**
 * Vitest global setup: builds the search worker once, as scripts/build-main.mjs does, and points
 * GROUNDWORK_SEARCH_WORKER at it, so the search index runs in the real worker.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export default async function setup(): Promise<() => void> {
  mkdirSync('dist', { recursive: true });
  const dir = mkdtempSync(join(process.cwd(), 'dist', '.search-worker-test-'));
  const outfile = join(dir, 'search-worker.mjs');
  await build({
    entryPoints: ['electron/search/searchWorker.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  process.env.GROUNDWORK_SEARCH_WORKER = outfile;
  return () => rmSync(dir, { recursive: true, force: true });
}
