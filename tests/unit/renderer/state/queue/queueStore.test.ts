import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useQueueStore as UseQueueStore } from '../../../../../renderer/state/queue/queueStore.js';
import type {
  reviewKeysApply as ReviewKeysApply,
  reviewModeKey as ReviewModeKey,
} from '../../../../../renderer/state/fields/reviewKeys.js';
import type { useReviewMode as UseReviewMode } from '../../../../../renderer/state/fields/reviewModeStore.js';
import type { useReviewStore } from '../../../../../renderer/state/review/reviewStore.js';
import { openReviewWindow, type RendererBridge } from '../../../../support/rendererBridge.js';
import { useRememberedStorage } from '../../../../support/rememberedStorage.js';
import { isAuditEntry } from '../../../../../shared/ipc/audit.js';

// The queue store against the real services: a step opens the next document through the
// workspace store's scope, and a review key pressed while it is under way never decides a
// field of the document being left.
useRememberedStorage();
let bridge: RendererBridge;
let store: typeof useReviewStore;
let useQueueStore: typeof UseQueueStore;
let reviewModeKey: typeof ReviewModeKey;
let reviewKeysApply: typeof ReviewKeysApply;
let useReviewMode: typeof UseReviewMode;
let decisionsSettled: () => Promise<void>;
const SCHEMA = { type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'string' } } };

