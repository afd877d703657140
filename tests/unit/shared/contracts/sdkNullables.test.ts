import { describe, expect, it } from 'vitest';
import { toIsoTimestamp } from '../../../../shared/contracts/timestamps.js';
import { checkJobId, jobCreateSchema, jobListSchema, jobPollSchema } from '../../../../shared/contracts/v2Jobs.js';
import { completeParseResponse, parseResponseSchema, type WireParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { extractResponseSchema } from '../../../../shared/contracts/v2Extract.js';
import { modelOfResult } from '../../../../shared/grounding/resultModel.js';

// What the official SDK's types (and its _normalize) say a real service may send, item by item.

describe('timestamps (v2.jobs.timestamps)', () => {
  it.each([
    ['ISO text', '2026-12-07T18:00:00Z', '2026-12-07T18:00:00.000Z'],
    ['epoch seconds', 1_796_666_400, '2026-12-07T18:00:00.000Z'],
    ['epoch milliseconds', 1_796_666_400_000, '2026-12-07T18:00:00.000Z'],
    ['epoch zero, an instant and not "missing"', 0, '1970-01-01T00:00:00.000Z'],
    ['null', null, null],
    ['text naming no instant', 'soon', null],
    ['a number past any date', 1e300, null],
  ])('reads %s', (_, value, iso) => {
    expect(toIsoTimestamp(value)).toBe(iso);
  });
});

describe('job envelopes', () => {
  it('reads a poll with epoch timestamps, nulls everywhere the SDK allows, and the older names', () => {
    const poll = jobPollSchema.parse({
      job_id: null,
      status: 'completed',
      received_at: 1_796_666_400,
      completed_at: 1_796_666_460_000,
      data: { markdown: '' },
      output_url: null,
      progress: null,
      metadata: null,
      error: null,
    });
    expect(poll).toMatchObject({
      created_at: '2026-12-07T18:00:00.000Z',
      completed_at: '2026-12-07T18:01:00.000Z',
      result: { markdown: '' },
    });
  });

  it('reads an error whose code and message are null', () => {
    expect(jobPollSchema.safeParse({ status: 'failed', error: { code: null, message: null } }).success).toBe(true);
  });

  it('reads a list without page or page_size (a parse listing sends org_id), rows with epoch times', () => {
    const list = jobListSchema.parse({
      jobs: [{ job_id: 'parse-x', status: 'pending', created_at: 1_796_666_400, completed_at: null }],
      has_more: false,
      org_id: null,
    });
    expect(list.page).toBeUndefined();
    expect(list.jobs[0]?.created_at).toBe('2026-12-07T18:00:00.000Z');
  });

  it('reads a 202 with an epoch created_at, and refuses one without a job id', () => {
    expect(jobCreateSchema.parse({ job_id: 'parse-x', status: 'pending', created_at: 1_796_666_400 }).created_at).toBe(
      '2026-12-07T18:00:00.000Z',
    );
    expect(jobCreateSchema.safeParse({ status: 'pending', created_at: null }).success).toBe(false);
  });
});

describe('older job ids (v2.jobs.older-ids)', () => {
  it.each(['job.v1~abc', 'a~b', '0.1', 'with space', 'x'.repeat(256), 'ünïcode'])('accepts %s', (id) => {
    expect(checkJobId(id, 'parse')).toEqual({ ok: true, format: 'older' });
  });
  it.each(['.', '..', 'a/b', '', 'x'.repeat(257), 'a\u0000b', '\ud800'])('refuses %j', (id) => {
    expect(checkJobId(id, 'parse').ok).toBe(false);
  });
});

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
