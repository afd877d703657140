// Bundles the main-process side with esbuild: the Electron main and the sandboxed
// preload (one CommonJS file each), the local engine's worker thread (ESM, beside main.cjs),
// and the browser preview's server and bridge client.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const common = {
  bundle: true,
  sourcemap: true,
  target: 'node24',
  logLevel: 'warning',
  define: { __APP_VERSION__: JSON.stringify(version) },
  // electron/engine/localEngine.ts reads import.meta.url only where __dirname is missing (ESM).
  logOverride: { 'empty-import-meta': 'silent' },
};
// Native (keytar) and file-based (pdfjs-dist ships its worker and fonts as files) packages load at run time.
const runtimeExternal = ['electron', 'keytar', 'pdfjs-dist', 'pdfjs-dist/*'];

await Promise.all([
  build({ ...common, entryPoints: ['electron/shell/main.ts'], outfile: 'dist/electron/main.cjs', platform: 'node', format: 'cjs', external: runtimeExternal }),
  build({ ...common, entryPoints: ['electron/shell/preload.ts'], outfile: 'dist/electron/preload.cjs', platform: 'node', format: 'cjs', external: ['electron'] }),
  build({
    ...common,
    entryPoints: ['electron/preview/main.ts'],
    outfile: 'dist/preview/server.mjs',
    platform: 'node',
    format: 'esm',
    external: runtimeExternal,
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  }),
  build({
    ...common,
    entryPoints: ['electron/engine/engineWorker.ts'],
    outfile: 'dist/electron/engine-worker.mjs',
    platform: 'node',
    format: 'esm',
    packages: 'external',
  }),
  build({ ...common, entryPoints: ['electron/preview/bridgeClient.ts'], outfile: 'dist/preview/bridge-client.js', platform: 'browser', format: 'iife', target: 'chrome120' }),
]);
console.log('built dist/electron and dist/preview');
