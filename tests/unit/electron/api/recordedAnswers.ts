/**
 * Answers in the real service's shape, written from the official package's types and README
 * (not from the emulator), and typed with them so the compiler checks every fixture: written
 * out as literals, not built by the shared fixture helpers, whose generic results the compiler
 * would not check for a misspelled field. The app's
 * v2 client is run against these from a plain loopback server, so a client mistake that the
 * emulator happens to share still shows.
 */
import type { V2Grounding, V2GroundingBox, V2ParseElement, V2Range } from 'landingai-ade/resources/v2/types';
import type { WireError, WireExtractResult, WireJob, WireJobCreated, WireJobList, WireParseResponse } from '../../../support/wireTypes.js';

export const JOB_ID = 'parse-01jz8k3m4n5p6q7r8s9t0v1w2x';
export const EXTRACT_JOB_ID = 'extract-01jz8k3m4n5p6q7r8s9t0v1w2y';

const MARKDOWN = [
  '## Invoice 7 🧾',
  'Total: 12.50 €\nPaid: no',
  '<table><tr><td>Item</td><td>Qty</td></tr><tr><td>Pens</td><td>4</td></tr></table>',
  '<::logo: Northwind::>',
  '<::A bar chart of monthly totals.: figure::>',
  '— 1 —',
  '## Notes',
].join('\n\n');

/** The code-point range of the `n`th occurrence of `text` in the Markdown. */
function range(text: string, n = 0, markdown = MARKDOWN): V2Range {
  let at = -1;
  for (let i = 0; i <= n; i++) at = markdown.indexOf(text, at + 1);
  if (at < 0) throw new Error(`fixture text not found: ${text}`);
  const start = Array.from(markdown.slice(0, at)).length;
  return { start, end: start + Array.from(text).length };
}

const box = (xmin: number, ymin: number, xmax: number, ymax: number): V2GroundingBox => ({ xmin, ymin, xmax, ymax });
const ground = (page: number, text: string, b: V2GroundingBox, n = 0): V2Grounding => ({ page, range: range(text, n), box: b });
const span = (g: V2Grounding): [number, number] => [g.range.start, g.range.end];
const word = (page: number, text: string, b: V2GroundingBox, confidence: number, n = 0): V2Grounding => ({
  ...ground(page, text, b, n),
  confidence,
});

function element(type: V2ParseElement['type'], id: string, grounding: V2Grounding, rest: Partial<V2ParseElement> = {}): V2ParseElement {
  return { type, id, span: span(grounding), grounding, ...rest };
}

const cell = (id: string, text: string, row: number, col: number, b: V2GroundingBox, confidence: number): V2ParseElement =>
  element('table_cell', id, ground(1, text, b), { row, col, rowspan: 1, colspan: 1, atomic_grounding: [word(1, text, b, confidence)] });

const page1Text = ground(
  1,
  '## Invoice 7 🧾\n\nTotal: 12.50 €\nPaid: no\n\n<table><tr><td>Item</td><td>Qty</td></tr><tr><td>Pens</td><td>4</td></tr></table>\n\n<::logo: Northwind::>\n\n<::A bar chart of monthly totals.: figure::>\n\n— 1 —',
  box(0, 0, 1, 1),
);

