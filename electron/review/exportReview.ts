import { flattenFields } from '../../shared/grounding/fields.js';
import type { Review, StoredResult } from '../../shared/workspace.js';

export interface ReviewExport {
  fileName: string;
  mime: string;
  content: string;
}

interface Row {
  field: string;
  model_value: unknown;
  status: string;
  reviewer_value: unknown;
  note: string;
}

/** Rows of the export: every field with the model's value and the reviewer's (the model's if accepted, none if rejected). */
function rows(extraction: StoredResult, review: Review): Row[] {
  const response = extraction.response as { extraction?: unknown; extraction_metadata?: unknown; data?: { extracted_schema?: unknown; extraction_metadata?: unknown } };
  const fields =
    extraction.kind === 'analyzer'
      ? flattenFields(response.data?.extracted_schema, response.data?.extraction_metadata)
      : flattenFields(response.extraction, response.extraction_metadata);
  return fields.map((field) => {
    const decision = review.fields[field.path];
    const reviewerValue =
      decision?.status === 'corrected' ? decision.correctedValue ?? '' : decision?.status === 'accepted' ? field.value : null;
    return { field: field.path, model_value: field.value, status: decision?.status ?? 'unreviewed', reviewer_value: reviewerValue, note: decision?.note ?? '' };
  });
}

export function exportReview(extraction: StoredResult, review: Review, documentName: string, format: 'json' | 'csv'): ReviewExport {
  const table = rows(extraction, review);
  const base = `${documentName.replace(/\.[^.]+$/, '')}-review`;
  if (format === 'json') {
    const content = JSON.stringify(
      {
        document: documentName,
        extraction: { id: extraction.id, engine: extraction.engine, model_version: extraction.modelVersion, created_at: extraction.createdAt },
        reviewed: table.filter((r) => r.status !== 'unreviewed').length,
        total: table.length,
        fields: table,
      },
      null,
      2,
    );
    return { fileName: `${base}.json`, mime: 'application/json', content };
  }
  const header = ['field', 'model_value', 'status', 'reviewer_value', 'note'];
  const lines = [header, ...table.map((r) => [r.field, r.model_value, r.status, r.reviewer_value, r.note])].map((cells) => cells.map(csvCell).join(','));
  return { fileName: `${base}.csv`, mime: 'text/csv', content: `${lines.join('\r\n')}\r\n` };
}

/** RFC 4180 quoting; text starting with = + - @ (not a plain number) gets a leading ' so a spreadsheet never runs it as a formula. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
