import { extractOptionsSchema, type ExtractOptions, type ExtractRequestBody } from '../../../shared/contracts/v2Extract.js';
import { isHttpUrl } from '../../../shared/outputSaveUrl.js';
import { preflightError } from './preflightError.js';
import { saveUrlWarnings } from './saveUrlPreflight.js';

export interface ExtractInput {
  /** A JSON Schema object, or its JSON text. */
  schema: Record<string, unknown> | string;
  markdown?: string;
  markdown_url?: string;
  model?: string;
  options?: ExtractOptions;
}

/** `service_tier` exists on parse jobs only, so an extract job has no such field. */
export interface ExtractJobInput extends ExtractInput {
  output_save_url?: string;
}

/**
 * Checks an extract request and builds the JSON body the official client sends (see
 * shared/contracts/v2Extract.ts). Extract has no pages, so the output_save_url window is
 * the 15-minute floor.
 */
export function checkExtractInput(input: ExtractJobInput, now: number = Date.now()): { body: ExtractRequestBody; warnings: string[] } {
  const schema = checkJsonSchemaObject(input.schema, 'schema');
  if ((input.markdown === undefined) === (input.markdown_url === undefined)) {
    throw preflightError(
      'validation_error',
      'markdown',
      'Give exactly one of markdown and markdown_url.',
      'Send the parsed Markdown, or a URL where it can be fetched.',
    );
  }
  if (input.markdown_url !== undefined && !isHttpUrl(input.markdown_url)) {
    throw preflightError(
      'invalid_url',
      'markdown_url',
      `markdown_url must be an http(s) URL; got "${input.markdown_url}".`,
      'Use a publicly reachable http:// or https:// address.',
    );
  }
  // v2.extract.request-body: an empty model names none; left out, the service picks its default.
  if (input.model !== undefined && !input.model.trim()) {
    throw preflightError(
      'validation_error',
      'model',
      'The model name is empty.',
      'Leave it unset for the default model, or name one (e.g. extract-latest).',
    );
  }
  if (input.options !== undefined && !extractOptionsSchema.safeParse(input.options).success) {
    throw preflightError(
      'unknown_option',
      'options',
      'Extract options accept only strict and grounding (booleans).',
      'Remove the other keys.',
    );
  }
  const warnings: string[] = [];
  if (input.output_save_url !== undefined) warnings.push(...saveUrlWarnings(input.output_save_url, 0, now));
  const body: ExtractRequestBody = { schema };
  if (input.markdown !== undefined) body.markdown = input.markdown;
  if (input.markdown_url !== undefined) body.markdown_url = input.markdown_url;
  if (input.model !== undefined) body.model = input.model;
  if (input.options !== undefined) body.options = input.options;
  if (input.output_save_url !== undefined) body.output_save_url = input.output_save_url;
  return { body, warnings };
}

/** A JSON Schema must be a JSON object: not an array, not a scalar, not unparsable text. */
export function checkJsonSchemaObject(value: Record<string, unknown> | string, field: string): Record<string, unknown> {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      throw preflightError(
        'invalid_schema',
        field,
        `${field} is not valid JSON: ${(error as Error).message}.`,
        'Paste the schema as a JSON object, e.g. {"type":"object","properties":{…}}.',
      );
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw preflightError(
      'invalid_schema',
      field,
      `${field} must be a JSON object.`,
      'Give a JSON Schema object, e.g. {"type":"object","properties":{…}}.',
    );
  }
  return parsed as Record<string, unknown>;
}