/** A dpt-3-verity parse of a two-page document: word grounding with confidence, every element type the app shows. */
export const PARSE_VERITY: WireParseResponse = {
  markdown: MARKDOWN,
  metadata: {
    job_id: 'parse-01jz8k3m4n5p6q7r8s9t0v1w2z',
    filename: 'invoice.pdf',
    version: 'dpt-3-verity-20251103',
    model_version: 'dpt-3-verity-20251103',
    page_count: 2,
    duration_ms: 1840,
    failed_pages: [],
    output_markdown_chars: Array.from(MARKDOWN).length,
    range_units: 'unicode_codepoints',
    openapi_spec: 'https://api.ade.landing.ai/v2/openapi.json',
    billing: { service_tier: 'standard', total_credits: 6 },
  },
  structure: {
    type: 'document',
    children: [
      {
        type: 'page',
        page: 1,
        status: 'ok',
        reason: '',
        span: span(page1Text),
        grounding: page1Text,
        children: [
          element('text', 'text-0', ground(1, '## Invoice 7 🧾', box(0.1, 0.05, 0.5, 0.09)), {
            atomic_grounding: [
              word(1, 'Invoice', box(0.15, 0.05, 0.3, 0.09), 0.97),
              word(1, '7', box(0.31, 0.05, 0.34, 0.09), 0.42),
              word(1, '🧾', box(0.35, 0.05, 0.4, 0.09), 0.88),
            ],
          }),
          element('text', 'text-1', ground(1, 'Total: 12.50 €\nPaid: no', box(0.1, 0.12, 0.45, 0.18)), {
            atomic_grounding: [
              word(1, 'Total:', box(0.1, 0.12, 0.2, 0.15), 0.99),
              word(1, '12.50', box(0.21, 0.12, 0.3, 0.15), 0.51),
              word(1, '€', box(0.31, 0.12, 0.33, 0.15), 0.93),
              word(1, 'Paid:', box(0.1, 0.15, 0.18, 0.18), 0.98),
              word(1, 'no', box(0.19, 0.15, 0.23, 0.18), 0.95),
            ],
          }),
          element(
            'table',
            'table-0',
            ground(1, '<table><tr><td>Item</td><td>Qty</td></tr><tr><td>Pens</td><td>4</td></tr></table>', box(0.1, 0.22, 0.9, 0.3)),
            {
              children: [
                cell('table_cell-0', 'Item', 0, 0, box(0.1, 0.22, 0.5, 0.26), 0.99),
                cell('table_cell-1', 'Qty', 0, 1, box(0.5, 0.22, 0.9, 0.26), 0.97),
                cell('table_cell-2', 'Pens', 1, 0, box(0.1, 0.26, 0.5, 0.3), 0.94),
                cell('table_cell-3', '4', 1, 1, box(0.5, 0.26, 0.9, 0.3), 0.38),
              ],
            },
          ),
          element('logo', 'logo-0', ground(1, '<::logo: Northwind::>', box(0.75, 0.03, 0.92, 0.08)), {
            atomic_grounding: [ground(1, 'Northwind', box(0.75, 0.03, 0.92, 0.08))],
          }),
          element('figure', 'figure-0', ground(1, '<::A bar chart of monthly totals.: figure::>', box(0.1, 0.35, 0.7, 0.6)), {
            atomic_grounding: [ground(1, 'A bar chart of monthly totals.', box(0.1, 0.35, 0.7, 0.6))],
          }),
          element('marginalia', 'marginalia-0', ground(1, '— 1 —', box(0.45, 0.95, 0.55, 0.98)), {
            atomic_grounding: [
              {
                page: 1,
                range: { start: range('— 1 —').start + 2, end: range('— 1 —').start + 3 },
                box: box(0.49, 0.95, 0.51, 0.98),
                confidence: 0.9,
              },
            ],
          }),
        ],
      },
      {
        type: 'page',
        page: 2,
        status: 'ok',
        reason: '',
        span: span(ground(2, '## Notes', box(0, 0, 1, 1))),
        grounding: ground(2, '## Notes', box(0, 0, 1, 1)),
        children: [
          element('text', 'text-2', ground(2, '## Notes', box(0.1, 0.05, 0.4, 0.09)), {
            atomic_grounding: [word(2, 'Notes', box(0.16, 0.05, 0.4, 0.09), 0.96)],
          }),
        ],
      },
    ],
  },
};

const PARTIAL_MARKDOWN = MARKDOWN.slice(0, MARKDOWN.indexOf('\n\n## Notes'));
const PARTIAL_END = Array.from(PARTIAL_MARKDOWN).length;

