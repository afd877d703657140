import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLocally } from '../../../electron/engine/localEngine.js';
import { parseDocument } from '../../../electron/engine/parseDocument.js';
import { buildPdf } from './pdfFixtures.js';

// The worker runs bundled JavaScript, as in the app: build it the way scripts/build-main.mjs does,
// into a throwaway folder under dist/ so its external packages resolve from the repo's node_modules.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
mkdirSync(join(repo, 'dist'), { recursive: true });
const dir = mkdtempSync(join(repo, 'dist', '.engine-worker-test-'));
const workerPath = join(dir, 'engine-worker.mjs');
let bytes: Uint8Array;

beforeAll(async () => {
  await build({
    entryPoints: [join(repo, 'electron/engine/engineWorker.ts')],
    outfile: workerPath,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  bytes = await buildPdf(Array.from({ length: 4 }, (_, i) => ({ texts: [{ text: `Worker page ${i + 1}`, x: 50, y: 100 }] })));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseLocally (worker thread)', () => {
  it('returns what the in-process core returns, with progress per page', async () => {
    const progress: [number, number][] = [];
    const result = await parseLocally(bytes, { inline_markdown: true }, { workerPath, filename: 'w.pdf', onProgress: (d, t) => progress.push([d, t]) });
    const local = await parseDocument(bytes, { inline_markdown: true }, { filename: 'w.pdf' });
    expect(result.markdown).toBe(local.markdown);
    expect(result.structure).toEqual(local.structure);
    expect(result.metadata.filename).toBe('w.pdf');
    expect(progress).toEqual([[1, 4], [2, 4], [3, 4], [4, 4]]);
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('is cancelled by its AbortSignal', async () => {
    const controller = new AbortController();
    const run = parseLocally(bytes, {}, { workerPath, signal: controller.signal, onProgress: () => controller.abort() });
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    const aborted = new AbortController();
    aborted.abort();
    await expect(parseLocally(bytes, {}, { workerPath, signal: aborted.signal })).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('carries the engine’s errors across the thread', async () => {
    await expect(parseLocally(bytes, { pages: [9] }, { workerPath })).rejects.toMatchObject({ code: 'validation_error' });
  });
});
