import type { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { extractResponseSchema, isPartialExtract, type ExtractResponse } from '../../shared/contracts/v2Extract.js';
import {
  jobCreateSchema,
  jobListSchema,
  jobPollSchema,
  type JobCreated,
  type JobList,
  type JobPoll,
  type JobService,
} from '../../shared/contracts/v2Jobs.js';
import { completeParseResponse, parseResponseSchema, type ParseResponse } from '../../shared/contracts/v2Parse.js';
import { endpointFor, type ClientConfig } from './clientEndpoint.js';
import { checkExtractInput, type ExtractInput, type ExtractJobInput } from './preflight/extractPreflight.js';
import { checkJobIdInput, checkJobListQuery, type JobListQuery } from './preflight/jobsPreflight.js';
import { checkParseInput, type CheckedParse, type ParseInput, type ParseJobInput } from './preflight/parsePreflight.js';
import { checkJson, readEnvelope, readJson } from './responses.js';
import { callService, jsonBody, type CallOptions, type ServiceEndpoint } from './serviceCall.js';

export interface ParseOutcome {
  /** 206 when some pages failed (listed in `failedPages`). */
  status: number;
  partial: boolean;
  failedPages: number[];
  /** The service's JSON, verbatim (unknown fields kept). */
  response: ParseResponse;
}

export interface ExtractOutcome {
  /** 206 when `warnings` or `schema_violation_error` is set. */
  status: number;
  partial: boolean;
  response: ExtractResponse;
}

export interface JobCreateOutcome {
  job: JobCreated;
  /** Preflight warnings the user should see (e.g. an output_save_url whose expiry could not be read). */
  warnings: string[];
}

/**
 * A poll whose `result`, when present, has been checked against the operation's schema. A
 * result that fails the check is not thrown away: it comes back as it arrived with
 * `unreadable` saying why, so the job's paid output is kept (quarantine/), never dropped.
 */
export type CheckedPoll<R> = Omit<JobPoll, 'result'> & { result: R | null; unreadable?: string };
export type ParseJobPoll = CheckedPoll<ParseResponse>;
export type ExtractJobPoll = CheckedPoll<ExtractResponse>;

/**
 * The v2 parse / extract / jobs client. Every request is checked
 * before sending (see preflight/), sent through the shared retry policy, and every answer
 * validated with schemas that keep unknown fields.
 */
export class V2Client {
  private readonly endpoint: ServiceEndpoint;
  private readonly now: () => number;

  constructor(config: ClientConfig & { now?: () => number }) {
    this.endpoint = endpointFor(config);
    this.now = config.now ?? Date.now;
  }

  /** The service address this client sends to (its key's). */
  get serviceAddress(): string {
    return this.endpoint.address;
  }

  async parse(input: ParseInput, options: CallOptions = {}): Promise<ParseOutcome> {
    const checked = await checkParseInput(input, this.now());
    const response = await callService(this.endpoint, { method: 'POST', path: '/v2/parse', body: parseForm(input, checked) }, options);
    const body = completeParseResponse(readJson(response, parseResponseSchema, 'parse response'));
    const failedPages = body.metadata.failed_pages ?? [];
    return { status: response.status, partial: response.status === 206 || failedPages.length > 0, failedPages, response: body };
  }

  async createParseJob(input: ParseJobInput, options: CallOptions = {}): Promise<JobCreateOutcome> {
    const checked = await checkParseInput(input, this.now());
    const form = parseForm(input, checked);
    if (input.output_save_url !== undefined) form.set('output_save_url', input.output_save_url);
    if (input.service_tier !== undefined) form.set('service_tier', input.service_tier);
    const response = await callService(this.endpoint, { method: 'POST', path: '/v2/parse/jobs', body: form }, options);
    return { job: readEnvelope(response, jobCreateSchema, 'job create response'), warnings: checked.warnings };
  }

  listParseJobs(query: JobListQuery = {}, options: CallOptions = {}): Promise<JobList> {
    return this.listJobs('parse', query, options);
  }

  async getParseJob(jobId: string, options: CallOptions = {}): Promise<ParseJobPoll> {
    const poll = checkedResult(await this.getJob('parse', jobId, options), parseResponseSchema, 'parse job result');
    return poll.result !== null && poll.unreadable === undefined
      ? { ...poll, result: completeParseResponse(poll.result) }
      : (poll as ParseJobPoll);
  }

  async extract(input: ExtractInput, options: CallOptions = {}): Promise<ExtractOutcome> {
    const { body } = checkExtractInput(input, this.now());
    const response = await callService(this.endpoint, { method: 'POST', path: '/v2/extract', ...jsonBody(body) }, options);
    const result = readJson(response, extractResponseSchema, 'extract response');
    return { status: response.status, partial: response.status === 206 || isPartialExtract(result), response: result };
  }

  async createExtractJob(input: ExtractJobInput, options: CallOptions = {}): Promise<JobCreateOutcome> {
    const { body, warnings } = checkExtractInput(input, this.now());
    const response = await callService(this.endpoint, { method: 'POST', path: '/v2/extract/jobs', ...jsonBody(body) }, options);
    return { job: readEnvelope(response, jobCreateSchema, 'job create response'), warnings };
  }

  listExtractJobs(query: JobListQuery = {}, options: CallOptions = {}): Promise<JobList> {
    return this.listJobs('extract', query, options);
  }

  /** `GET /v2/extract/jobs/{job_id}` (v2.jobs.extract-poll-path): the path is not shown in the contract; it is the official client's. */
  async getExtractJob(jobId: string, options: CallOptions = {}): Promise<ExtractJobPoll> {
    return checkedResult(await this.getJob('extract', jobId, options), extractResponseSchema, 'extract job result');
  }

  private async listJobs(service: JobService, query: JobListQuery, options: CallOptions): Promise<JobList> {
    checkJobListQuery(query);
    const response = await callService(
      this.endpoint,
      { method: 'GET', path: `/v2/${service}/jobs`, query: { page: query.page, pageSize: query.pageSize, status: query.status } },
      options,
    );
    return readEnvelope(response, jobListSchema, 'job list');
  }

  private async getJob(service: JobService, jobId: string, options: CallOptions): Promise<JobPoll> {
    checkJobIdInput(jobId, service);
    const response = await callService(this.endpoint, { method: 'GET', path: `/v2/${service}/jobs/${encodeURIComponent(jobId)}` }, options);
    return readEnvelope(response, jobPollSchema, 'job status');
  }
}

function checkedResult<S extends z.ZodType>(poll: JobPoll, schema: S, what: string): CheckedPoll<z.infer<S>> {
  if (poll.result === null) return poll as CheckedPoll<z.infer<S>>;
  try {
    checkJson(poll.result, schema, what);
    return poll as CheckedPoll<z.infer<S>>;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ...(poll as CheckedPoll<z.infer<S>>), unreadable: error.message };
  }
}

function parseForm(input: ParseInput, checked: CheckedParse): FormData {
  const form = new FormData();
  if (input.document && checked.upload) {
    form.set(
      'document',
      new Blob([input.document.bytes as Uint8Array<ArrayBuffer>], { type: checked.upload.mime }),
      checked.upload.filename,
    );
  }
  if (input.document_url !== undefined) form.set('document_url', input.document_url);
  if (input.model !== undefined) form.set('model', input.model);
  if (checked.options !== undefined) form.set('options', JSON.stringify(checked.options));
  return form;
}
