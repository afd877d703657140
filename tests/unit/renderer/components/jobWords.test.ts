import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../shared/jobs.js';
import { clockTime, jobStateText, statusBadge } from '../../../../renderer/components/jobWords.js';

const at = '2025-03-04T09:07:00.000Z';
const job = (patch: Partial<JobRecord>) => ({
  status: 'processing',
  resultId: null,
  problem: null,
  error: null,
  unreachableSince: null,
  updatedAt: at,
  ...patch,
});
const local = (patch: Partial<JobRecord>) => ({ problem: null, resultId: null, unreachableSince: null, ...patch });

describe('the words for a job', () => {
  it('says "service unreachable since HH:MM — retrying" instead of the stale status', () => {
    expect(jobStateText(job({ unreachableSince: at }))).toBe(`service unreachable since ${clockTime(at)} — retrying`);
    expect(statusBadge({ status: 'processing', local: local({ unreachableSince: at }) })).toEqual({
      text: 'unreachable',
      tone: 'unreachable',
    });
    expect(clockTime(at)).toMatch(/^\d\d:\d\d$/);
  });

  it('never labels a job that is not followed any more as processing', () => {
    const problem = { code: 'no_key', message: 'The key is gone.' };
    expect(jobStateText(job({ problem }))).toBe(`last seen processing at ${clockTime(at)} — not followed: The key is gone.`);
    expect(statusBadge({ status: 'processing', local: local({ problem }) })).toEqual({ text: 'last seen processing', tone: 'stale' });
    // The service's own last word stays when it is final.
    expect(statusBadge({ status: 'completed', local: local({ problem }) })).toEqual({ text: 'completed', tone: 'completed' });
  });

  it('says a job the service cancelled is cancelled, with its error, and not unreachable after an outage', () => {
    const error = { code: 'job_cancelled', message: 'The service cancelled job parse-1; it has no result.' };
    expect(jobStateText(job({ status: 'cancelled', error }))).toBe(`cancelled: ${error.message}`);
    expect(statusBadge({ status: 'cancelled', local: local({ unreachableSince: at }) })).toEqual({ text: 'cancelled', tone: 'cancelled' });
  });

  it('says the plain status while the service answers', () => {
    expect(jobStateText(job({}))).toBe('processing');
    expect(jobStateText(job({ status: 'completed', resultId: 'r' }))).toBe('result stored');
    expect(statusBadge({ status: 'pending', local: null })).toEqual({ text: 'pending', tone: 'pending' });
  });
});
