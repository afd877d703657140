import { randomUUID } from 'node:crypto';
import type { DocumentInfo } from '../../shared/document.js';
import type { StoredResult } from '../../shared/result.js';
import type { SampleName } from '../../shared/ipc/runs.js';
import { DEFAULT_SAMPLE, readSample } from '../core/samples.js';
import type { Services } from './services.js';
import { runLocalParse } from '../runs/localParse.js';

/**
 * First run and "Try a sample": the sample goes into the workspace like any document and
 * gets a local parse, so the whole review flow works before any key exists. A sample
 * already parsed opens its latest local result instead of parsing again. No name: the default sample.
 */
export async function openSample(
  services: Services,
  name: SampleName = DEFAULT_SAMPLE,
): Promise<{ document: DocumentInfo; result: StoredResult }> {
  const document = await services.workspace.addDocument(name, await readSample(services.samplesDir, name));
  const entry = (await services.workspace.library()).find((e) => e.document.id === document.id);
  const previous = entry?.results.find((r) => r.engine === 'local' && r.kind === 'parse');
  if (previous) return { document, result: await services.workspace.result(previous.id) };
  const runId = randomUUID();
  const result = await services.runs.run(runId, (signal) => runLocalParse(services, { runId, documentId: document.id }, signal), 'local');
  return { document, result };
}
