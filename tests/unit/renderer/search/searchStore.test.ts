import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { useSearchStore } from '../../../../renderer/search/searchStore.js';
import type { SearchAnswer, SearchHit } from '../../../../shared/ipc/search.js';
import type { GroundworkApi } from '../../../../shared/ipc/table.js';
import { openRendererWindow, type RendererBridge } from '../../../support/rendererBridge.js';

// The search dialog's store: typing asks main once the keys pause, only the latest query's
// answer is shown, the arrow keys' hit survives the same words asked again, and an index
// still being built is asked again while the dialog is open.
let bridge: RendererBridge;
let store: typeof useSearchStore;
/** The queries main was asked, in order. */
const asked: string[] = [];
/** What main answers a query (by its text); a text not here fails. */
const answers = new Map<string, SearchAnswer>();
/** Answers to a text wait for its gate, when it has one. */
const gates = new Map<string, Promise<void>>();

const hit = (resultId: string, ref: string): SearchHit => ({
  resultId,
  kind: 'parse',
  target: 'node',
  ref,
  page: 1,
  range: null,
  snippet: [{ text: ref, mark: true }],
  score: 1,
});
const answer = (groups: Record<string, SearchHit[]>, pending = 0): SearchAnswer => ({
  groups: Object.entries(groups).map(([documentId, hits]) => ({ documentId, documentName: documentId, hits })),
  count: Object.values(groups).flat().length,
  truncated: false,
  pending,
  skipped: 0,
});
const gate = (text: string) => {
  let release!: () => void;
  gates.set(text, new Promise<void>((resolve) => (release = resolve)));
  return release;
};
const refs = () => store.getState().hits.map((h) => `${h.documentId}/${h.ref}`);

beforeAll(async () => {
  const withAnswers = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    search: {
      ...api.search,
      query: async (request) => {
        const { text } = request as { text: string };
        asked.push(text);
        const known = answers.get(text);
        await gates.get(text);
        return known
          ? { ok: true, value: known }
          : { ok: false, error: { code: 'search_unavailable', message: 'Search stopped working.' } };
      },
    },
  });
  bridge = await openRendererWindow(withAnswers);
  store = (await import('../../../../renderer/search/searchStore.js')).useSearchStore;
});

afterAll(async () => {
  await bridge?.close();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  asked.length = 0;
  answers.clear();
  gates.clear();
  store.setState({ ...store.getInitialState(), open: true }, true);
});

afterEach(async () => {
  store.getState().hide();
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
});

/** Types `text` key by key, then waits out the pause. */
async function type(text: string): Promise<void> {
  for (let i = 1; i <= text.length; i++) store.getState().setText(text.slice(0, i));
  await vi.advanceTimersByTimeAsync(1_000);
}

describe('search store', () => {
  it('asks main once the typing pauses, and lists the groups’ hits in order with the first one active', async () => {
    answers.set('total', answer({ a: [hit('r1', 'n1'), hit('r1', 'n2')], b: [hit('r2', 'n9')] }));
    await type('total');
    expect(asked).toEqual(['total']);
    expect(refs()).toEqual(['a/n1', 'a/n2', 'b/n9']);
    expect(store.getState()).toMatchObject({ active: 0, busy: false, error: null });
  });

  it('the arrow keys stop at the ends of the list', async () => {
    answers.set('total', answer({ a: [hit('r1', 'n1'), hit('r1', 'n2')] }));
    await type('total');
    store.getState().move(-1);
    expect(store.getState().active).toBe(0);
    store.getState().move(1);
    store.getState().move(1);
    expect(store.getState().active).toBe(1);
  });

  it('an answer to words typed before is dropped when it comes after the latest', async () => {
    answers.set('tot', answer({ old: [hit('r0', 'stale')] }));
    answers.set('total', answer({ a: [hit('r1', 'n1')] }));
    const release = gate('tot');
    store.getState().setText('tot');
    await vi.advanceTimersByTimeAsync(1_000);
    await type('total');
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(refs()).toEqual(['a/n1']);
  });

  it('the same words asked again keep the hit the arrow keys were on, even when it moved', async () => {
    answers.set('total', answer({ a: [hit('r1', 'n1'), hit('r1', 'n2')] }));
    await type('total');
    store.getState().move(1);
    answers.set('total', answer({ b: [hit('r3', 'new')], a: [hit('r1', 'n1'), hit('r1', 'n2')] }));
    store.getState().show();
    await vi.advanceTimersByTimeAsync(0);
    expect(refs()).toEqual(['b/new', 'a/n1', 'a/n2']);
    expect(store.getState().active).toBe(2);
  });

  it('while results are still being indexed the open dialog asks again; a closed one does not', async () => {
    answers.set('total', answer({ a: [hit('r1', 'n1')] }, 2));
    await type('total');
    expect(asked).toEqual(['total', 'total']);
    answers.set('total', answer({ a: [hit('r1', 'n1'), hit('r2', 'n5')] }, 0));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refs()).toEqual(['a/n1', 'a/n5']);
    const settled = asked.length;
    answers.set('total', answer({ a: [hit('r1', 'n1')] }, 1));
    store.getState().show();
    await vi.advanceTimersByTimeAsync(0);
    store.getState().hide();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toHaveLength(settled + 1);
  });

  it('a failed query empties the list and shows why; clearing the words clears the error without asking', async () => {
    answers.set('total', answer({ a: [hit('r1', 'n1')] }));
    await type('total');
    await type('totally');
    expect(store.getState()).toMatchObject({ hits: [], active: -1, busy: false, error: { code: 'search_unavailable' } });
    const before = asked.length;
    store.getState().setText('  ');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toHaveLength(before);
    expect(store.getState()).toMatchObject({ answer: null, hits: [], error: null });
  });
});
