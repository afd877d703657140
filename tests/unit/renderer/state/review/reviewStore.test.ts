import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentInfo } from '../../../../../shared/document.js';
import { markdownLength, sliceMarkdown } from '../../../../../shared/grounding/parseModel.js';
import type { useReviewStore } from '../../../../../renderer/state/review/reviewStore.js';
import { rgbPng } from '../../../../support/png.js';
import { openReviewWindow, type RendererBridge } from '../../../../support/rendererBridge.js';

// The review store against the real main-process services (in this process), with answers held
// back where a slow disk or service would be: what the reviewer does last is what they see.
type Store = typeof useReviewStore;

let bridge: RendererBridge;
let store: Store;
let invoice: DocumentInfo;
let report: DocumentInfo;

beforeAll(async () => {
  let useLibraryStore;
  ({ bridge, store, library: useLibraryStore } = await openReviewWindow());
  await store.getState().openSample();
  invoice = store.getState().document!;
  report = await bridge.services.workspace.addDocument('report.pdf', new Uint8Array(await readFile('resources/samples/report.pdf')));
  await useLibraryStore.getState().entry(report.id);
});

afterAll(async () => {
  await bridge?.close();
});

beforeEach(async () => {
  await store.getState().openDocument(invoice.id);
  expect(store.getState().documentStatus).toBe('ready');
});

const resultsOf = async (documentId: string) =>
  (await bridge.services.workspace.library()).find((e) => e.document.id === documentId)?.results ?? [];

