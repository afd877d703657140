import { readFileSync } from 'node:fs';
import type { RunningPreview } from '../tests/support/preview.js';

/** Puts the document and its results into the preview's workspace through the bridge, as the import button does. */
export async function seed(preview: RunningPreview, files: { pdf: string; parse: string; extract: string }): Promise<void> {
  const call = async (channel: string, request: unknown) => {
    const response = await fetch(`${preview.origin}/__bridge/invoke/${channel}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Groundwork-Token': preview.token },
      body: JSON.stringify(request),
    });
    const body = (await response.json()) as { ok: boolean; value?: { id: string }; error?: unknown };
    if (!body.ok) throw new Error(`${channel}: ${JSON.stringify(body.error)}`);
    return body.value!;
  };
  const document = await call('documents:import', { name: 'large.pdf', bytes: { $bytes: readFileSync(files.pdf).toString('base64') } });
  const parse = await call('results:import', { documentId: document.id, fileName: 'large-parse.json', text: readFileSync(files.parse, 'utf8') });
  await call('results:import', { documentId: document.id, fileName: 'large-extract.json', text: readFileSync(files.extract, 'utf8'), sourceResultId: parse.id });
}
