import type { ParseOptions } from '../../../shared/contracts/v2Parse.js';
import { declaresEncryption } from '../encryptedPdf.js';
import { documentPageCount } from '../parseResult/deterministicBuilder.js';
import { formFile, formString, v2Error, type FormFile } from '../httpKit.js';
import { documentKind } from '../rules/documentKind.js';
import { isWebUrl, judgeOutputSaveUrl } from '../rules/outputSaveUrl.js';
import { readParseOptions } from '../rules/parseOptions.js';
import { knownModels, PARSE_SNAPSHOTS, resolveModel } from './models.js';

export interface ValidParseRequest {
  document: FormFile;
  model: string;
  options: ParseOptions;
  pageCount: number;
  outputSaveUrl?: string;
  serviceTier: 'standard' | 'priority';
}

const SYNC_FIELDS = ['document', 'document_url', 'model', 'options'];
const JOB_FIELDS = [...SYNC_FIELDS, 'output_save_url', 'service_tier'];

/**
 * Every 422 of a parse request (v2.errors.validation-422), in the order a request is read. Codes are the
 * contract's: `validation_error`, `unknown_model_version`, `invalid_url`.
 */
export async function validateParseRequest(form: FormData | null, asJob: boolean, now: number): Promise<ValidParseRequest> {
  const bad = (message: string) => v2Error(422, 'validation_error', message);
  if (!form) throw bad('The body must be multipart/form-data with a document or document_url field.');
  const allowed = asJob ? JOB_FIELDS : SYNC_FIELDS;
  for (const name of new Set(form.keys())) {
    if (!allowed.includes(name)) {
      const onlyOnJobs = name === 'output_save_url' || name === 'service_tier';
      throw bad(onlyOnJobs ? `${name} is accepted only by POST /v2/parse/jobs.` : `Unknown form field "${name}".`);
    }
  }

  const file = await formFile(form, 'document');
  const url = formString(form, 'document_url');
  if (file && url !== undefined) throw bad('Give exactly one of document and document_url, not both.');
  if (!file && url === undefined) throw bad('Give exactly one of document and document_url; neither was sent.');
  if (url !== undefined && !isWebUrl(url)) throw v2Error(422, 'invalid_url', `document_url must be an http(s) URL; got "${url}".`);

  const modelName = formString(form, 'model');
  // An empty `model=` names no model; absent means the default (v2.parse.model.names).
  if (modelName === '') throw bad('model is empty: leave the field out for the default model, or name one.');
  const model = resolveModel(modelName, PARSE_SNAPSHOTS, 'dpt-3-pro');
  if (!model) {
    throw v2Error(422, 'unknown_model_version', `Unknown model "${modelName}". Known: ${knownModels(PARSE_SNAPSHOTS).join(', ')}.`);
  }

  const read = readParseOptions(formString(form, 'options'));
  if (!read.ok) throw bad(read.message);
  const options = read.options;

  const document = file ?? (await download(url!));
  const kind = documentKind(document.bytes);
  if (!kind) throw bad(`"${document.filename}" is neither a PDF nor a supported image.`);
  if (kind === 'pdf' && (await declaresEncryption(document.bytes)))
    throw bad(`"${document.filename}" is encrypted; encrypted files are unsupported.`);
  let pageCount: number;
  try {
    pageCount = await documentPageCount(document.bytes);
  } catch {
    throw bad(`"${document.filename}" could not be read as a PDF.`);
  }
  const outOfRange = options.pages?.filter((p) => p > pageCount) ?? [];
  if (outOfRange.length > 0) throw bad(`options.pages: page ${outOfRange[0]} does not exist; the document has ${pageCount} page(s).`);
  const processed = options.pages ? new Set(options.pages).size : pageCount;

  const tier = formString(form, 'service_tier');
  if (tier !== undefined && tier !== 'standard' && tier !== 'priority')
    throw bad(`service_tier must be "standard" or "priority"; got "${tier}".`);
  const outputSaveUrl = formString(form, 'output_save_url');
  if (outputSaveUrl !== undefined) {
    const verdict = judgeOutputSaveUrl(outputSaveUrl, processed, now);
    if (!verdict.ok) throw v2Error(422, verdict.code, verdict.message);
  }
  return {
    document,
    model,
    options,
    pageCount,
    serviceTier: tier === 'priority' ? 'priority' : 'standard',
    ...(outputSaveUrl !== undefined ? { outputSaveUrl } : {}),
  };
}

async function download(url: string): Promise<FormFile> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw v2Error(422, 'invalid_url', `document_url could not be fetched: ${url}`);
  }
  if (!response.ok) throw v2Error(422, 'invalid_url', `document_url answered HTTP ${response.status}: ${url}`);
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'document');
  return { bytes: new Uint8Array(await response.arrayBuffer()), filename: name };
}
