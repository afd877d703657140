import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultInfo } from '../../../../shared/result.js';
import { runParse } from '../../../../electron/app/parseRun.js';
import { armFault, pdf, useEmulator } from '../../../support/emulatorHarness.js';
import { faultsWorld, type FaultsWorld } from './faultsWorld.js';

// What a run answers the window, through the real handlers: the stored result's info, never the
// service's response (tens of MB for a long document), which the window would only throw away
// before it fetches the result's model.
const env = useEmulator({ timings: { pendingMs: 20, processingMs: 50 } });
let world: FaultsWorld;
let documentId: string;

beforeAll(async () => {
  world = await faultsWorld(env.emulator.url);
  const imported = await world.call('documents:import', { name: 'three.pdf', bytes: await pdf(3) });
  if (!imported.ok) throw new Error(imported.error.message);
  documentId = imported.value.id;
});
afterAll(() => world.close());

/** The answer is the info main keeps about the result, and small: no response, Markdown, chunks or structure in it. */
async function expectInfoOnly(answer: ResultInfo): Promise<void> {
  const text = JSON.stringify(answer);
  for (const part of ['response', 'responseJson', 'markdown', 'chunks', 'structure']) expect(text).not.toContain(`"${part}"`);
  expect(text.length).toBeLessThan(1000);
  expect(answer).toEqual(await world.services.workspace.resultInfo(answer.id));
}

describe('runs:parse answers the result info, never the service response', () => {
  it.each([
    ['the offline engine', { engine: 'local' } as const],
    ['v2 parse', { engine: 'parse', mode: 'sync' } as const],
    ['the older analyzer', { engine: 'analyzer' } as const],
  ])('%s', async (_name, engine) => {
    const answer = await world.call('runs:parse', { ...engine, runId: randomUUID(), documentId });
    if (!answer.ok) throw new Error(answer.error.message);
    if (!('result' in answer.value)) throw new Error('a job where a direct result was expected');
    await expectInfoOnly(answer.value.result);
    // The response is stored all the same, for the window to fetch when it opens the result.
    expect(JSON.stringify((await world.services.workspace.result(answer.value.result.id)).response)).toContain('"markdown"');
  });

  it('runParse itself (the handler calls it in the run registry) answers the info', async () => {
    const answer = await runParse(world.services, { engine: 'analyzer', runId: randomUUID(), documentId }, new AbortController().signal);
    if (!('result' in answer)) throw new Error('a job where a direct result was expected');
    await expectInfoOnly(answer.result);
  });

  it('nor does runs:rerunPages, whose merge covers the whole document', async () => {
    await armFault(env.emulator, { fault: { kind: 'failPages', pages: [2] } });
    const partial = await world.call('runs:parse', { engine: 'parse', mode: 'sync', runId: randomUUID(), documentId });
    if (!partial.ok || !('result' in partial.value)) throw new Error('no result');
    const answer = await world.call('runs:rerunPages', { runId: randomUUID(), resultId: partial.value.result.id });
    if (!answer.ok) throw new Error(answer.error.message);
    await expectInfoOnly(answer.value);
  });

  it('nor does results:import (the job-import path), whose file the window already has', async () => {
    const parsed = await world.call('runs:parse', { engine: 'local', runId: randomUUID(), documentId });
    if (!parsed.ok || !('result' in parsed.value)) throw new Error('no result');
    const text = JSON.stringify((await world.services.workspace.result(parsed.value.result.id)).response);
    const answer = await world.call('results:import', { documentId, fileName: 'parse.json', text, wholeDocument: true });
    if (!answer.ok) throw new Error(answer.error.message);
    await expectInfoOnly(answer.value);
  });
});
