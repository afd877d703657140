import { describe, expect, it } from 'vitest';
import { summarizeResult } from '../../../../electron/runs/resultSummary.js';
import { describeResult } from '../../../../renderer/components/resultWords.js';

describe('result summary', () => {
  it('reads a parse response the same whichever path stored it', () => {
    const response = {
      markdown: '',
      metadata: { version: 'dpt-3-pro-20251103', page_count: 4, billing: { total_credits: 12 }, failed_pages: [2] },
    };
    expect(summarizeResult('parse', response)).toEqual({ modelVersion: 'dpt-3-pro-20251103', pageCount: 4, credits: 12, partial: true });
  });

  it('an analyzer response with unspecified metadata keeps the pages counted here, and unknown stays unknown', () => {
    const response = { data: { markdown: '', chunks: [] }, errors: [], extraction_error: null, metadata: { filename: 'a.pdf' } };
    const summary = summarizeResult('analyzer', response, { pageCount: 3 });
    expect(summary).toEqual({ modelVersion: null, pageCount: 3, credits: null, partial: false });
    expect(describeResult({ kind: 'analyzer', engine: 'analyzer', ...summary })).toBe(
      'analyzer · version not reported · 3 pages · credits not reported',
    );
    expect(summarizeResult('analyzer', { ...response, errors: [{ page_num: 1, error: 'x', error_code: 500 }] }).partial).toBe(true);
  });

  it('an extraction names its model, takes its source pages, and a schema violation makes it partial', () => {
    const response = {
      extraction: {},
      extraction_metadata: {},
      metadata: { model_version: 'extract-20250930' },
      schema_violation_error: 'total missing',
    };
    expect(summarizeResult('extract', response, { pageCount: 2 })).toEqual({
      modelVersion: 'extract-20250930',
      pageCount: 2,
      credits: null,
      partial: true,
    });
  });

  it('the offline engine is free and says so; a cloud bill not reported is never 0', () => {
    expect(describeResult({ kind: 'parse', engine: 'local', modelVersion: 'local-pdfjs', pageCount: 1, credits: 0, partial: false })).toBe(
      'parse · local · local-pdfjs · 1 page · 0 credits',
    );
    expect(describeResult({ kind: 'parse', engine: 'parse', modelVersion: null, pageCount: null, credits: null, partial: true })).toBe(
      'parse · version not reported · pages not reported · credits not reported · partial',
    );
  });
});
