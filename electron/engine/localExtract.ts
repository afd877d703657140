import type { CodePointRange } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import { newJobId } from '../../shared/ulid.js';
import { countCodePoints } from './codePoints.js';
import { findLabelledValue } from './fieldFinder.js';

export type LocalFieldValue = string | number | boolean | null;

/** The v2 extract response shape (v2.extract.response), produced offline by label matching. */
export interface LocalExtractResponse {
  extraction: Record<string, LocalFieldValue>;
  extraction_metadata: Record<string, { ranges: CodePointRange[] }>;
  metadata: {
    doc_id: string;
    model_version: string;
    range_units: 'unicode_codepoints';
    input_markdown_chars: number;
    output_extraction_chars: number;
    billing: { total_credits: number };
  };
  warnings: string[];
  /** Says, for the UI, that this is a heuristic and not the cloud model. */
  note: string;
}

export const LOCAL_EXTRACT_MODEL = 'local-heuristic-1';
export const LOCAL_EXTRACT_NOTE =
  'Local heuristic, not the cloud model: each field is the first "Label: value" or "Label value" line (or label/value table cells) ' +
  'whose label matches the field name or its description. Check every value; run the cloud extractor for real extraction.';

type FlatType = 'string' | 'number' | 'integer' | 'boolean';
interface FlatField {
  name: string;
  type: FlatType;
  labels: string[];
}

const FLAT_TYPES: readonly string[] = ['string', 'number', 'integer', 'boolean'];
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function invalidSchema(message: string): AppError {
  return new AppError({
    code: 'unsupported_schema',
    message,
    hint: 'The local extractor handles flat schemas: an object whose properties are strings, numbers or booleans. Use the cloud extractor for others.',
  });
}

/** The flat fields of a schema; nested ones are skipped with a warning. */
function flatFields(schema: unknown, warnings: string[]): FlatField[] {
  if (!isRecord(schema) || !isRecord(schema.properties) || (schema.type !== undefined && schema.type !== 'object')) {
    throw invalidSchema('The schema must be a JSON schema object with "properties".');
  }
  const fields: FlatField[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const types = isRecord(property) ? (Array.isArray(property.type) ? property.type : [property.type]) : [];
    const type = types.find((t): t is FlatType => typeof t === 'string' && FLAT_TYPES.includes(t));
    if (!isRecord(property) || !type || types.some((t) => t !== type && t !== 'null')) {
      warnings.push(`Field "${name}" was skipped: the local extractor reads only string, number and boolean fields.`);
      continue;
    }
    const labels = [name];
    if (typeof property.description === 'string' && property.description.length <= 80) labels.push(property.description);
    if (typeof property.title === 'string') labels.push(property.title);
    fields.push({ name, type, labels });
  }
  if (fields.length === 0) throw invalidSchema('The schema has no string, number or boolean properties the local extractor can fill.');
  return fields;
}

/** "$1,234.50" → 1234.5; "(12)" stays unreadable on purpose. */
function toNumber(text: string): number | null {
  const cleaned = text.replace(/[^\d.,-]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const value = Number.parseFloat(cleaned.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

function toBoolean(text: string): boolean | null {
  const word = text.trim().toLowerCase();
  if (/^(yes|true|y|x|✓|✔|checked|on)$/u.test(word)) return true;
  if (/^(no|false|n|unchecked|off)$/u.test(word)) return false;
  return null;
}

/**
 * Extracts flat fields from parse Markdown offline. Values are the text after a matching
 * label; their ranges are code points of the Markdown, as the cloud extractor reports them.
 */
export function extractLocally(markdown: string, schema: unknown, options: { docId?: string } = {}): LocalExtractResponse {
  const warnings: string[] = [];
  const fields = flatFields(schema, warnings);
  const extraction: Record<string, LocalFieldValue> = {};
  const extractionMetadata: Record<string, { ranges: CodePointRange[] }> = {};
  for (const field of fields) {
    const value = findLabelledValue(markdown, field.labels);
    if (!value) {
      extraction[field.name] = null;
      extractionMetadata[field.name] = { ranges: [] };
      warnings.push(`Field "${field.name}" was not found.`);
      continue;
    }
    let typed: LocalFieldValue = value.text;
    if (field.type === 'number' || field.type === 'integer') typed = toNumber(value.text);
    if (field.type === 'boolean') typed = toBoolean(value.text);
    if (typed === null) warnings.push(`Field "${field.name}": "${value.text}" is not a ${field.type}.`);
    if (field.type === 'integer' && typeof typed === 'number' && !Number.isInteger(typed))
      warnings.push(`Field "${field.name}": ${typed} is not an integer.`);
    extraction[field.name] = typed;
    extractionMetadata[field.name] = { ranges: [{ start: value.start, end: value.end }] };
  }
  return {
    extraction,
    extraction_metadata: extractionMetadata,
    metadata: {
      doc_id: options.docId ?? newJobId('extract'),
      model_version: LOCAL_EXTRACT_MODEL,
      range_units: 'unicode_codepoints',
      input_markdown_chars: countCodePoints(markdown),
      output_extraction_chars: countCodePoints(JSON.stringify(extraction)),
      billing: { total_credits: 0 },
    },
    warnings,
    note: LOCAL_EXTRACT_NOTE,
  };
}
