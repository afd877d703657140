import { beforeAll, describe, expect, it } from 'vitest';
import { parseLocally } from '../../../../electron/engine/localEngine.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { buildPdf } from '../../../support/pdfFixtures.js';

// The worker runs bundled JavaScript, as in the app: the global setup (tests/unit/buildWorkers.ts)
// builds it the way scripts/build-main.mjs does.
const workerPath = process.env.GROUNDWORK_ENGINE_WORKER!;
let bytes: Uint8Array;

beforeAll(async () => {
  bytes = await buildPdf(Array.from({ length: 4 }, (_, i) => ({ texts: [{ text: `Worker page ${i + 1}`, x: 50, y: 100 }] })));
});
describe('parseLocally (worker thread)', () => {
  it('returns what the in-process core returns, with progress per page', async () => {
    const progress: [number, number][] = [];
    const result = await parseLocally(
      bytes,
      { inline_markdown: true },
      { workerPath, filename: 'w.pdf', onProgress: (d, t) => progress.push([d, t]) },
    );
    const local = await parseDocument(bytes, { inline_markdown: true }, { filename: 'w.pdf' });
    expect(result.markdown).toBe(local.markdown);
    expect(result.structure).toEqual(local.structure);
    expect(result.metadata.filename).toBe('w.pdf');
    expect(progress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
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
