import { describe, expect, it } from 'vitest';
import { checkJobId, jobCreateSchema, jobListSchema, jobPollSchema } from '../../../../shared/contracts/v2Jobs.js';

// What the official SDK's types (and its _normalize) say a real service may send.

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
