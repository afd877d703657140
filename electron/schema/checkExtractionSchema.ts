import Ajv from 'ajv';
import { AppError } from '../../shared/errors.js';

const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: true });

/**
 * Checks a JSON Schema before an extraction spends credits: it must be a valid schema
 * (ajv against the meta-schema, refs resolvable) describing an object with properties.
 * Every problem is named with where it is, e.g. `/properties/total/type: must be equal to
 * one of the allowed values`. Runs in main: ajv compiles validators with `new Function`,
 * which the renderer's CSP rightly forbids.
 */
export function checkExtractionSchema(schema: Record<string, unknown>): void {
  const problems: Record<string, string> = {};
  if (!ajv.validateSchema(schema)) {
    for (const error of ajv.errors ?? []) {
      const at = error.instancePath || '/';
      problems[at] ??=
        `${error.message ?? 'is invalid'}${error.params && 'allowedValues' in error.params ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : ''}`;
    }
  } else {
    try {
      ajv.compile(schema);
    } catch (error) {
      problems['/'] = error instanceof Error ? error.message : String(error);
    }
  }
  if (schema.type !== undefined && schema.type !== 'object')
    problems['/type'] ??= 'the top level must be "object": extraction fills named fields';
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null || Object.keys(properties).length === 0) {
    problems['/properties'] ??= 'name at least one field to extract';
  }
  const entries = Object.entries(problems);
  if (entries.length === 0) return;
  throw new AppError({
    code: 'invalid_schema',
    message: `The schema has ${entries.length} problem${entries.length === 1 ? '' : 's'}: ${entries.map(([at, message]) => `${at} ${message}`).join('; ')}.`,
    hint: 'Fix the schema and extract again; nothing was sent.',
    fields: problems,
  });
}
