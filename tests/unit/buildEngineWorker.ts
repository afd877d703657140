/**
 * Vitest global setup: builds the engine worker once, the way scripts/build-main.mjs does,
 * and points GROUNDWORK_ENGINE_WORKER at it, so every test that reads a PDF (the local
 * engine, the workspace's readability check, preflight page counts) uses the real worker.
 * It lands under dist/ so its external packages resolve from the repo's node_modules.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export default async function setup(): Promise<() => void> {
  mkdirSync('dist', { recursive: true });
  const dir = mkdtempSync(join(process.cwd(), 'dist', '.engine-worker-test-'));
  const outfile = join(dir, 'engine-worker.mjs');
  await build({
    entryPoints: ['electron/engine/engineWorker.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  process.env.GROUNDWORK_ENGINE_WORKER = outfile;
  return () => rmSync(dir, { recursive: true, force: true });
}
