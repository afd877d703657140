import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GroundworkApi } from '../../../../../shared/ipc/table.js';
import type { useRunSettings as UseEngineSettings } from '../../../../../renderer/state/runSettings.js';
import type { useReviewStore } from '../../../../../renderer/state/review/reviewStore.js';
import { openReviewWindow, type RendererBridge } from '../../../../support/rendererBridge.js';

// What the review store sends for the engine settings, read where it crosses to main (the
// real services answer behind it): each key kind keeps its own key, and an extraction names a
// model only when one was picked.
let bridge: RendererBridge;
let store: typeof useReviewStore;
let settings: typeof UseEngineSettings;
const sent: Array<{ channel: string; request: Record<string, unknown> }> = [];

beforeAll(async () => {
  const recorded = <F extends (request: never) => unknown>(channel: string, call: F): F =>
    ((request: never) => {
      sent.push({ channel, request: request as Record<string, unknown> });
      return call(request);
    }) as F;
  const withRecorded = (api: GroundworkApi): GroundworkApi => ({
    ...api,
    runs: { ...api.runs, parse: recorded('runs:parse', api.runs.parse), extract: recorded('runs:extract', api.runs.extract) },
  });
  ({ bridge, store } = await openReviewWindow(withRecorded));
  settings = (await import('../../../../../renderer/state/runSettings.js')).useRunSettings;
  await store.getState().openSample();
});

afterAll(async () => {
  await bridge?.close();
});

beforeEach(() => {
  sent.length = 0;
});

describe('engine requests', () => {
  it('the v2 key chosen for parse is not sent to the analyzer, nor the analyzer key to parse or extract', async () => {
    const v2 = randomUUID();
    const analyzer = randomUUID();
    settings.getState().set({ keyIds: { v2, analyzer } });
    store.getState().setEngine('analyzer');
    await store.getState().runEngine();
    store.getState().setEngine('parse');
    await store.getState().runEngine();
    await store.getState().runExtract({ type: 'object', properties: { total: { type: 'string' } } }, 'extract');
    expect(sent.map((s) => [s.channel, s.request.engine, s.request.keyId])).toEqual([
      ['runs:parse', 'analyzer', analyzer],
      ['runs:parse', 'parse', v2],
      ['runs:extract', 'extract', v2],
    ]);
    settings.getState().set({ keyIds: { v2: '', analyzer: '' } });
  });

  it('no key chosen: none is named (main takes the first enabled key of the kind)', async () => {
    store.getState().setEngine('analyzer');
    await store.getState().runEngine();
    expect(sent[0]?.request).not.toHaveProperty('keyId');
  });

  it('an extraction sends no model unless one is picked; a picked or earlier-set model still goes', async () => {
    const schema = { type: 'object', properties: { total: { type: 'string' } } };
    expect(settings.getState().extractModel).toBe('');
    await store.getState().runExtract(schema, 'extract');
    expect(sent[0]?.request).not.toHaveProperty('model');
    settings.getState().set({ extractModel: 'extract-latest' });
    await store.getState().runExtract(schema, 'extract');
    expect(sent[1]?.request).toMatchObject({ model: 'extract-latest' });
    settings.getState().set({ extractModel: '' });
  });
});
