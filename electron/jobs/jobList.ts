import { checkJobId, type JobListRow, type JobStatus, type JobPoll, type JobService } from '../../shared/contracts/v2Jobs.js';
import type { JobDetail, JobListPage, JobRecord, JobRow, LocalJobs } from '../../shared/jobs.js';
import { V2Client } from '../api/v2Client.js';
import { jobFailureOf } from './jobFailure.js';
import type { KeysService } from '../keys/keysService.js';
import type { JobRecords } from './jobRecords.js';
import type { JobCreator } from './jobCreator.js';

export interface JobListRequest {
  service: JobService;
  page: number;
  pageSize: number;
  status?: JobStatus | undefined;
  keyId?: string | undefined;
}

/**
 * A page of the service's job list (newest first, the service's own pagination and status
 * filter), each row joined with the local record when this app created the job: jobs
 * started elsewhere still appear, local ones show their document.
 */
export async function listJobs(
  keys: Pick<KeysService, 'credentialFor'>,
  records: JobRecords,
  request: JobListRequest,
): Promise<JobListPage> {
  const credential = await keys.credentialFor(['v2'], request.keyId);
  const client = new V2Client({ credential });
  const query = { page: request.page, pageSize: request.pageSize, ...(request.status ? { status: request.status } : {}) };
  const list = request.service === 'parse' ? await client.listParseJobs(query) : await client.listExtractJobs(query);
  const local = new Map((await records.list()).map((r) => [r.jobId, r]));
  return {
    rows: list.jobs.map((row) => rowFrom(request.service, row, local.get(row.job_id) ?? null)),
    // Parse listings may leave these out (the SDK's JobList): the page asked for is the page answered.
    page: list.page ?? request.page,
    pageSize: list.page_size ?? request.pageSize,
    hasMore: list.has_more,
    keyId: credential.id,
  };
}

/** Every job this workspace started, and every create whose outcome is unknown, newest first; no network. */
export async function localJobs(records: JobRecords, creator: Pick<JobCreator, 'unsureCreates'>): Promise<LocalJobs> {
  const all = (await records.list()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const rows = all.map((record) =>
    rowFrom(
      record.service,
      { job_id: record.jobId, status: record.status, created_at: record.createdAt, completed_at: record.completedAt, model_version: null },
      record,
    ),
  );
  const unsure = (await creator.unsureCreates())
    .filter((intent) => !intent.batch) // a batch shows its own unsure documents, with its own "retry"
    .sort((a, b) => b.writtenAt.localeCompare(a.writtenAt))
    .map((intent) => ({
      intentId: intent.intentId,
      service: intent.request.service,
      documentId: intent.request.documentId,
      documentName: intent.documentName,
      keyId: intent.keyId,
      writtenAt: intent.writtenAt,
      candidates: intent.candidates ?? [],
    }));
  return { rows, unsure };
}

/** One job polled now, summarised for the detail panel (works for jobs of any id format). */
export async function jobDetail(
  keys: Pick<KeysService, 'credentialFor'>,
  records: JobRecords,
  service: JobService,
  jobId: string,
  keyId?: string,
): Promise<JobDetail> {
  const record = await records.read(jobId);
  const credential = await keys.credentialFor(['v2'], keyId ?? record?.keyId);
  const client = new V2Client({ credential });
  const poll: JobPoll = service === 'parse' ? await client.getParseJob(jobId) : await client.getExtractJob(jobId);
  const result = (poll.result ?? null) as {
    markdown?: unknown;
    metadata?: { page_count?: unknown; billing?: { total_credits?: unknown } };
  } | null;
  const row: JobListRow = {
    job_id: jobId,
    status: poll.status,
    created_at: poll.created_at ?? null,
    completed_at: poll.completed_at ?? null,
    model_version: (poll as { model_version?: string | null }).model_version ?? null,
  };
  const markdown = typeof result?.markdown === 'string' ? result.markdown : null;
  return {
    row: rowFrom(service, row, record),
    error: poll.status === 'failed' || poll.error ? jobFailureOf(poll) : null,
    credits: Number.isFinite(result?.metadata?.billing?.total_credits)
      ? (result!.metadata!.billing!.total_credits as number)
      : (record?.credits ?? null),
    pageCount: Number.isFinite(result?.metadata?.page_count) ? (result!.metadata!.page_count as number) : (record?.pageCount ?? null),
    outputUrl: poll.output_url ?? null,
    markdownPreview: markdown === null ? null : markdown.slice(0, 2000),
  };
}

function rowFrom(service: JobService, row: JobListRow, record: JobRecord | null): JobRow {
  const check = checkJobId(row.job_id, service);
  return {
    jobId: row.job_id,
    service,
    status: row.status,
    createdAt: row.created_at ?? null,
    completedAt: row.completed_at ?? null,
    modelVersion: row.model_version ?? null,
    failureReason: row.failure_reason ?? null,
    idFormat: check.ok ? check.format : 'older',
    local: record
      ? {
          documentId: record.documentId,
          documentName: record.documentName,
          resultId: record.resultId,
          credits: record.credits,
          pageCount: record.pageCount,
          problem: record.problem,
          error: record.error,
          keyId: record.keyId,
          unreachableSince: record.unreachableSince ?? null,
          updatedAt: record.updatedAt,
          ...(record.batch ? { batch: record.batch } : {}),
          ...(record.warnings?.length ? { warnings: record.warnings } : {}),
        }
      : null,
  };
}
