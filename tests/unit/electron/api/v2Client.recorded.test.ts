import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { V2Client } from '../../../../electron/api/v2Client.js';
import { buildParseModel } from '../../../../shared/grounding/parseModel.js';
import { lowestConfidence } from '../../../../shared/grounding/confidence.js';
import { selectNode } from '../../../../shared/grounding/selection.js';
import { caught, credential, pdf, recordingClock } from '../../../support/emulatorHarness.js';
import {
  ERRORS,
  EXTRACT_JOB_ID,
  EXTRACT_PARTIAL,
  JOB_COMPLETED,
  JOB_CREATED,
  JOB_FAILED,
  JOB_ID,
  JOB_LIST,
  JOB_PROCESSING,
  PARSE_PARTIAL,
  PARSE_VERITY,
} from './recordedAnswers.js';
import { startRecordedService, type RecordedService } from './recordedService.js';

// The app's v2 client against answers shaped by the official package's types (not by the
// emulator), served from a plain loopback server.

let service: RecordedService;
beforeAll(async () => {
  service = await startRecordedService();
});
afterEach(() => {
  service.requests.length = 0;
});
afterAll(async () => {
  await service.close();
});

const clock = recordingClock();
const client = () =>
  new V2Client({ credential: credential('v2', service.url, 'recorded-key'), retry: { clock, policy: { maxAttempts: 2 } } });
const document = async () => ({ bytes: await pdf(2), filename: 'invoice.pdf' });

describe('the app v2 client on recorded service answers', () => {
  it('reads a word-level parse verbatim: spans, word confidences, every element type, cells', async () => {
    service.answer('POST /v2/parse', { status: 200, body: PARSE_VERITY });
    const outcome = await client().parse({ document: await document(), model: 'dpt-3-verity' });
    expect(outcome).toMatchObject({ status: 200, partial: false, failedPages: [] });
    expect(outcome.response).toEqual(PARSE_VERITY);
    expect(service.requests[0]!.headers.authorization).toBe('Bearer recorded-key');

    const model = buildParseModel(outcome.response);
    const flagged = [...model.nodes.values()].filter((n) => n.flags.length > 0).map((n) => `${n.id}: ${n.flags.join(', ')}`);
    expect(flagged).toEqual([]);
    const table = model.nodes.get('table-0')!;
    expect(table.childIds.map((id) => model.nodes.get(id)!.cell)).toEqual([
      { row: 0, col: 0, rowspan: 1, colspan: 1 },
      { row: 0, col: 1, rowspan: 1, colspan: 1 },
      { row: 1, col: 0, rowspan: 1, colspan: 1 },
      { row: 1, col: 1, rowspan: 1, colspan: 1 },
    ]);
    // A table is as sure as its least sure word, which lives on its cells.
    expect(lowestConfidence(model, selectNode(model, 'table-0')!)).toBe(0.38);
    expect(lowestConfidence(model, selectNode(model, 'text-0')!)).toBe(0.42);
    expect(lowestConfidence(model, selectNode(model, 'figure-0')!)).toBeNull();
    // Ranges are code points: the astral emoji before "Total" does not shift the selection.
    const total = model.nodes.get('text-1')!;
    expect(outcome.response.markdown.slice(total.range!.start, total.range!.end)).toBe('Total: 12.50 €\nPaid: no');
  });

  it('reads a 206 as partial, with the failed page and its reason kept', async () => {
    service.answer('POST /v2/parse', { status: 206, body: PARSE_PARTIAL });
    const outcome = await client().parse({ document: await document() });
    expect(outcome).toMatchObject({ status: 206, partial: true, failedPages: [2] });
    expect(outcome.response.structure.children![1]).toMatchObject({ status: 'failed', reason: 'The page could not be rendered.' });
    const model = buildParseModel(outcome.response);
    expect(model.pages.find((p) => p.page === 2)).toMatchObject({ failed: true });
  });

  it('creates, polls and lists parse jobs', async () => {
    service.answer('POST /v2/parse/jobs', { status: 202, body: JOB_CREATED });
    service.answer(`GET /v2/parse/jobs/${JOB_ID}`, { status: 200, body: JOB_PROCESSING }, { status: 200, body: JOB_COMPLETED });
    service.answer('GET /v2/parse/jobs', { status: 200, body: JOB_LIST });
    const v2 = client();
    expect((await v2.createParseJob({ document: await document() })).job).toEqual(JOB_CREATED);
    expect(await v2.getParseJob(JOB_ID)).toMatchObject({ status: 'processing', progress: 0.42 });
    const done = await v2.getParseJob(JOB_ID);
    expect(done.result).toEqual(JOB_COMPLETED.result);
    const list = await v2.listParseJobs({ page: 0, pageSize: 2, status: 'completed' });
    expect(list).toEqual(JOB_LIST);
    expect(service.requests.at(-1)!.query).toBe('?page=0&pageSize=2&status=completed');
  });

  it('reads a failed job with its error, and a partial extract with both model fields', async () => {
    service.answer(`GET /v2/parse/jobs/${JOB_ID}`, { status: 200, body: JOB_FAILED });
    expect(await client().getParseJob(JOB_ID)).toMatchObject({ status: 'failed', error: { code: 'document_unreadable' } });

    service.answer('POST /v2/extract', { status: 206, body: EXTRACT_PARTIAL });
    const outcome = await client().extract({
      schema: { type: 'object', properties: { invoice_number: { type: 'string' } } },
      markdown: EXTRACT_PARTIAL.markdown,
    });
    expect(outcome).toMatchObject({ status: 206, partial: true });
    expect(outcome.response).toEqual(EXTRACT_PARTIAL);
    service.answer(`GET /v2/extract/jobs/${EXTRACT_JOB_ID}`, {
      status: 200,
      body: { ...JOB_COMPLETED, job_id: EXTRACT_JOB_ID, result: EXTRACT_PARTIAL },
    });
    expect((await client().getExtractJob(EXTRACT_JOB_ID)).result).toEqual(EXTRACT_PARTIAL);
  });

  it.each([
    [401, ERRORS.unauthorized, 'invalid_api_key'],
    [422, ERRORS.unknownModel, 'unknown_model_version'],
    [404, ERRORS.notFound, 'not_found'],
  ])('turns a %i {code, message} into an AppError with that code', async (status, body, code) => {
    service.answer(`GET /v2/parse/jobs/${JOB_ID}`, { status, body });
    const error = await caught(client().getParseJob(JOB_ID));
    expect(error).toMatchObject({ code, status });
    expect(error.message).toContain(body.message);
  });

  it('waits out a 429 by its Retry-After, then reads the answer', async () => {
    service.answer(
      'GET /v2/parse/jobs',
      { status: 429, body: ERRORS.rateLimited, headers: { 'Retry-After': '3' } },
      { status: 200, body: JOB_LIST },
    );
    const waits = clock.waits.length;
    expect(await client().listParseJobs()).toEqual(JOB_LIST);
    expect(clock.waits.slice(waits)).toEqual([3000]);
  });
});
