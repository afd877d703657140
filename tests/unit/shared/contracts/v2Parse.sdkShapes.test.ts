import { describe, expect, it } from 'vitest';
import { completeParseResponse, parseResponseSchema, type WireParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { extractResponseSchema } from '../../../../shared/contracts/v2Extract.js';
import { modelOfResult } from '../../../../shared/grounding/resultModel.js';

// Parse (and extract) answers with every null the official SDK's types allow.

describe('parse and extract answers with nulls (v2.parse.null-markdown)', () => {
  const answer = () => ({
    markdown: 'Total 42',
    metadata: {
      filename: null,
      job_id: null,
      page_count: null,
      duration_ms: null,
      failed_pages: null,
      billing: null,
      output_markdown_chars: null,
    },
    structure: {
      children: [
        {
          page: 1,
          reason: null,
          width: null,
          height: null,
          dpi: null,
          grounding: { page: 1, range: { start: 0, end: 8 }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
          children: [
            {
              type: 'text',
              id: 'text-0',
              atomic_grounding: null,
              children: null,
              markdown: null,
              row: null,
              col: null,
              rowspan: null,
              colspan: null,
              grounding: { page: 1, range: { start: 0, end: 8 }, box: { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.2 }, confidence: null },
            },
          ],
        },
      ],
    },
  });

  it('reads every node, unflagged: a null is "not given"', () => {
    const value = answer();
    expect(parseResponseSchema.safeParse(value).success).toBe(true);
    const model = modelOfResult({ kind: 'parse', response: completeParseResponse(value as unknown as WireParseResponse) });
    const text = [...model.nodes.values()].find((n) => n.id === 'text-0');
    expect(text?.flags).toEqual([]);
    expect(text?.page).toBe(1);
  });

  it('reads an answer without markdown or structure as an empty document', () => {
    const value = { markdown: null, metadata: { duration_ms: null }, structure: null };
    expect(parseResponseSchema.safeParse(value).success).toBe(true);
    const model = modelOfResult({ kind: 'parse', response: completeParseResponse(value) });
    expect(model.pages).toEqual([]);
  });

  it('reads extract metadata with nulls', () => {
    const value = {
      extraction: { total: 42 },
      extraction_metadata: { total: { ranges: null } },
      markdown: 'Total 42',
      metadata: {
        job_id: null,
        doc_id: null,
        duration_ms: null,
        billing: null,
        input_markdown_chars: null,
        output_extraction_chars: null,
      },
      schema_violation_error: null,
    };
    expect(extractResponseSchema.safeParse(value).success).toBe(true);
  });
});
