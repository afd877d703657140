import { describe, expect, it } from 'vitest';
import { jobsUnderWayWith, type JobRow, type LocalJobs, type UnsureCreate } from '../../../shared/jobs.js';

function row(jobId: string, status: string, local: Partial<NonNullable<JobRow['local']>> & { keyId: string }): JobRow {
  return {
    jobId,
    service: 'parse',
    status,
    createdAt: null,
    completedAt: null,
    modelVersion: null,
    failureReason: null,
    idFormat: 'current',
    local: {
      documentId: 'doc',
      documentName: 'doc.pdf',
      resultId: null,
      credits: null,
      pageCount: null,
      problem: null,
      error: null,
      batch: null,
      unreachableSince: null,
      updatedAt: '2026-11-29T10:00:00.000Z',
      warnings: [],
      ...local,
    } as NonNullable<JobRow['local']>,
  };
}

const unsure = (keyId: string): UnsureCreate => ({
  intentId: `intent-${keyId}`,
  service: 'parse',
  documentId: 'doc',
  documentName: 'doc.pdf',
  keyId,
  writtenAt: '2026-11-29T10:00:00.000Z',
  candidates: [],
});

describe('the jobs a key still follows', () => {
  it('counts its pending, processing and completed-but-not-stored jobs and its unsure creates, nothing settled, nothing of another key', () => {
    const local: LocalJobs = {
      rows: [
        row('a', 'pending', { keyId: 'k1' }),
        row('b', 'processing', { keyId: 'k1' }),
        row('c', 'completed', { keyId: 'k1' }), // done at the service, its output not stored yet
        row('d', 'completed', { keyId: 'k1', resultId: 'r1' }),
        row('e', 'failed', { keyId: 'k1' }),
        row('f', 'pending', { keyId: 'k1', problem: { code: 'no_key', message: 'gone' } }),
        row('g', 'pending', { keyId: 'k2' }),
        { ...row('h', 'pending', { keyId: 'k1' }), local: null },
      ],
      unsure: [unsure('k1'), unsure('k2')],
    };
    expect(jobsUnderWayWith('k1', local)).toBe(4);
    expect(jobsUnderWayWith('k2', local)).toBe(2);
    expect(jobsUnderWayWith('k3', local)).toBe(0);
  });
});
