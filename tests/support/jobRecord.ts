import type { JobRecord } from '../../shared/jobs.js';

/**
 * A job record as the tracker writes one on the service's 202: a parse, pending, nothing
 * stored yet. `patch` names what the test's job differs in; the request follows its service
 * and document unless the patch gives one.
 */
export function jobRecord(jobId: string, patch: Partial<JobRecord> = {}): JobRecord {
  const now = new Date().toISOString();
  const service = patch.service ?? 'parse';
  const documentId = patch.documentId ?? 'd';
  return {
    jobId,
    service,
    keyId: 'k',
    documentId,
    documentName: `${documentId}.pdf`,
    request: { service, documentId },
    createdAt: now,
    status: 'pending',
    completedAt: null,
    resultId: null,
    error: null,
    credits: null,
    pageCount: null,
    problem: null,
    updatedAt: now,
    ...patch,
  };
}
