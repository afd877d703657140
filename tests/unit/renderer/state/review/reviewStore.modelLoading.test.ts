import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { modelFileBytes } from '../../../../../electron/workspace/modelFile.js';
import type { useReviewStore } from '../../../../../renderer/state/review/reviewStore.js';
import { modelOfResult } from '../../../../../shared/grounding/resultModel.js';
import type { DocumentInfo } from '../../../../../shared/document.js';
import type { StoredResult } from '../../../../../shared/result.js';
import { openReviewWindow, type RendererBridge } from '../../../../support/rendererBridge.js';
import { wholeMarkdown } from '../../../../support/compareModels.js';

// The review store opening parse results through results:model, against the real services
// (the model built in their worker and cached on disk).
let bridge: RendererBridge;
let store: typeof useReviewStore;
let invoice: DocumentInfo;
let parsed: StoredResult;

beforeAll(async () => {
  let useLibraryStore;
  ({ bridge, store, library: useLibraryStore } = await openReviewWindow());
  invoice = await bridge.services.workspace.addDocument('invoice.pdf', new Uint8Array(await readFile('resources/samples/invoice.pdf')));
  // The local engine's parse, stored (and its model built) as a run stores it.
  const { runLocalParse } = await import('../../../../../electron/runs/localParse.js');
  parsed = await runLocalParse(bridge.services, { runId: crypto.randomUUID(), documentId: invoice.id }, new AbortController().signal);
  await useLibraryStore.getState().load();
});

afterAll(async () => {
  await bridge?.close();
});

const cacheFile = (id: string) => bridge.services.workspace.models.path(id);

describe('opening a parse result through its model', () => {
  it('shows the model of the stored response, which never crosses IPC', async () => {
    bridge.calls.clear();
    await store.getState().openDocument(invoice.id, parsed.id);
    const state = store.getState();
    expect(state.errors).toEqual({});
    expect(state.result).toMatchObject({ id: parsed.id, kind: 'parse', response: undefined });
    const expected = modelOfResult({ kind: 'parse', response: (await bridge.services.workspace.result(parsed.id)).response });
    expect(wholeMarkdown(state.model)).toBe(wholeMarkdown(expected));
    expect(state.model?.order).toEqual(expected.order);
    expect(bridge.calls.get('results:model')).toBe(1);
    expect(bridge.calls.get('results:get') ?? 0).toBe(0);
  });

  it('bytes the window cannot read are built again once, and the result opens', async () => {
    await vi.waitFor(async () => expect((await readFile(cacheFile(parsed.id))).length).toBeGreaterThan(0));
    // A whole, checksummed file whose model this window cannot read (another build's format).
    await writeFile(cacheFile(parsed.id), modelFileBytes(new TextEncoder().encode('not a model')));
    // Away and back: the result on screen keeps its model, so another document comes between.
    const report = await bridge.services.workspace.addDocument(
      'report.pdf',
      new Uint8Array(await readFile('resources/samples/report.pdf')),
    );
    const { useLibraryStore } = await import('../../../../../renderer/state/library/libraryStore.js');
    await useLibraryStore.getState().load();
    await store.getState().openDocument(report.id);
    expect(store.getState().model).toBeNull();
    bridge.calls.clear();
    await store.getState().openDocument(invoice.id, parsed.id);
    expect(bridge.calls.get('results:model')).toBe(2);
    expect(store.getState().errors).toEqual({});
    expect(wholeMarkdown(store.getState().model)).toContain('INV-2024-0042');
  });

  it('a result that is not a parse response says so, as before', async () => {
    const broken = await bridge.services.workspace.saveResult({
      documentId: invoice.id,
      kind: 'parse',
      engine: 'import',
      modelVersion: null,
      pageCount: 1,
      credits: null,
      partial: false,
      response: { markdown: 7 },
    });
    const { useLibraryStore } = await import('../../../../../renderer/state/library/libraryStore.js');
    await useLibraryStore.getState().load();
    await store.getState().openDocument(invoice.id, broken.id);
    expect(store.getState().errors['*']).toMatchObject({
      code: 'unreadable_result',
      message: expect.stringContaining('not a v2 parse response'),
    });
  });
});
