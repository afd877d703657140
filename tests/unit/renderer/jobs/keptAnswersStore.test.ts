import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { useKeptAnswersStore } from '../../../../renderer/jobs/keptAnswersStore.js';
import type { useAppStore } from '../../../../renderer/state/appStore.js';
import { DEMO_KEYS } from '../../../emulator/keys.js';
import { startEmulator, type Emulator } from '../../../emulator/server.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The Jobs screen's "Answers kept unread" against the real services: listed waiting first,
// newest first; Show and a late Show; Read again refused (kept, the error on its row) and
// read (the entry points at its result); a job's row finds its kept answer; events reload it.
let bridge: RendererBridge;
let emulator: Emulator;
let store: typeof useKeptAnswersStore;
let app: typeof useAppStore;
let documentId: string;
/** A parse answer this version reads: the emulator's own. */
let readable: string;
const ODD = JSON.stringify({ answer_format: 'v9' });
let slowList: Promise<void> | null = null;

const keep = (text: string, extra: { jobId?: string } = {}) =>
  bridge.services.workspace.quarantine.keep({
    documentId,
    kind: 'parse',
    jobId: extra.jobId ?? null,
    reason: 'The service sent a parse response the app cannot read (markdown is missing).',
    text,
    ...(extra.jobId ? { id: `job-${extra.jobId}` } : {}),
  });
const ids = () => store.getState().entries.map((e) => e.id);

beforeAll(async () => {
  emulator = await startEmulator();
  // A listing asked for while `slowList` is set answers once it resolves.
  bridge = await openRendererWindow(({ quarantine, ...api }) => ({
    ...api,
    quarantine: {
      ...quarantine,
      list: async (request) => {
        const wait = slowList;
        const answer = await quarantine.list(request);
        if (wait) await wait;
        return answer;
      },
    },
  }));
  const doc = await PDFDocument.create();
  doc.addPage([300, 400]);
  const bytes = new Uint8Array(await doc.save());
  const { requireApi } = await import('../../../../renderer/ipc/client.js');
  documentId = (await requireApi().documents.import({ name: 'kept.pdf', bytes })).id;
  const form = new FormData();
  form.set('document', new Blob([bytes]), 'kept.pdf');
  const response = await fetch(`${emulator.url}/v2/parse`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${DEMO_KEYS.v2[0]!}` },
  });
  readable = await response.text();
  store = (await import('../../../../renderer/jobs/keptAnswersStore.js')).useKeptAnswersStore;
  app = (await import('../../../../renderer/state/appStore.js')).useAppStore;
});

afterAll(async () => {
  await bridge?.close();
  await emulator?.close();
});

beforeEach(() => {
  store.setState({ error: null, shown: null, readErrors: {}, reading: {}, pointed: null });
});

describe('kept answers store', () => {
  it('lists waiting answers first, newest first; a listing answered after a newer one is dropped', async () => {
    const first = await keep(ODD);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await keep(ODD);
    await store.getState().load();
    expect(ids().slice(0, 2)).toEqual([second.id, first.id]);

    let release!: () => void;
    slowList = new Promise<void>((resolve) => (release = resolve));
    const stale = store.getState().load();
    slowList = null;
    const third = await keep(ODD);
    await store.getState().load();
    release();
    await stale;
    expect(store.getState().error).toBeNull();
    expect(ids()[0]).toBe(third.id);
  });

  it('shows an answer as it was kept; a Show answered after Hide is dropped', async () => {
    const entry = await keep(ODD);
    await store.getState().show(entry.id);
    expect(store.getState().shown).toMatchObject({ id: entry.id, answer: { text: ODD, truncatedFrom: null }, error: null });

    const release = bridge.hold('quarantine:show');
    const late = store.getState().show(entry.id);
    expect(store.getState().shown).toEqual({ id: entry.id, answer: null, error: null });
    store.getState().hide();
    release();
    await late;
    expect(store.getState().shown).toBeNull();
  });

  it('Read again refused: the error is on its row, the answer stays waiting; read: the entry points at its result, after the waiting ones', async () => {
    const odd = await keep(ODD);
    const good = await keep(readable);
    await store.getState().load();

    await store.getState().readAgain(odd.id);
    expect(store.getState().readErrors[odd.id]?.code).toBeTruthy();
    expect(store.getState().reading).toEqual({});
    expect(store.getState().entries.find((e) => e.id === odd.id)?.resultId).toBeNull();

    await store.getState().readAgain(good.id);
    expect(store.getState().readErrors[good.id]).toBeUndefined();
    const read = store.getState().entries.find((e) => e.id === good.id)!;
    expect(read.resultId).toEqual(expect.any(String));
    expect(await bridge.services.workspace.resultInfo(read.resultId!)).toMatchObject({ documentId, kind: 'parse' });
    expect(ids().at(-1)).toBe(good.id);
    store.getState().dismissReadError(odd.id);
    expect(store.getState().readErrors).toEqual({});
  });

  it("a job's kept answer is found, pointed at and shown; a job with none is an error", async () => {
    const entry = await keep(ODD, { jobId: 'parse-01j0000000000000000000kept' });
    await store.getState().pointAtJob('parse-01j0000000000000000000kept');
    expect(store.getState().pointed).toMatchObject({ id: entry.id });
    expect(store.getState().shown).toMatchObject({ id: entry.id, answer: { text: ODD } });
    const turn = store.getState().pointed!.turn;
    await store.getState().pointAtJob('parse-01j0000000000000000000kept');
    expect(store.getState().pointed!.turn).toBeGreaterThan(turn);

    await store.getState().pointAtJob('parse-01j00000000000000000none');
    expect(store.getState().error?.code).toBe('not_found');
  });

  it('reloads on a workspace event while the Jobs screen is shown', async () => {
    app.setState({ screen: 'jobs' });
    try {
      await store.getState().load();
      const before = bridge.calls.get('quarantine:list') ?? 0;
      const entry = await keep(ODD);
      const { requireApi } = await import('../../../../renderer/ipc/client.js');
      await requireApi().results.import({ documentId, fileName: 'r.json', text: readable }); // announces a workspace change
      await expect.poll(() => ids(), { timeout: 3000 }).toContain(entry.id);
      expect(bridge.calls.get('quarantine:list')).toBeGreaterThan(before);
    } finally {
      app.setState({ screen: 'workspace' });
    }
  });
});
