import { readJsonBody, v2Error } from '../httpKit.js';
import { readExtractBody, type ExtractBody } from '../rules/extractBody.js';
import { isWebUrl, judgeOutputSaveUrl } from '../rules/outputSaveUrl.js';
import { EXTRACT_SNAPSHOTS, knownModels, resolveModel } from './models.js';

export interface ValidExtractRequest {
  body: ExtractBody;
  markdown: string;
  model: string;
}

/**
 * The extract body is not shown in the contract; the emulator takes what the official
 * client sends, a JSON object (see ../rules/extractBody.ts), and also accepts the same
 * fields as multipart form fields (`schema` and `options` as JSON text).
 */
export async function validateExtractRequest(
  raw: Buffer,
  form: FormData | null,
  asJob: boolean,
  now: number,
): Promise<ValidExtractRequest> {
  const bad = (message: string) => v2Error(422, 'validation_error', message);
  let value: unknown;
  if (form) {
    const fields: Record<string, unknown> = {};
    for (const [name, entry] of form.entries()) {
      if (typeof entry !== 'string') throw bad(`Form field "${name}" must be text.`);
      if (name === 'schema' || name === 'options') {
        if (entry.trim() === '') throw bad(`${name} is empty: send a JSON object, or leave options out.`);
        try {
          fields[name] = JSON.parse(entry);
        } catch {
          throw bad(`${name} must be JSON.`);
        }
      } else fields[name] = entry;
    }
    value = fields;
  } else {
    const json = readJsonBody(raw);
    if (!json.ok) throw bad('The body must be JSON.');
    value = json.value;
  }
  const read = readExtractBody(value, asJob);
  if (!read.ok) throw bad(read.message);
  const body = read.body;
  if (body.markdown_url !== undefined && !isWebUrl(body.markdown_url))
    throw v2Error(422, 'invalid_url', `markdown_url must be an http(s) URL; got "${body.markdown_url}".`);
  const model = resolveModel(body.model, EXTRACT_SNAPSHOTS, 'extract');
  if (!model)
    throw v2Error(422, 'unknown_model_version', `Unknown model "${body.model}". Known: ${knownModels(EXTRACT_SNAPSHOTS).join(', ')}.`);
  if (body.output_save_url !== undefined) {
    // Extraction reads Markdown, not a document: no pages, so the window is the 15-minute floor.
    const verdict = judgeOutputSaveUrl(body.output_save_url, 0, now);
    if (!verdict.ok) throw v2Error(422, verdict.code, verdict.message);
  }
  const markdown = body.markdown ?? (await downloadText(body.markdown_url!));
  return { body, markdown, model };
}

async function downloadText(url: string): Promise<string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.text();
  } catch (error) {
    throw v2Error(422, 'invalid_url', `markdown_url could not be fetched (${error instanceof Error ? error.message : 'error'}): ${url}`);
  }
}
