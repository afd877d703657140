import { extractRequestBodySchema, type ExtractRequestBody } from '../../../shared/contracts/v2Extract.js';
import { checkOutputSaveUrl, isHttpUrl } from '../../../shared/outputSaveUrl.js';
import { readJsonBody, v2Error } from '../httpKit.js';
import { EXTRACT_SNAPSHOTS, knownModels, resolveModel } from './models.js';

export interface ValidExtractRequest {
  body: ExtractRequestBody;
  markdown: string;
  model: string;
}

/**
 * The extract body is not shown in the contract; the emulator takes what the official
 * client sends, a JSON object (see shared/contracts/v2Extract.ts), and also accepts the
 * same fields as multipart form fields (`schema` and `options` as JSON text).
 */
export async function validateExtractRequest(raw: Buffer, form: FormData | null, asJob: boolean, now: number): Promise<ValidExtractRequest> {
  const bad = (message: string) => v2Error(422, 'validation_error', message);
  let value: unknown;
  if (form) {
    const fields: Record<string, unknown> = {};
    for (const [name, entry] of form.entries()) {
      if (typeof entry !== 'string') throw bad(`Form field "${name}" must be text.`);
      if (name === 'schema' || name === 'options') {
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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('The body must be a JSON object with a schema.');
  const parsed = extractRequestBodySchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') throw bad(`Unknown field(s): ${issue.keys.map((k) => [...issue.path, k].join('.')).join(', ')}.`);
    const path = issue.path.join('.') || 'body';
    throw bad(path === 'schema' ? 'schema must be a JSON object (a JSON Schema).' : `${path}: ${issue.message}`);
  }
  const body = parsed.data;
  if (!asJob && (body.output_save_url !== undefined || body.service_tier !== undefined)) {
    throw bad('output_save_url and service_tier are accepted only by POST /v2/extract/jobs.');
  }
  if ((body.markdown === undefined) === (body.markdown_url === undefined)) throw bad('Give exactly one of markdown and markdown_url.');
  if (body.markdown_url !== undefined && !isHttpUrl(body.markdown_url)) throw v2Error(422, 'invalid_url', `markdown_url must be an http(s) URL; got "${body.markdown_url}".`);
  const model = resolveModel(body.model, EXTRACT_SNAPSHOTS, 'extract');
  if (!model) throw v2Error(422, 'unknown_model_version', `Unknown model "${body.model}". Known: ${knownModels(EXTRACT_SNAPSHOTS).join(', ')}.`);
  if (body.output_save_url !== undefined) {
    const check = checkOutputSaveUrl(body.output_save_url, 0, now);
    if (!check.ok) throw v2Error(422, check.code, check.message);
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
