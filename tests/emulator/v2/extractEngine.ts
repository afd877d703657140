import { codePointLength } from '../parseResult/codePoints.js';

/**
 * A small, deterministic extractor: a schema property `total_amount` (or its `title`)
 * is looked up as a "Label: value" line in the Markdown, case-insensitively, with `_`
 * read as a space. Found values carry their code-point range. It produces the partial-
 * success signals (v2.extract.partial): `warnings` for schema parts it cannot honour
 * (pruned unless `options.strict`, which makes them a 422) and for values that do not
 * fit their type, and `schema_violation_error` when a required field is not found.
 */
export interface ExtractionOutcome {
  extraction: Record<string, unknown>;
  extraction_metadata: Record<string, unknown>;
  warnings: { code: string; msg: string }[];
  schema_violation_error: string | null;
}

export class StrictSchemaError extends Error {}

const SUPPORTED_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

type Json = Record<string, unknown>;

export function runExtraction(markdown: string, schema: Json, options: { strict: boolean; grounding: boolean }): ExtractionOutcome {
  const warnings: ExtractionOutcome['warnings'] = [];
  const missingRequired: string[] = [];
  const result = extractObject(markdown, schema, '', options, warnings, missingRequired);
  return {
    extraction: result.values,
    extraction_metadata: result.metadata,
    warnings,
    schema_violation_error:
      missingRequired.length > 0 ? `Required field(s) not found in the markdown: ${missingRequired.join(', ')}.` : null,
  };
}

function extractObject(
  markdown: string,
  schema: Json,
  prefix: string,
  options: { strict: boolean; grounding: boolean },
  warnings: ExtractionOutcome['warnings'],
  missingRequired: string[],
): { values: Json; metadata: Json } {
  const values: Json = {};
  const metadata: Json = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  for (const [name, raw] of Object.entries(properties)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const prop = isObject(raw) ? raw : {};
    const type = typeof prop.type === 'string' ? prop.type : 'string';
    if (!SUPPORTED_TYPES.has(type)) {
      const msg = `Field "${path}" has unsupported type "${type}"; it was pruned from the schema.`;
      if (options.strict) throw new StrictSchemaError(msg);
      warnings.push({ code: 'nonconformant_schema', msg });
      continue;
    }
    if (type === 'object') {
      const nested = extractObject(markdown, prop, path, options, warnings, missingRequired);
      values[name] = nested.values;
      metadata[name] = nested.metadata;
      continue;
    }
    const found = findLabelled(markdown, labelsFor(name, prop));
    const ranges = found.map((f) => ({ start: f.start, end: f.end }));
    if (found.length === 0) {
      values[name] = null;
      metadata[name] = { value: null, ranges: options.grounding ? [] : null };
      if (required.includes(name)) missingRequired.push(path);
      continue;
    }
    const coerce = (text: string): unknown => {
      const itemType = type === 'array' && isObject(prop.items) && typeof prop.items.type === 'string' ? prop.items.type : type;
      if (itemType === 'number' || itemType === 'integer') {
        const n = readNumber(text);
        if (n === null || (itemType === 'integer' && !Number.isInteger(n))) {
          // A value that does not fit its type is not guessed at: null, and a warning naming the text.
          warnings.push({
            code: 'nonconformant_output',
            msg: `Field "${path}": "${text}" is not ${itemType === 'integer' ? 'an integer' : 'a number'}; returned null.`,
          });
          return null;
        }
        return n;
      }
      if (itemType === 'boolean') return /^(yes|true|✓|x)$/i.test(text);
      return text;
    };
    const value = type === 'array' ? found.map((f) => coerce(f.text)) : coerce(found[0]!.text);
    values[name] = value;
    metadata[name] = { value, ranges: options.grounding ? (type === 'array' ? ranges : ranges.slice(0, 1)) : null };
  }
  for (const name of required) if (!(name in properties)) missingRequired.push(prefix ? `${prefix}.${name}` : name);
  return { values, metadata };
}

/**
 * A number as a document writes it: an optional sign and currency symbol, digits with
 * optional thousands commas, an optional decimal part. Anything else (`abc`, `12 apples`,
 * an empty string) is not a number.
 */
function readNumber(text: string): number | null {
  const m = /^([+-]?)\s*[$€£¥]?\s*(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?$/u.exec(text.trim());
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  return Number(`${m[1]}${(m[2] ?? '0').replace(/,/g, '')}${m[3] ?? ''}`);
}

function labelsFor(name: string, prop: Json): string[] {
  const labels = [name, name.replace(/_/g, ' '), name.replace(/([a-z])([A-Z])/g, '$1 $2')];
  if (typeof prop.title === 'string') labels.push(prop.title);
  return [...new Set(labels.map((l) => l.toLowerCase()))];
}

function findLabelled(markdown: string, labels: string[]): { text: string; start: number; end: number }[] {
  const found: { text: string; start: number; end: number }[] = [];
  const escaped = labels.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ _]'));
  const pattern = new RegExp(`^[ \\t>*-]*(?:${escaped.join('|')})[ \\t]*:[ \\t]*(\\S[^\\n]*?)[ \\t]*$`, 'gimu');
  for (const match of markdown.matchAll(pattern)) {
    const text = match[1]!;
    const unitIndex = match.index + match[0].indexOf(text, match[0].indexOf(':') + 1);
    const start = codePointLength(markdown.slice(0, unitIndex));
    found.push({ text, start, end: start + codePointLength(text) });
  }
  return found;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
