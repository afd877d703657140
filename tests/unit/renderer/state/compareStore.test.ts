import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useCompareStore } from '../../../../renderer/state/compareStore.js';
import type { useLibraryStore as LibraryStore } from '../../../../renderer/state/library/libraryStore.js';
import type { useReviewStore as WorkspaceStore } from '../../../../renderer/state/review/reviewStore.js';
import { changedBoxes, rowsOf, sideSelection } from '../../../../renderer/compare/compareRows.js';
import type { ParseResponse, StructureNode } from '../../../../shared/contracts/v2Parse.js';
import type { DocumentInfo } from '../../../../shared/document.js';
import type { StoredResult } from '../../../../shared/result.js';
import { openReviewWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The compare store against the real services: results stored in a workspace, fetched through
// results:model and results:get, compared in the window.
let bridge: RendererBridge;
let compare: typeof useCompareStore;
let library: typeof LibraryStore;
let store: typeof WorkspaceStore;
let invoice: DocumentInfo;
let parsed: StoredResult;
let edited: StoredResult;
let extractA: StoredResult;
let extractB: StoredResult;
let reportParse: StoredResult;

const EDITED_WORD = 'Globex';

beforeAll(async () => {
  ({ bridge, library, store } = await openReviewWindow());
  ({ useCompareStore: compare } = await import('../../../../renderer/state/compareStore.js'));
  const { workspace } = bridge.services;
  invoice = await workspace.addDocument('invoice.pdf', new Uint8Array(await readFile('resources/samples/invoice.pdf')));
  const { runLocalParse } = await import('../../../../electron/runs/localParse.js');
  parsed = await runLocalParse(bridge.services, { runId: crypto.randomUUID(), documentId: invoice.id }, new AbortController().signal);

  // Run B: the same parse with every id renumbered and one word changed (same length, so every range holds).
  const response = structuredClone(parsed.response) as ParseResponse;
  expect(response.markdown).toContain(EDITED_WORD);
  response.markdown = response.markdown.replace(EDITED_WORD, 'Globax');
  const renumber = (node: StructureNode) => {
    if (node.id) node.id = node.id.replace(/-(\d+)$/, (_, n: string) => `-${Number(n) + 7}`);
    node.children?.forEach(renumber);
  };
  renumber(response.structure);
  const info = { documentId: invoice.id, engine: 'import' as const, modelVersion: null, pageCount: 1, credits: null, partial: false };
  edited = await workspace.saveResult({ ...info, kind: 'parse', response });

  // Two extractions over the local parse: total read as text and as a number, a field in each only.
  // A text's code-point range in the local parse's Markdown, as a service reports it.
  const markdown = (parsed.response as ParseResponse).markdown;
  const at = (text: string) => {
    const i = markdown.indexOf(text);
    expect(i).toBeGreaterThanOrEqual(0);
    return { ranges: [{ start: Array.from(markdown.slice(0, i)).length, end: Array.from(markdown.slice(0, i + text.length)).length }] };
  };
  const extraction = (extraction: unknown, metadata: unknown) => ({
    extraction,
    extraction_metadata: metadata,
    metadata: { version: 'test' },
  });
  extractA = await workspace.saveResult({
    ...info,
    kind: 'extract',
    engine: 'extract',
    sourceResultId: parsed.id,
    response: extraction({ total: '$1,242.00', due_date: '2024-04-14' }, { total: at('$1,242.00'), due_date: at('2024-04-14') }),
  });
  extractB = await workspace.saveResult({
    ...info,
    kind: 'extract',
    engine: 'extract',
    sourceResultId: parsed.id,
    response: extraction({ total: 1242, po_number: 'PO-88310' }, { total: at('$1,242.00'), po_number: at('PO-88310') }),
  });

  const report = await workspace.addDocument('report.pdf', new Uint8Array(await readFile('resources/samples/report.pdf')));
  reportParse = await runLocalParse(bridge.services, { runId: crypto.randomUUID(), documentId: report.id }, new AbortController().signal);
  await library.getState().load();
}, 60_000);

afterAll(async () => {
  await bridge?.close();
});

describe('comparing two stored runs in the window', () => {
  it('two parse results whose ids were renumbered: only the block with the changed word differs, marked on both pages', async () => {
    await compare.getState().compare(parsed.id, edited.id);
    const { comparison, error } = compare.getState();
    expect(error).toBeNull();
    const blocks = comparison!.blocks!;
    expect(blocks.summary).toMatchObject({ changed: 1, onlyA: 0, onlyB: 0, same: blocks.summary.total - 1 });
    const row = blocks.rows[0]!;
    expect(row.status).toBe('changed');
    expect(row.a!.text).toContain(EDITED_WORD);
    expect(row.b!.text).toContain('Globax');
    expect(row.b!.id).not.toBe(row.a!.id);
    // Each side lights its own block; the page of each side marks it.
    expect(sideSelection(comparison!, 0, 'a')?.nodeIds).toEqual([row.a!.id]);
    expect(sideSelection(comparison!, 0, 'b')?.nodeIds).toEqual([row.b!.id]);
    expect(changedBoxes(comparison!, 'a', 1).map((m) => m.id)).toEqual([row.a!.id]);
    expect(changedBoxes(comparison!, 'b', 1).map((m) => m.id)).toEqual([row.b!.id]);
  });

  it('two extractions: fields by path with both values, each grounded in its source parse', async () => {
    await compare.getState().compare(extractA.id, extractB.id);
    const comparison = compare.getState().comparison!;
    expect(comparison.fields!.summary.text).toBe('3 of 3 fields differ (1 changed, 1 only in A, 1 only in B)');
    expect(rowsOf(comparison).map((r) => [r.key, r.status, r.a, r.b])).toEqual([
      ['total', 'differs', '$1,242.00', '1242'],
      ['due_date', 'only_a', '2024-04-14', null],
      ['po_number', 'only_b', null, 'PO-88310'],
    ]);
    for (const side of ['a', 'b'] as const) {
      const grounded = sideSelection(comparison, 0, side)!;
      expect(grounded.text).toBe('$1,242.00');
      expect(grounded.boxes.length).toBeGreaterThan(0);
      expect(grounded.pages).toEqual([1]);
    }
    expect(sideSelection(comparison, 1, 'b')).toBeNull();
  });

  it('refuses results of two different documents, and a parse result against an extraction, keeping what was open', async () => {
    const open = compare.getState().comparison;
    await compare.getState().compare(parsed.id, reportParse.id);
    expect(compare.getState().error).toMatchObject({ code: 'compare_different_documents' });
    expect(compare.getState().error?.message).toContain('“invoice.pdf” and “report.pdf”');
    expect(compare.getState().comparison).toBe(open);
    await compare.getState().compare(parsed.id, extractA.id);
    expect(compare.getState().error).toMatchObject({ code: 'compare_kinds_differ' });
  });
});

describe('a document the user opens is never hidden behind a comparison', () => {
  it('opening a document while a comparison is shown closes the comparison', async () => {
    await compare.getState().compare(parsed.id, edited.id);
    expect(compare.getState().comparison).not.toBeNull();
    await store.getState().openDocument(reportParse.documentId);
    expect(store.getState().document?.id).toBe(reportParse.documentId);
    expect(compare.getState().comparison).toBeNull();
  });

  it('a comparison that answers after the user opened a document is dropped', async () => {
    const comparing = compare.getState().compare(parsed.id, edited.id);
    expect(compare.getState().loading).toBe('invoice.pdf');
    const opening = store.getState().openDocument(reportParse.documentId);
    await Promise.all([comparing, opening]);
    expect(store.getState().document?.id).toBe(reportParse.documentId);
    expect(compare.getState()).toMatchObject({ comparison: null, loading: null, error: null });
  });

  it('a result of a run landing on its document does not close a comparison', async () => {
    await compare.getState().compare(parsed.id, edited.id);
    await store.getState().openResult(reportParse);
    expect(compare.getState().comparison).not.toBeNull();
    compare.getState().close();
  });
});
