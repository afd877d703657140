/**
 * One fresh process of `npm run bench:library`: opens the workspace in the given data folder
 * the way main does at start-up and times its library() cold (the first call), then warm.
 * Prints one JSON line: { coldMs, warmMs[], documents, results }.
 */
import { createLogger } from '../../electron/core/log.js';
import { Workspace } from '../../electron/workspace/workspace.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: mainTimer <data folder>');
const workspace = new Workspace(dataDir, createLogger(null, { console: false }));
await workspace.start();
let started = performance.now();
const library = await workspace.library();
const coldMs = performance.now() - started;
const warmMs: number[] = [];
for (let i = 0; i < 5; i++) {
  started = performance.now();
  await workspace.library();
  warmMs.push(performance.now() - started);
}
// What the app would leave on disk for its next start is written before the process ends.
await (workspace as { flush?: () => Promise<void> }).flush?.();
console.log(JSON.stringify({ coldMs, warmMs, documents: library.length, results: library.reduce((n, e) => n + e.results.length, 0) }));