describe('review store', () => {
  it('a load overtaken by another open never writes state, and is no error', async () => {
    const release = bridge.hold('documents:read');
    const slow = store.getState().openDocument(report.id);
    expect(store.getState().documentStatus).toBe('opening');
    expect(store.getState().opening).toBe('report.pdf');
    // The reviewer went back to the invoice before the report's bytes came.
    await store.getState().openDocument(invoice.id);
    release();
    await slow;
    const state = store.getState();
    expect(state.document?.id).toBe(invoice.id);
    expect(state.model && sliceMarkdown(state.model, { start: 0, end: markdownLength(state.model) })).toContain('INV-2024-0042');
    expect(state.documentStatus).toBe('ready');
    expect(state.errors).toEqual({});
  });

  it('Run does nothing while a document opens; pressed when it is open, it parses that document', async () => {
    const release = bridge.hold('documents:read');
    const opening = store.getState().openDocument(report.id);
    const before = bridge.calls.get('runs:parse') ?? 0;
    await store.getState().runEngine();
    expect(bridge.calls.get('runs:parse') ?? 0).toBe(before);
    release();
    await opening;
    const reportResults = (await resultsOf(report.id)).length;
    const invoiceResults = (await resultsOf(invoice.id)).length;
    await store.getState().runEngine();
    expect(await resultsOf(report.id)).toHaveLength(reportResults + 1);
    expect(await resultsOf(invoice.id)).toHaveLength(invoiceResults);
    expect(store.getState().result?.documentId).toBe(report.id);
  });

  it('a run lands under its document while the reviewer looks at another, and does not pull them back', async () => {
    await store.getState().openDocument(report.id);
    const before = (await resultsOf(report.id)).length;
    const release = bridge.hold('runs:parse');
    const run = store.getState().runEngine();
    expect(store.getState().runs[report.id]).toBeDefined();
    await store.getState().openDocument(invoice.id);
    release();
    await run;
    expect(await resultsOf(report.id)).toHaveLength(before + 1);
    const state = store.getState();
    expect(state.document?.id).toBe(invoice.id);
    expect(state.result?.documentId).toBe(invoice.id);
    expect(state.runs).toEqual({});
    expect(state.errors).toEqual({});
  });

  it('a failure is the banner of the document it happened to', async () => {
    const { useRunSettings } = await import('../../../../../renderer/state/runSettings.js');
    const image = await bridge.services.workspace.addDocument('scan.png', rgbPng(4, 4));
    await store.getState().openDocument(image.id);
    // An image has one page; asking for the second fails the run.
    useRunSettings.setState({ pages: '2' });
    try {
      await store.getState().runEngine();
    } finally {
      useRunSettings.setState({ pages: '' });
    }
    expect(store.getState().errors[image.id]?.code).toBe('validation_error');
    const failedAt = store.getState().errorsAt[image.id]!;
    expect(Date.now() - Date.parse(failedAt)).toBeLessThan(60_000);
    await store.getState().openDocument(invoice.id);
    expect(store.getState().errors[invoice.id]).toBeUndefined();
    expect(store.getState().errors[image.id]?.code).toBe('validation_error');
    // When it happened stays with it, and goes with it.
    expect(store.getState().errorsAt[image.id]).toBe(failedAt);
    store.getState().clearError(image.id);
    expect(store.getState().errorsAt[image.id]).toBeUndefined();
  });

  it('stepping through elements (j/k) walks reading order, skipping the document and pages, and stays at the ends', () => {
    const model = store.getState().model!;
    const elements = model.order.filter((id) => !['document', 'page'].includes(model.nodes.get(id)!.type));
    expect(elements.length).toBeGreaterThan(2);
    const walked: string[] = [];
    store.getState().selectNode(null);
    for (let i = 0; i < elements.length + 2; i++) {
      store.getState().stepSelection(1);
      walked.push(store.getState().selection!.id);
    }
    expect(walked).toEqual([...elements, elements.at(-1), elements.at(-1)]);
    store.getState().stepSelection(-1);
    expect(store.getState().selection?.id).toBe(elements.at(-2));
    // From a page (not an element) a step starts over from the end it goes towards.
    store.getState().selectNode(model.pages[0]!.nodeId);
    store.getState().stepSelection(-1);
    expect(store.getState().selection?.id).toBe(elements.at(-1));
    store.getState().selectNode(model.pages[0]!.nodeId);
    store.getState().stepSelection(1);
    expect(store.getState().selection?.id).toBe(elements[0]);
  });

  it('field ranges are converted to UTF-16 once, at load, and a click selects that exact text', async () => {
    const schema = { type: 'object', properties: { invoice_number: { type: 'string', description: 'Invoice number' } } };
    await store.getState().runExtract(schema, 'local');
    const state = store.getState();
    expect(state.fields.length).toBeGreaterThan(0);
    expect(state.fieldRanges.size).toBe(state.fields.length);
    const field = state.fields.find((f) => f.path === 'invoice_number')!;
    state.selectField(field.path);
    expect(store.getState().selection?.text).toContain('INV-2024-0042');
  });

  it('a decision made on an extraction is kept when the reviewer has moved on, and not shown elsewhere', async () => {
    const schema = { type: 'object', properties: { invoice_number: { type: 'string', description: 'Invoice number' } } };
    await store.getState().runExtract(schema, 'local');
    const extraction = store.getState().extraction!;
    const release = bridge.hold('reviews:decide');
    const deciding = store.getState().decide('invoice_number', { status: 'accepted' });
    await store.getState().openDocument(report.id);
    release();
    await deciding;
    expect(store.getState().review?.extractionId).not.toBe(extraction.id);
    expect((await bridge.services.reviews.get(extraction.id)).fields.invoice_number?.status).toBe('accepted');
  });
});

describe('round trips', () => {
  it('opening a new file and running the offline engine on it', async () => {
    const { useLibraryStore } = await import('../../../../../renderer/state/library/libraryStore.js');
    await useLibraryStore.getState().load();
    bridge.calls.clear();
    const bytes = new Uint8Array(await readFile('resources/samples/report.pdf'));
    // A copy with one byte more after %%EOF: a new document to the workspace, the same pages.
    const file = new File([bytes, new Uint8Array([10])], 'report-copy.pdf', { type: 'application/pdf' });
    await store.getState().openFile(file);
    await store.getState().runEngine();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const calls = Object.fromEntries(bridge.calls);
    console.log('round trips per open-and-run:', JSON.stringify(calls));
    expect(store.getState().result?.engine).toBe('local');
    // Each action once; the library is listed on main's change events, never re-pulled per action.
    expect(calls['documents:import']).toBe(1);
    expect(calls['runs:parse']).toBe(1);
    expect(calls['documents:read'] ?? 0).toBe(0);
    // The run's answer says what it made (its model comes from main, built there): the result is not read back.
    expect(calls['results:get'] ?? 0).toBe(0);
    expect(calls['library:list'] ?? 0).toBeLessThanOrEqual(2);
    expect(calls['library:trash'] ?? 0).toBe(0);
  });
});
