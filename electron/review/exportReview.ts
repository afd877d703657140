import { csvText } from '../../shared/csv.js';
import { flattenFields, type FieldEntry } from '../../shared/grounding/fields.js';
import { groundField } from '../../shared/grounding/groundField.js';
import type { PageBox } from '../../shared/grounding/box.js';
import type { ReviewExport } from '../../shared/ipc/reviews.js';
import type { StoredResult } from '../../shared/result.js';
import type { Review } from '../../shared/review.js';
import type { ExportSource } from './exportSource.js';
import type { RuleResult } from '../../shared/rules/evaluateRules.js';
import { decisionOf } from '../../shared/reviewFields.js';

/** A box as exported: 1-based page, fractions of the page (0–1, origin top left); `valid: false` only when the service's box was out of range. */
type ExportBox = Pick<PageBox, 'page' | 'left' | 'top' | 'right' | 'bottom'> & { valid?: false };

interface Row {
  field: string;
  model_value: unknown;
  status: string;
  reviewer_value: unknown;
  note: string;
  pages: number[];
  boxes: ExportBox[];
  /** The exact Markdown text of the field's ranges (" … " between ranges); null when there is no source to read it from. */
  source_text: string | null;
}

function fieldsOf(extraction: StoredResult): FieldEntry[] {
  const response = extraction.response as {
    extraction?: unknown;
    extraction_metadata?: unknown;
    data?: { extracted_schema?: unknown; extraction_metadata?: unknown };
  };
  return extraction.kind === 'analyzer'
    ? flattenFields(response.data?.extracted_schema, response.data?.extraction_metadata)
    : flattenFields(response.extraction, response.extraction_metadata);
}

/** Rows of the export: every field with the model's value, the reviewer's (the model's if accepted, none if rejected) and where it came from. */
function rows(extraction: StoredResult, review: Review, source: ExportSource): Row[] {
  return fieldsOf(extraction).map((field) => {
    const decision = decisionOf(review.fields, field.path);
    const reviewerValue =
      decision?.status === 'corrected' ? (decision.correctedValue ?? '') : decision?.status === 'accepted' ? field.value : null;
    const grounded = source.model ? groundField(source.model, field) : null;
    return {
      field: field.path,
      model_value: field.value,
      status: decision?.status ?? 'unreviewed',
      reviewer_value: reviewerValue,
      note: decision?.note ?? '',
      pages: grounded?.pages ?? [],
      boxes: (grounded?.boxes ?? []).map(({ page, left, top, right, bottom, valid }) => ({
        page,
        left,
        top,
        right,
        bottom,
        ...(valid ? {} : { valid: false as const }),
      })),
      source_text: grounded ? grounded.text : null,
    };
  });
}

export function exportReview(
  extraction: StoredResult,
  review: Review,
  documentName: string,
  format: 'json' | 'csv',
  source: ExportSource,
  rules: readonly RuleResult[] | null = null,
  /** The schema's rules file, relative to the workspace, when it could not be read: said in place of the rules. */
  rulesUnreadable: string | null = null,
): ReviewExport {
  const rulesNote = rulesUnreadable ? `rules unreadable: ${rulesUnreadable}` : null;
  const table = rows(extraction, review, source);
  const base = `${documentName.replace(/\.[^.]+$/, '')}-review`;
  if (format === 'json') {
    const content = JSON.stringify(
      {
        document: documentName,
        extraction: {
          id: extraction.id,
          engine: extraction.engine,
          model_version: extraction.modelVersion,
          created_at: extraction.createdAt,
        },
        source: source.model ? { result_id: source.resultId } : { result_id: null, grounding_missing: source.reason },
        box_units: 'fractions of the page (0–1, origin top left); pages are 1-based',
        reviewed: table.filter((r) => r.status !== 'unreviewed').length,
        total: table.length,
        fields: table,
        ...(rulesNote ? { rules: rulesNote } : {}),
        ...(rules
          ? {
              rules: rules.map((r) => ({
                line: r.line,
                rule: r.rule,
                status: r.status,
                message: r.message,
                values: r.values,
                fields: r.paths,
              })),
            }
          : {}),
      },
      null,
      2,
    );
    return { fileName: `${base}.json`, mime: 'application/json', content };
  }
  const header = ['field', 'model_value', 'status', 'reviewer_value', 'note', 'pages', 'boxes', 'source_text'];
  const cells = (r: Row) => [
    r.field,
    r.model_value,
    r.status,
    r.reviewer_value,
    r.note,
    r.pages.join(' '),
    r.boxes.map(compactBox).join('; '),
    r.source_text,
  ];
  const csv = csvText([header, ...table.map(cells)]);
  if (rulesNote) return { fileName: `${base}.csv`, mime: 'text/csv', content: `${csv}\r\n${csvText([[rulesNote]])}` };
  if (!rules || rules.length === 0) return { fileName: `${base}.csv`, mime: 'text/csv', content: csv };
  // The rules follow the fields as a second table after one empty line: a spreadsheet shows both.
  const ruleHeader = ['rule_line', 'rule', 'rule_status', 'message', 'values', 'fields'];
  const ruleCells = (r: RuleResult) => [
    r.line,
    r.rule,
    r.status,
    r.message,
    r.values.map((v) => `${v.path}=${typeof v.value === 'string' ? v.value : JSON.stringify(v.value)}`).join('; '),
    r.paths.join(' '),
  ];
  return { fileName: `${base}.csv`, mime: 'text/csv', content: `${csv}\r\n${csvText([ruleHeader, ...rules.map(ruleCells)])}` };
}

/** `p1:0.102,0.220,0.380,0.241` — page, then left, top, right, bottom; a spreadsheet cell stays readable. */
function compactBox(box: ExportBox): string {
  return `p${box.page}:${[box.left, box.top, box.right, box.bottom].map((v) => v.toFixed(3)).join(',')}`;
}
