import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runExtract } from '../../../../electron/runs/extractRuns.js';
import type { Services } from '../../../../electron/app/services.js';
import type { StoredResult } from '../../../../shared/result.js';
import { KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { onePageParse } from '../../../support/onePageParse.js';
import { endTestServices, testServices } from '../../../support/testServices.js';

const holder = useEmulator();
const SCHEMA = { type: 'object', properties: { total: { type: 'string' } } };
const RUN = '5a0f3c2e-9b1d-4e8f-a7c6-3d2b1a0f9e8d';
let dir: string;
let services: Services;
let parse: StoredResult;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-extract-'));
  services = await testServices(dir);
  await services.keys.add({ name: 'v2', kind: 'v2', secret: KEYS.v2, address: holder.emulator.url });
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const document = await services.workspace.addDocument('a.pdf', await pdf.save());
  parse = await services.workspace.saveResult({
    documentId: document.id,
    kind: 'parse',
    engine: 'local',
    modelVersion: null,
    pageCount: 1,
    credits: 0,
    partial: false,
    response: onePageParse('Total: 12.00', []),
  });
});
afterEach(async () => {
  await endTestServices(services, dir);
});

describe('an extraction as the window asks for one', () => {
  it('the local extractor runs at once, as no run, and the extraction is stored beside its parse result', async () => {
    const stored = await runExtract(services, { engine: 'local', resultId: parse.id, schema: SCHEMA });
    expect(stored).toMatchObject({ kind: 'extract', engine: 'local', sourceResultId: parse.id });
    expect(services.runs.cancel(RUN)).toBe(false);
  });

  it('v2 extract runs under the run id the window chose, so Cancel can name it while it goes', async () => {
    const going = runExtract(services, { engine: 'extract', runId: RUN, resultId: parse.id, schema: SCHEMA });
    await expect(services.runs.run(RUN, async () => null)).rejects.toMatchObject({ code: 'run_exists' });
    expect(await going).toMatchObject({ kind: 'extract', engine: 'extract', sourceResultId: parse.id });
  });
});
