import type { JobService } from '../../../shared/contracts/v2Jobs.js';
import type { EmulatorContext, RequestInfo } from '../context.js';
import { findFault } from '../faults.js';
import { HttpAnswer, v2Error } from '../httpKit.js';
import { codePointLength } from '../parseResult/codePoints.js';
import { finalizeParseResponse } from '../parseResult/finalizeParseResponse.js';
import { judgeJobId } from '../rules/jobIds.js';
import { readListQuery } from '../rules/listQuery.js';
import { mintJobId } from '../rules/ulid.js';
import { runExtraction, StrictSchemaError } from './extractEngine.js';
import { validateExtractRequest, type ValidExtractRequest } from './extractRequest.js';
import { createResponse, listRow, pollEnvelope } from './jobStore.js';
import { validateParseRequest, type ValidParseRequest } from './parseRequest.js';

const EXTRACT_CREDITS_PER_1K_CHARS = 1;

/** `POST /v2/parse`: 200, or 206 with `metadata.failed_pages` (v2.parse.partial-206). */
export async function syncParse(ctx: EmulatorContext, info: RequestInfo): Promise<HttpAnswer> {
  const valid = await validateParseRequest(info.form, false, Date.now());
  const result = await buildParse(ctx, info, valid, mintJobId('parse'));
  const partial = (result.metadata.failed_pages ?? []).length > 0;
  return new HttpAnswer(partial ? 206 : 200, result);
}

/** `POST /v2/parse/jobs`: 202 with job_id, status, created_at (v2.jobs.create-response). */
export async function createParseJob(ctx: EmulatorContext, info: RequestInfo): Promise<HttpAnswer> {
  const valid = await validateParseRequest(info.form, true, Date.now());
  const job = await ctx.jobs.create({
    service: 'parse',
    owner: info.principal,
    modelVersion: valid.model,
    timings: jobTimings(ctx, info),
    ...(valid.outputSaveUrl !== undefined ? { outputSaveUrl: valid.outputSaveUrl } : {}),
    ...failure(info),
    work: (jobId) => buildParse(ctx, info, valid, jobId),
  });
  return new HttpAnswer(202, createResponse(job));
}

export async function syncExtract(_ctx: EmulatorContext, info: RequestInfo): Promise<HttpAnswer> {
  const valid = await validateExtractRequest(info.body, info.form, false, Date.now());
  const result = buildExtract(valid, mintJobId('extract'));
  const partial = result.warnings.length > 0 || result.schema_violation_error !== null;
  return new HttpAnswer(partial ? 206 : 200, result);
}

export async function createExtractJob(ctx: EmulatorContext, info: RequestInfo): Promise<HttpAnswer> {
  const valid = await validateExtractRequest(info.body, info.form, true, Date.now());
  // A strict schema the extractor cannot honour is a 422 at submit, not a failed job.
  buildExtract(valid, 'extract-check');
  const job = await ctx.jobs.create({
    service: 'extract',
    owner: info.principal,
    modelVersion: valid.model,
    timings: jobTimings(ctx, info),
    ...(valid.body.output_save_url !== undefined ? { outputSaveUrl: valid.body.output_save_url } : {}),
    ...failure(info),
    work: async (jobId) => buildExtract(valid, jobId),
  });
  return new HttpAnswer(202, createResponse(job));
}

/** `GET /v2/{service}/jobs` with page, pageSize, status (v2.jobs.list-query). */
export function listJobs(ctx: EmulatorContext, info: RequestInfo, service: JobService): HttpAnswer {
  const read = readListQuery(info.query);
  if (!read.ok) throw v2Error(422, 'validation_error', read.message);
  const { page, pageSize, status } = read.query;
  const all = ctx.jobs.list(info.principal, service, status);
  const rows = all.slice(page * pageSize, (page + 1) * pageSize).map(listRow);
  return new HttpAnswer(200, { jobs: rows, page, page_size: pageSize, has_more: (page + 1) * pageSize < all.length });
}

/** `GET /v2/{service}/jobs/{job_id}`: the poll envelope; 200 for every state. */
export function getJob(ctx: EmulatorContext, info: RequestInfo, service: JobService, jobId: string): HttpAnswer {
  const verdict = judgeJobId(jobId, service);
  if (!verdict.ok) throw v2Error(422, 'validation_error', verdict.message);
  const job = ctx.jobs.get(info.principal, service, jobId);
  if (!job) throw v2Error(404, 'not_found', `No ${service} job "${jobId}" for this API key.`);
  return new HttpAnswer(200, pollEnvelope(job));
}

async function buildParse(ctx: EmulatorContext, info: RequestInfo, valid: ValidParseRequest, jobId: string) {
  const started = Date.now();
  const built = await ctx.builder(valid.document.bytes, valid.document.filename, valid.options);
  const processed = valid.options.pages ?? Array.from({ length: valid.pageCount }, (_, i) => i + 1);
  const failedPages = (findFault(info.faults, 'failPages')?.pages ?? []).filter((p) => processed.includes(p));
  return finalizeParseResponse(built, {
    options: valid.options,
    failedPages,
    jobId,
    model: valid.model,
    filename: valid.document.filename,
    durationMs: Date.now() - started,
    baseUrl: ctx.baseUrl(),
  });
}

function buildExtract(valid: ValidExtractRequest, jobId: string) {
  const started = Date.now();
  let outcome;
  try {
    outcome = runExtraction(valid.markdown, valid.body.schema, {
      strict: valid.body.options?.strict ?? false,
      grounding: valid.body.options?.grounding ?? true,
    });
  } catch (error) {
    if (error instanceof StrictSchemaError) throw v2Error(422, 'validation_error', `${error.message} (options.strict is true)`);
    throw error;
  }
  const inputChars = codePointLength(valid.markdown);
  const outputChars = codePointLength(JSON.stringify(outcome.extraction));
  return {
    extraction: outcome.extraction,
    extraction_metadata: outcome.extraction_metadata,
    markdown: valid.markdown,
    metadata: {
      job_id: jobId,
      doc_id: null,
      // v2.extract.response: the snapshot is `model_version` (renamed from `version`, which is no longer sent).
      model_version: valid.model,
      duration_ms: Date.now() - started,
      range_units: 'unicode_codepoints',
      openapi_spec: '/v2/openapi.json',
      input_markdown_chars: inputChars,
      output_extraction_chars: outputChars,
      billing: { total_credits: Math.ceil((inputChars + outputChars) / 1000) * EXTRACT_CREDITS_PER_1K_CHARS },
    },
    warnings: outcome.warnings,
    schema_violation_error: outcome.schema_violation_error,
  };
}

function jobTimings(ctx: EmulatorContext, info: RequestInfo) {
  const slow = findFault(info.faults, 'slowJob');
  return slow ? { pendingMs: slow.pendingMs, processingMs: slow.processingMs } : ctx.timings;
}

function failure(info: RequestInfo) {
  const fail = findFault(info.faults, 'failJob');
  return fail
    ? {
        failWith: {
          code: fail.code ?? 'processing_failed',
          message: fail.message ?? 'The document could not be processed (emulated failure).',
        },
      }
    : {};
}