beforeAll(async () => {
  // Focusing a row waits a frame; there are no frames (nor rows) here.
  (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame = () => 0;
  // Enter is checked against the control it was pressed on; these keys come from no element.
  (globalThis as { HTMLElement?: unknown }).HTMLElement ??= class {};
  let library;
  ({ bridge, store, library } = await openReviewWindow());
  ({ useQueueStore } = await import('../../../../../renderer/state/queue/queueStore.js'));
  ({ reviewModeKey, reviewKeysApply } = await import('../../../../../renderer/state/fields/reviewKeys.js'));
  ({ useReviewMode } = await import('../../../../../renderer/state/fields/reviewModeStore.js'));
  ({ decisionsSettled } = await import('../../../../../renderer/state/fields/decisionQueue.js'));
  const invoice = await readFile('resources/samples/invoice.pdf');
  const { workspace } = bridge.services;
  for (const i of [1, 2, 3]) {
    const document = await workspace.addDocument(`copy${i}.pdf`, new Uint8Array(Buffer.concat([invoice, Buffer.from(`\n% ${i}\n`)])));
    const parsed = await bridge.api.runs.parse({ engine: 'local', runId: crypto.randomUUID(), documentId: document.id });
    if (!parsed.ok || !('result' in parsed.value)) throw new Error('parse failed');
    await bridge.api.runs.extract({ engine: 'local', resultId: parsed.value.result.id, schema: SCHEMA });
  }
  await library.getState().load();
});
afterAll(async () => {
  await bridge?.close();
});

const key = (k: string, repeat = false) => ({ key: k, repeat, target: null }) as unknown as KeyboardEvent;

describe('review queue store', () => {
  it('a step under way takes one step however often it is pressed, and holds back a decision that would land on the document left', async () => {
    await useQueueStore.getState().start({ kind: 'all' });
    const view = useQueueStore.getState().view!;
    expect(view.items).toHaveLength(3);
    const first = view.items[0]!;
    expect(store.getState().extraction?.id).toBe(first.extractionId);
    // The first field without a decision is selected as the document opens.
    expect(store.getState().selection).toMatchObject({ kind: 'field', id: 'invoice_number' });
    for (const path of ['invoice_number', 'total']) await store.getState().decide(path, { status: 'accepted' });
    store.getState().selectField('total');

    const release = bridge.hold('documents:read');
    const stepping = useQueueStore.getState().step(1);
    const again = useQueueStore.getState().step(1);
    // The first document is still on screen, its field selected: r is held back, not a reject of it.
    expect(store.getState().extraction?.id).toBe(first.extractionId);
    expect(reviewModeKey(key('r'))).toBe(true);
    release();
    await Promise.all([stepping, again]);

    expect(useQueueStore.getState().view?.position).toBe(1);
    expect(store.getState().extraction?.id).toBe(view.items[1]!.extractionId);
    const trail = await bridge.api.audit.list({ documentId: first.documentId, limit: 10 });
    expect(trail.ok && trail.value.entries.filter(isAuditEntry).map((e) => `${e.action} ${e.path}`)).toEqual([
      'accepted total',
      'accepted invoice_number',
    ]);
    // Kept in main: a restart resumes here.
    const listed = await bridge.api.queues.list({});
    expect(listed.ok && listed.value[0]).toMatchObject({ id: view.id, position: 1, count: 3 });
  });

  it('a key pressed on one document never decides a field of the next: a step waits for the saves, a late action is dropped', async () => {
    const view = useQueueStore.getState().view!;
    const here = view.items[view.position]!;
    const next = view.items[view.position + 1]!;
    expect(store.getState().extraction?.id).toBe(here.extractionId);
    store.getState().selectField('invoice_number');
    // Saves are slow: a and r are pressed, then Next, before the first is answered.
    const release = bridge.hold('reviews:decide');
    reviewModeKey(key('a'));
    reviewModeKey(key('r'));
    const stepping = useQueueStore.getState().step(1);
    expect(useQueueStore.getState().saving).toBe(true);
    release();
    await stepping;
    expect(store.getState().extraction?.id).toBe(next.extractionId);
    const left = await bridge.api.reviews.get({ extractionId: here.extractionId });
    expect(left.ok && Object.fromEntries(Object.entries(left.value.fields).map(([p, d]) => [p, d.status]))).toEqual({
      invoice_number: 'accepted',
      total: 'rejected',
    });
    const opened = await bridge.api.reviews.get({ extractionId: next.extractionId });
    expect(opened.ok && opened.value.fields).toEqual({});
  });

  it('a decision still waiting its turn when another document is opened is dropped', async () => {
    const view = useQueueStore.getState().view!;
    const here = view.items[view.position]!;
    const other = view.items[0]!;
    const before = await bridge.api.reviews.get({ extractionId: other.extractionId });
    store.getState().selectField('invoice_number');
    const release = bridge.hold('reviews:decide');
    reviewModeKey(key('a'));
    reviewModeKey(key('r'));
    // Opened another way than the queue's step (the library), while both wait.
    const opening = store.getState().openDocument(other.documentId, other.extractionId);
    release();
    await opening;
    await decisionsSettled();
    expect(store.getState().extraction?.id).toBe(other.extractionId);
    const opened = await bridge.api.reviews.get({ extractionId: other.extractionId });
    expect(opened.ok && opened.value.fields).toEqual(before.ok && before.value.fields);
    const left = await bridge.api.reviews.get({ extractionId: here.extractionId });
    expect(left.ok && Object.keys(left.value.fields)).toEqual(['invoice_number']);
  });

  it('a deciding key pressed while the queue moves is not applied, and the queue says so until the next key', async () => {
    const view = useQueueStore.getState().view!;
    const reviewed = async () =>
      Promise.all(
        view.items.map(async (item) => {
          const review = await bridge.api.reviews.get({ extractionId: item.extractionId });
          return review.ok ? review.value.fields : null;
        }),
      );
    const before = await reviewed();
    useReviewMode.setState({ on: true });
    const stepping = useQueueStore.getState().step(-1);
    expect(useQueueStore.getState().moving).toBe(true);
    // Caught even while the next document has no fields listed yet.
    expect(reviewKeysApply(0)).toBe(true);
    // Enter and u are dropped without a word (pressed again they would decide unseen or undo another decision); a repeat is no new press.
    for (const pressed of [key('Enter'), key('u'), key('a', true)]) expect(reviewModeKey(pressed)).toBe(true);
    expect(useQueueStore.getState().keyNotApplied).toBe(null);
    expect(reviewModeKey(key('a'))).toBe(true);
    expect(useQueueStore.getState().keyNotApplied).toBe('a');
    await stepping;
    await decisionsSettled();
    expect(useQueueStore.getState().moving).toBe(false);
    expect(reviewKeysApply(0)).toBe(false);
    // Still said once the document is shown: the reviewer may have typed ahead of it.
    expect(useQueueStore.getState().keyNotApplied).toBe('a');
    expect(await reviewed()).toEqual(before);
    reviewModeKey(key('n', true));
    expect(useQueueStore.getState().keyNotApplied).toBe('a');
    reviewModeKey(key('n'));
    expect(useQueueStore.getState().keyNotApplied).toBe(null);
  });
});
