/**
 * The extract request body (not shown in the contract; the fields the official client
 * sends): `schema` (a JSON object, required), exactly one of `markdown` and `markdown_url`,
 * `model` (not empty), `options {strict, grounding}`, and on `POST /v2/extract/jobs` only
 * `output_save_url`. `service_tier` exists on parse jobs only, so it is refused here.
 */
export interface ExtractBody {
  schema: Record<string, unknown>;
  markdown?: string;
  markdown_url?: string;
  model?: string;
  options?: { strict?: boolean; grounding?: boolean };
  output_save_url?: string;
}

export type ExtractBodyVerdict = { ok: true; body: ExtractBody } | { ok: false; message: string };

const COMMON = ['schema', 'markdown', 'markdown_url', 'model', 'options'];
const OPTION_KEYS = ['strict', 'grounding'];

export function readExtractBody(value: unknown, asJob: boolean): ExtractBodyVerdict {
  const bad = (message: string): ExtractBodyVerdict => ({ ok: false, message });
  if (!isPlainObject(value)) return bad('The body must be a JSON object with a schema.');
  if ('service_tier' in value) return bad('service_tier is accepted only by POST /v2/parse/jobs; extract jobs have no service tier.');
  if ('output_save_url' in value && !asJob) return bad('output_save_url is accepted only by POST /v2/extract/jobs.');
  const allowed = asJob ? [...COMMON, 'output_save_url'] : COMMON;
  const unknown = Object.keys(value).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) return bad(`Unknown field(s): ${unknown.join(', ')}.`);

  if (!isPlainObject(value.schema)) return bad('schema must be a JSON object (a JSON Schema).');
  for (const name of ['markdown', 'markdown_url', 'model', 'output_save_url']) {
    if (value[name] !== undefined && typeof value[name] !== 'string') return bad(`${name} must be a string.`);
  }
  // An empty model names no model; left out, the service picks its default.
  if (value.model === '') return bad('model is empty: leave it out for the default model, or name one.');
  const options = value.options;
  if (options !== undefined) {
    if (!isPlainObject(options)) return bad('options must be an object.');
    const extra = Object.keys(options).filter((k) => !OPTION_KEYS.includes(k));
    if (extra.length > 0) return bad(`Unknown field(s): ${extra.map((k) => `options.${k}`).join(', ')}.`);
    for (const flag of OPTION_KEYS)
      if (options[flag] !== undefined && typeof options[flag] !== 'boolean') return bad(`options.${flag} must be true or false.`);
  }
  if ((value.markdown === undefined) === (value.markdown_url === undefined)) return bad('Give exactly one of markdown and markdown_url.');
  return { ok: true, body: value as unknown as ExtractBody };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
