import { readFileSync } from 'node:fs';
import { invokeBridge, type RunningPreview } from '../tests/support/preview.js';

/** Puts the document and its results into the preview's workspace through the bridge, as the import button does. */
export async function seed(preview: RunningPreview, files: { pdf: string; parse: string; extract: string }): Promise<void> {
  const call = (channel: string, request: unknown) => invokeBridge(preview, channel, request);
  const document = await call('documents:import', { name: 'large.pdf', bytes: { $bytes: readFileSync(files.pdf).toString('base64') } });
  const parse = await call('results:import', {
    documentId: document.id,
    fileName: 'large-parse.json',
    text: readFileSync(files.parse, 'utf8'),
  });
  await call('results:import', {
    documentId: document.id,
    fileName: 'large-extract.json',
    text: readFileSync(files.extract, 'utf8'),
    sourceResultId: parse.id,
  });
}
