import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentInfo } from '../../../../../shared/document.js';
import type { addFromUrl as AddFromUrl } from '../../../../../renderer/state/library/addFromUrl.js';
import type { useReviewStore } from '../../../../../renderer/state/review/reviewStore.js';
import { DEMO_KEYS } from '../../../../emulator/keys.js';
import { startEmulator, type Emulator } from '../../../../emulator/server.js';
import { openReviewWindow, type RendererBridge } from '../../../../support/rendererBridge.js';

// "+ URL" against the real services and the emulator's storage (an address on this computer,
// allowed because the v2 key's service is here too): a long download does not take the screen
// from a document the user opened meanwhile.
let bridge: RendererBridge;
let emulator: Emulator;
let store: typeof useReviewStore;
let addFromUrl: typeof AddFromUrl;
let report: DocumentInfo;

async function stored(name: string, pages: number): Promise<string> {
  const doc = await PDFDocument.create();
  doc.setTitle(name);
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]);
  const url = `${emulator.url}/__storage/${name}`;
  const put = await fetch(url, { method: 'PUT', body: new Uint8Array(await doc.save()), headers: { 'content-type': 'application/pdf' } });
  if (!put.ok) throw new Error(`storage answered ${put.status}`);
  return url;
}

beforeAll(async () => {
  emulator = await startEmulator();
  let useLibraryStore;
  ({ bridge, store, library: useLibraryStore } = await openReviewWindow());
  await bridge.services.keys.add({ name: 'Emulator v2', kind: 'v2', secret: DEMO_KEYS.v2[0]!, address: emulator.url });
  ({ addFromUrl } = await import('../../../../../renderer/state/library/addFromUrl.js'));
  await store.getState().openSample();
  report = await bridge.services.workspace.addDocument('report.pdf', new Uint8Array(await readFile('resources/samples/report.pdf')));
  await useLibraryStore.getState().entry(report.id);
});

afterAll(async () => {
  await bridge?.close();
  await emulator?.close();
});

describe('add from a web address', () => {
  it('opens the downloaded document when the user stayed where they were', async () => {
    const url = await stored('statement.pdf', 2);
    const added = await addFromUrl(url);
    expect(added?.opened).toBe(true);
    expect(store.getState().document?.id).toBe(added?.document.id);
    expect(store.getState().document?.name).toBe('statement.pdf');
  });

  it('leaves it in the library when the user opened another document during the download', async () => {
    const url = await stored('letter.pdf', 3);
    const release = bridge.hold('documents:importUrl');
    const adding = addFromUrl(url);
    await store.getState().openDocument(report.id);
    release();
    const added = await adding;
    expect(added?.opened).toBe(false);
    expect(added?.document.name).toBe('letter.pdf');
    expect(store.getState().document?.id).toBe(report.id);
    expect(store.getState().documentStatus).toBe('ready');
    const library = await bridge.services.workspace.library();
    expect(library.some((e) => e.document.id === added?.document.id)).toBe(true);
  });
});
