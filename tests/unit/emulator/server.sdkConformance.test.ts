import LandingAIADE, { AuthenticationError, JobFailedError, NotFoundError, UnprocessableEntityError } from 'landingai-ade';
import type { V2ParseElement, V2ParseResponse } from 'landingai-ade/resources/v2/types';
import { describe, expect, it } from 'vitest';
import { armFault, KEYS, pdf, useEmulator } from '../../support/emulatorHarness.js';
import { layoutPdf } from './layoutPdf.js';
import { typeCheckAnswers, type TypedAnswer } from './typeCheckAnswers.js';
import type { WireTypeName } from '../../support/wireTypes.js';

// The official client run against the emulator over loopback. Every answer it receives is
// recorded off the wire and, at the end, type-checked against the package's v2 types.

const holder = useEmulator();
const recorded: Array<{ method: string; path: string; status: number; body: unknown }> = [];

const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  // The SDK also fetches `data:,` once to learn the platform's FormData.
  if (url.protocol !== 'http:') return response;
  const text = await response.clone().text();
  recorded.push({ method: init?.method ?? 'GET', path: url.pathname, status: response.status, body: text ? JSON.parse(text) : null });
  return response;
};

const client = (apikey = KEYS.v2) =>
  new LandingAIADE({ apikey, baseURL: holder.emulator.url, v2BaseURL: holder.emulator.url, maxRetries: 0, fetch: recordingFetch });
