/**
 * Vitest global setup: builds the app's three worker threads and the parser host they run in
 * once, the way scripts/build-main.mjs does, and points each one's environment override at its bundle, so
 * tests run the real workers: the engine (every test that reads a PDF), the result model
 * (the workspace's model cache) and the search index. They land under dist/ so the engine's
 * external packages resolve from the repo's node_modules.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const WORKERS = [
  // The process the three run in (electron/parserHost/), and the guard it and its threads load first, beside it.
  { entry: 'electron/parserHost/hostEntry.ts', file: 'parser-host.cjs', env: 'GROUNDWORK_PARSER_HOST', external: false },
  { entry: 'electron/parserHost/guardEntry.ts', file: 'parser-host-guard.mjs', env: null, external: false },
  { entry: 'electron/engine/engineWorker.ts', file: 'engine-worker.mjs', env: 'GROUNDWORK_ENGINE_WORKER', external: true },
  { entry: 'electron/workspace/modelWorker.ts', file: 'model-worker.mjs', env: 'GROUNDWORK_MODEL_WORKER', external: false },
  { entry: 'electron/search/searchWorker.ts', file: 'search-worker.mjs', env: 'GROUNDWORK_SEARCH_WORKER', external: false },
] as const;

export default async function setup(): Promise<() => void> {
  mkdirSync('dist', { recursive: true });
  const dir = mkdtempSync(join(process.cwd(), 'dist', '.workers-test-'));
  await Promise.all(
    WORKERS.map(async ({ entry, file, env, external }) => {
      const outfile = join(dir, file);
      await build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        format: file.endsWith('.cjs') ? 'cjs' : 'esm',
        target: 'node20',
        ...(external ? { packages: 'external' as const } : {}),
        logLevel: 'error',
      });
      if (env) process.env[env] = outfile;
    }),
  );
  return () => rmSync(dir, { recursive: true, force: true });
}
