// Bundles the main-process side with esbuild: the Electron main and the sandboxed
// preload (one CommonJS file each), the parser host (the process without keys the worker
// threads run in, CommonJS) and its keytar guard, the local engine's, the result model's and
// the search worker threads (ESM, beside main.cjs), and the browser preview's server and bridge client.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
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
// Native (keytar, @napi-rs/canvas) and file-based (pdfjs-dist ships its worker and fonts as
// files; tesseract.js starts its recognizer thread from its own file and reads its wasm core
// and language data as files) packages load at run time. Main reaches the OCR code only
// through imports it never runs; the engine worker loads them.
const engineExternal = ['pdfjs-dist', 'pdfjs-dist/*', 'tesseract.js', 'tesseract.js/*', '@napi-rs/canvas'];
const runtimeExternal = ['electron', 'keytar', ...engineExternal];
// The parser host and everything it runs read untrusted files: keytar is never bundled into
// them (and the host refuses to load it at run time, electron/parserHost/keytarGuard.ts).
const refuseKeytar = {
  name: 'refuse-keytar',
  setup(b) {
    b.onResolve({ filter: /^keytar(\/|$)/ }, () => ({
      errors: [{ text: 'keytar may not be bundled into the parser host or its workers' }],
    }));
  },
};

// The worker's chunks are named by their hash: the ones of an earlier build go first.
for (const name of readdirSyncOrEmpty('dist/electron')) if (name.startsWith('engine-worker-')) rmSync(`dist/electron/${name}`);

await Promise.all([
  build({
    ...common,
    entryPoints: ['electron/shell/main.ts'],
    outfile: 'dist/electron/main.cjs',
    platform: 'node',
    format: 'cjs',
    external: runtimeExternal,
  }),
  build({
    ...common,
    entryPoints: ['electron/shell/preload.ts'],
    outfile: 'dist/electron/preload.cjs',
    platform: 'node',
    format: 'cjs',
    external: ['electron'],
  }),
  // The parser host: a process of its own (utilityProcess in the app, a Node child in the preview).
  build({
    ...common,
    entryPoints: ['electron/parserHost/hostEntry.ts'],
    outfile: 'dist/electron/parser-host.cjs',
    platform: 'node',
    format: 'cjs',
    plugins: [refuseKeytar],
  }),
  // Loaded first (--import) by the host and every thread in it.
  build({
    ...common,
    entryPoints: ['electron/parserHost/guardEntry.ts'],
    outfile: 'dist/electron/parser-host-guard.mjs',
    platform: 'node',
    format: 'esm',
    plugins: [refuseKeytar],
  }),
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
    // What only some tasks load (the decrypted copy's pdf-lib) is a chunk of its own beside
    // the worker, so a parse does not read it; the names keep matching `*worker*` (asarUnpack).
    entryPoints: { 'engine-worker': 'electron/engine/engineWorker.ts' },
    outdir: 'dist/electron',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'engine-worker-[hash]',
    platform: 'node',
    format: 'esm',
    // Everything else the worker imports is bundled: a packaged app has no other node_modules.
    external: engineExternal,
    plugins: [refuseKeytar],
  }),
  // The result model's worker (main builds a result's model bytes off its event loop): self-contained.
  build({
    ...common,
    entryPoints: ['electron/workspace/modelWorker.ts'],
    outfile: 'dist/electron/model-worker.mjs',
    platform: 'node',
    format: 'esm',
    plugins: [refuseKeytar],
  }),
  // The search index's worker (opening, building and querying it off main's event loop): self-contained.
  build({
    ...common,
    entryPoints: ['electron/search/searchWorker.ts'],
    outfile: 'dist/electron/search-worker.mjs',
    platform: 'node',
    format: 'esm',
    plugins: [refuseKeytar],
  }),
  build({
    ...common,
    entryPoints: ['electron/preview/bridgeClient.ts'],
    outfile: 'dist/preview/bridge-client.js',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
  }),
]);
console.log('built dist/electron and dist/preview');

function readdirSyncOrEmpty(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