const file = async (bytes?: Uint8Array) => new File([(bytes ?? (await layoutPdf())).slice()], 'layout.pdf', { type: 'application/pdf' });
const wait = { pollInterval: 20, timeout: 10_000 };
const words = (body: V2ParseResponse) =>
  (body.structure?.children ?? [])
    .flatMap((page) => (page.children ?? []).flatMap((e: V2ParseElement) => [e, ...(e.children ?? [])]))
    .flatMap((e) => e.atomic_grounding ?? []);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('the official SDK against the emulator', () => {
  it.each([
    ['a dated snapshot', 'dpt-3-pro-20250919', 'dpt-3-pro-20250919'],
    ['a -latest alias', 'dpt-3-pro-latest', 'dpt-3-pro-20251103'],
    ['a bare family', 'dpt-3-pro', 'dpt-3-pro-20251103'],
    ['the default', undefined, 'dpt-3-pro-20251103'],
    ['the verity snapshot', 'dpt-3-verity-20251103', 'dpt-3-verity-20251103'],
    ['the verity -latest alias', 'dpt-3-verity-latest', 'dpt-3-verity-20251103'],
    ['the verity family', 'dpt-3-verity', 'dpt-3-verity-20251103'],
  ])('parses with %s', async (_, model, snapshot) => {
    const body = await client().v2.parse({ document: await file(), ...(model ? { model } : {}) });
    expect(body.metadata.model_version).toBe(snapshot);
    expect(body.metadata.range_units).toBe('unicode_codepoints');
    expect(body.metadata.output_markdown_chars).toBe(Array.from(body.markdown ?? '').length);
    const scored = words(body).filter((w) => w.confidence != null);
    if (snapshot.startsWith('dpt-3-verity')) expect(scored.length).toBeGreaterThan(10);
    else expect(scored).toEqual([]);
  });

  it('reads a 206 with failed pages as a result', async () => {
    await armFault(holder.emulator, { fault: { kind: 'failPages', pages: [2] } });
    const body = await client().v2.parse({ document: await file(await pdf(3)) });
    expect(recorded.at(-1)?.status).toBe(206);
    expect(body.metadata.failed_pages).toEqual([2]);
    expect(body.structure?.children?.map((p) => p.status)).toEqual(['ok', 'failed', 'ok']);
    expect(body.structure?.children?.[1]?.reason).toBeTruthy();
  });

  it('creates, polls, waits for and lists parse jobs, with pagination and the status filter', async () => {
    const sdk = client();
    const created = await sdk.v2.parseJobs.create({ document: await file(), model: 'dpt-3-verity' });
    expect(created.job_id).toMatch(/^parse-[0-9a-hjkmnp-tv-z]{26}$/);
    expect(created.status).toBe('pending');
    expect((await sdk.v2.parseJobs.get(created.job_id)).job_id).toBe(created.job_id);
    const done = await sdk.v2.parseJobs.wait(created.job_id, wait);
    expect(done).toMatchObject({ status: 'completed', is_terminal: true, error: null });
    expect((done.result as V2ParseResponse).metadata.job_id).toBe(created.job_id);
    expect(done.completed_at).toBeInstanceOf(Date);

    for (let i = 0; i < 2; i++)
      await sdk.v2.parseJobs.wait((await sdk.v2.parseJobs.create({ document: await file(await pdf(1)) })).job_id, wait);
    // This one stays pending while the listings below run.
    await armFault(holder.emulator, { fault: { kind: 'slowJob', pendingMs: 10_000, processingMs: 0 } });
    const pending = await sdk.v2.parseJobs.create({ document: await file(await pdf(1)) });
    const first = await sdk.v2.parseJobs.list({ page: 0, page_size: 2 });
    expect(first).toMatchObject({ page: 0, page_size: 2, has_more: true });
    expect(first.jobs).toHaveLength(2);
    const second = await sdk.v2.parseJobs.list({ page: 1, page_size: 2 });
    expect(second).toMatchObject({ page: 1, has_more: false });
    expect(new Set([...first.jobs, ...second.jobs].map((j) => j.job_id)).size).toBe(4);
    const completed = await sdk.v2.parseJobs.list({ status: 'completed' });
    expect(completed.jobs.map((j) => j.status)).toEqual(['completed', 'completed', 'completed']);
    const waiting = await sdk.v2.parseJobs.list({ status: 'pending' });
    expect(waiting.jobs.map((j) => j.job_id)).toEqual([pending.job_id]);
  });

  it('surfaces a failed job as the SDK expects', async () => {
    await armFault(holder.emulator, {
      fault: { kind: 'failJob', code: 'document_unreadable', message: 'The document could not be read.' },
    });
    const sdk = client();
    const job = await sdk.v2.parseJobs.create({ document: await file(await pdf(1)) });
    const done = await sdk.v2.parseJobs.wait(job.job_id, wait);
    expect(done).toMatchObject({
      status: 'failed',
      error: { code: 'document_unreadable', message: 'The document could not be read.' },
      result: null,
    });
    expect(await rejection(sdk.v2.parseJobs.wait(job.job_id, { ...wait, raiseOnFailure: true }))).toBeInstanceOf(JobFailedError);
    const [row] = (await sdk.v2.parseJobs.list({ status: 'failed' })).jobs;
    expect(row?.error?.message).toBe('The document could not be read.');
  });

  it('extracts synchronously and as a job', async () => {
    const sdk = client();
    const markdown = (await sdk.v2.parse({ document: await file() })).markdown!;
    const schema = { type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'number' } } };
    const result = await sdk.v2.extract({ schema, markdown });
    expect(result.extraction).toEqual({ invoice_number: 'INV-77', total: 1234.5 });
    expect(result.metadata.model_version).toMatch(/^extract-\d{8}$/);
    const ranges = (result.extraction_metadata['invoice_number'] as { ranges: Array<{ start: number; end: number }> }).ranges;
    expect(Array.from(markdown).slice(ranges[0]!.start, ranges[0]!.end).join('')).toBe('INV-77');

    const job = await sdk.v2.extractJobs.create({ schema, markdown, model: 'extract-latest' });
    expect(job.job_id).toMatch(/^extract-[0-9a-hjkmnp-tv-z]{26}$/);
    const done = await sdk.v2.extractJobs.wait(job.job_id, wait);
    expect(done.status).toBe('completed');
    expect((done.result as typeof result).extraction).toEqual(result.extraction);
    const listed = await sdk.v2.extractJobs.list({ page: 0, page_size: 10 });
    expect(listed.jobs.map((j) => j.job_id)).toContain(job.job_id);
  });

  it('answers errors with their status and code', async () => {
    const bad = await rejection(client('not-a-key').v2.parse({ document: await file() }));
    expect(bad).toBeInstanceOf(AuthenticationError);
    expect((bad as AuthenticationError).error).toMatchObject({ code: 'invalid_api_key' });

    const invalid = await rejection(client().v2.parse({ document: await file(), options: { dpi: 300 } }));
    expect(invalid).toBeInstanceOf(UnprocessableEntityError);
    expect((invalid as UnprocessableEntityError).error).toMatchObject({ code: 'validation_error' });

    const unknownModel = await rejection(client().v2.parse({ document: await file(), model: 'dpt-9' }));
    expect(unknownModel).toBeInstanceOf(UnprocessableEntityError);
    expect((unknownModel as UnprocessableEntityError).error).toMatchObject({ code: 'unknown_model_version' });

    const missing = await rejection(client().v2.parseJobs.get('parse-01aaaaaaaaaaaaaaaaaaaaaaaa'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).error).toMatchObject({ code: 'not_found' });
  });

  it('every answer it received has the shape of the package types (and a broken one would not)', () => {
    const typed: TypedAnswer[] = recorded.map((answer, i) => ({
      name: `${i} ${answer.method} ${answer.path} ${answer.status}`,
      type: wireType(answer),
      value: answer.body,
    }));
    const kinds = new Set(typed.map((t) => t.type));
    expect([...kinds].sort()).toEqual([
      'WireError',
      'WireExtractResult',
      'WireJob<WireExtractResult>',
      'WireJob<WireParseResponse>',
      'WireJobCreated',
      'WireJobList',
      'WireParseResponse',
    ]);

    // Controls: the same check must fail on answers broken the way a service could differ.
    const parse = structuredClone(typed.find((t) => t.type === 'WireParseResponse')!.value) as {
      metadata: Record<string, unknown>;
      structure: { children: Array<{ children: Array<Record<string, unknown>> }> };
    };
    const element = () => structuredClone(parse);
    const broken: TypedAnswer[] = [
      {
        name: 'broken: element type',
        type: 'WireParseResponse',
        value: edit(element(), (p) => (p.structure.children[0]!.children[0]!.type = 'paragraph')),
      },
      {
        name: 'broken: span missing',
        type: 'WireParseResponse',
        value: edit(element(), (p) => delete p.structure.children[0]!.children[0]!.span),
      },
      { name: 'broken: spans renamed', type: 'WireParseResponse', value: edit(element(), (p) => (p.metadata['spans'] = [])) },
      { name: 'broken: duration as text', type: 'WireParseResponse', value: edit(element(), (p) => (p.metadata['duration_ms'] = '12')) },
    ];
    const errors = typeCheckAnswers([...typed, ...broken]);
    expect(Object.fromEntries([...errors].filter(([name]) => !name.startsWith('broken')))).toEqual({});
    expect([...errors.keys()].filter((name) => name.startsWith('broken')).sort()).toEqual(broken.map((b) => b.name).sort());
    expect(typed.length).toBeGreaterThan(40);
  }, 60_000);
});

function edit<T>(value: T, change: (value: T) => unknown): T {
  change(value);
  return value;
}

function wireType({ method, path, status }: { method: string; path: string; status: number }): WireTypeName {
  if (status >= 400) return 'WireError';
  const route = `${method} ${path.replace(/\/(parse|extract)-[0-9a-z]{26}$/, '/:id')}`;
  const types: Record<string, WireTypeName> = {
    'POST /v2/parse': 'WireParseResponse',
    'POST /v2/extract': 'WireExtractResult',
    'POST /v2/parse/jobs': 'WireJobCreated',
    'POST /v2/extract/jobs': 'WireJobCreated',
    'GET /v2/parse/jobs': 'WireJobList',
    'GET /v2/extract/jobs': 'WireJobList',
    'GET /v2/parse/jobs/:id': 'WireJob<WireParseResponse>',
    'GET /v2/extract/jobs/:id': 'WireJob<WireExtractResult>',
  };
  const type = types[route];
  if (!type) throw new Error(`no wire type for ${route}`);
  return type;
}