/** A 206: page 2 failed, with its reason, and its text gone from the Markdown; page 1 as above. */
export const PARSE_PARTIAL: WireParseResponse = {
  ...PARSE_VERITY,
  markdown: PARTIAL_MARKDOWN,
  metadata: { ...PARSE_VERITY.metadata, failed_pages: [2], output_markdown_chars: PARTIAL_END, billing: { total_credits: 3 } },
  structure: {
    type: 'document',
    children: [
      PARSE_VERITY.structure!.children![0]!,
      {
        type: 'page',
        page: 2,
        status: 'failed',
        reason: 'The page could not be rendered.',
        span: [PARTIAL_END, PARTIAL_END],
        grounding: { page: 2, range: { start: PARTIAL_END, end: PARTIAL_END }, box: box(0, 0, 1, 1) },
        children: [],
      },
    ],
  },
};

export const JOB_CREATED: WireJobCreated = { job_id: JOB_ID, status: 'pending', created_at: '2025-11-20T10:00:00.000Z' };

export const JOB_PROCESSING: WireJob<WireParseResponse> = {
  job_id: JOB_ID,
  status: 'processing',
  created_at: '2025-11-20T10:00:00.000Z',
  completed_at: null,
  model_version: 'dpt-3-verity-20251103',
  progress: 0.42,
};

export const JOB_COMPLETED: WireJob<WireParseResponse> = {
  ...JOB_PROCESSING,
  status: 'completed',
  completed_at: '2025-11-20T10:00:09.500Z',
  progress: 0.98,
  result: { ...PARSE_VERITY, metadata: { ...PARSE_VERITY.metadata, job_id: JOB_ID } },
};

export const JOB_FAILED: WireJob<WireParseResponse> = {
  ...JOB_PROCESSING,
  status: 'failed',
  completed_at: '2025-11-20T10:00:03.000Z',
  error: { code: 'document_unreadable', message: 'The document could not be read.' },
};

export const JOB_LIST: WireJobList = {
  jobs: [
    {
      job_id: JOB_ID,
      status: 'completed',
      created_at: '2025-11-20T10:00:00.000Z',
      completed_at: '2025-11-20T10:00:09.500Z',
      model_version: 'dpt-3-verity-20251103',
    },
    {
      job_id: 'parse-01jz8k3m4n5p6q7r8s9t0v1w30',
      status: 'failed',
      created_at: '2025-11-20T09:00:00.000Z',
      completed_at: '2025-11-20T09:00:02.000Z',
      model_version: 'dpt-3-pro-20251103',
      failure_reason: 'The document could not be read.',
    },
  ],
  has_more: true,
  page: 0,
  page_size: 2,
};

const EXTRACT_MARKDOWN = 'Invoice number: INV-7\nTotal: 12.50';

export const EXTRACT_PARTIAL: WireExtractResult = {
  extraction: { invoice_number: 'INV-7', total: 12.5, due_date: null },
  extraction_metadata: {
    invoice_number: { value: 'INV-7', ranges: [range('INV-7', 0, EXTRACT_MARKDOWN)] },
    total: { value: 12.5, ranges: [range('12.50', 0, EXTRACT_MARKDOWN)] },
    due_date: { value: null, ranges: [] },
  },
  markdown: EXTRACT_MARKDOWN,
  metadata: {
    job_id: 'extract-01jz8k3m4n5p6q7r8s9t0v1w31',
    version: 'extract-20251024',
    model_version: 'extract-20251024',
    duration_ms: 920,
    doc_id: null,
    range_units: 'unicode_codepoints',
    openapi_spec: 'https://api.ade.landing.ai/v2/openapi.json',
    input_markdown_chars: Array.from(EXTRACT_MARKDOWN).length,
    output_extraction_chars: 58,
    billing: { total_credits: 1, input_markdown_chars: Array.from(EXTRACT_MARKDOWN).length, output_extraction_chars: 58 },
  },
  schema_violation_error: "Required field 'due_date' was not found.",
  warnings: [{ code: 'nonconformant_output', msg: 'total was a string; read as a number.' }],
};

export const ERRORS = {
  unauthorized: { code: 'invalid_api_key', message: 'The API key is not valid.' },
  unknownModel: { code: 'unknown_model_version', message: "Unknown model 'dpt-9'." },
  notFound: { code: 'not_found', message: 'No such job.' },
  rateLimited: { code: 'rate_limit_exceeded', message: 'Too many requests.' },
} satisfies Record<string, WireError>;
