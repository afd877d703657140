/**
 * Vitest global setup: builds the result model's worker once, as scripts/build-main.mjs does,
 * and points GROUNDWORK_MODEL_WORKER at it, so the workspace's model cache uses the real worker.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export default async function setup(): Promise<() => void> {
  mkdirSync('dist', { recursive: true });
  const dir = mkdtempSync(join(process.cwd(), 'dist', '.model-worker-test-'));
  const outfile = join(dir, 'model-worker.mjs');
  await build({
    entryPoints: ['electron/workspace/modelWorker.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  process.env.GROUNDWORK_MODEL_WORKER = outfile;
  return () => rmSync(dir, { recursive: true, force: true });
}
