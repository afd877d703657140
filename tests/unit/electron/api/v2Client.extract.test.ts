import { describe, expect, it } from 'vitest';
import { V2Client } from '../../../../electron/api/v2Client.js';
import { caught, credential, KEYS, presignedStorageUrl, requestsTo, until, useEmulator } from '../../../support/emulatorHarness.js';

const holder = useEmulator();
const v2 = () => new V2Client({ credential: credential('v2', holder.emulator.url, KEYS.v2) });

const MARKDOWN = '# Invoice 🧾\n\nInvoice number: INV-042\nTotal: 1234.50\nPaid: yes\n';
const SCHEMA = {
  type: 'object',
  properties: { invoice_number: { type: 'string' }, total: { type: 'number' }, paid: { type: 'boolean' } },
  required: ['invoice_number', 'total'],
};

describe('POST /v2/extract', () => {
  it('extracts fields with code-point ranges (200)', async () => {
    const outcome = await v2().extract({ markdown: MARKDOWN, schema: SCHEMA });
    expect(outcome).toMatchObject({ status: 200, partial: false });
    const { extraction, extraction_metadata, metadata } = outcome.response;
    expect(extraction).toEqual({ invoice_number: 'INV-042', total: 1234.5, paid: true });
    const range = (extraction_metadata.invoice_number as { ranges: { start: number; end: number }[] }).ranges[0]!;
    expect(Array.from(MARKDOWN).slice(range.start, range.end).join('')).toBe('INV-042');
    expect(metadata).toMatchObject({
      range_units: 'unicode_codepoints',
      input_markdown_chars: Array.from(MARKDOWN).length,
      model_version: 'extract-20251024',
    });
    expect(metadata.job_id).toMatch(/^extract-/);
    expect(metadata.billing?.total_credits).toBeGreaterThan(0);
  });

  it.each([
    [
      'schema_violation_error for a missing required field',
      { ...SCHEMA, properties: { ...SCHEMA.properties, due: { type: 'string' } }, required: ['due'] },
      'schema_violation_error',
      /due/,
    ],
    [
      'warnings for a schema part that was pruned',
      { ...SCHEMA, properties: { ...SCHEMA.properties, when: { type: 'date' } } },
      'warnings',
      /nonconformant_schema/,
    ],
  ])('answers 206 with %s', async (_name, schema, signal, text) => {
    const outcome = await v2().extract({ markdown: MARKDOWN, schema });
    expect(outcome).toMatchObject({ status: 206, partial: true });
    expect(JSON.stringify(outcome.response[signal])).toMatch(text);
  });

  it('refuses a pruned schema part with 422 when options.strict', async () => {
    const schema = { ...SCHEMA, properties: { when: { type: 'date' } } };
    expect(await caught(v2().extract({ markdown: MARKDOWN, schema, options: { strict: true } }))).toMatchObject({
      code: 'validation_error',
      status: 422,
    });
  });

  it.each([
    ['a schema that is not an object', { markdown: MARKDOWN, schema: '[1,2]' }, 'invalid_schema'],
    ['a schema that is not JSON', { markdown: MARKDOWN, schema: '{oops' }, 'invalid_schema'],
    ['both markdown and markdown_url', { markdown: MARKDOWN, markdown_url: 'https://e.com/a.md', schema: SCHEMA }, 'validation_error'],
    ['neither markdown nor markdown_url', { schema: SCHEMA }, 'validation_error'],
    ['a markdown_url that is not http(s)', { markdown_url: 'data:text/plain,x', schema: SCHEMA }, 'invalid_url'],
  ])('refuses %s before sending', async (_name, input, code) => {
    expect((await caught(v2().extract(input))).code).toBe(code);
    expect(requestsTo(holder.emulator, '/v2/extract')).toBe(0);
  });

  it('answers an unknown model with unknown_model_version', async () => {
    expect(await caught(v2().extract({ markdown: MARKDOWN, schema: SCHEMA, model: 'extract-1999' }))).toMatchObject({
      code: 'unknown_model_version',
      status: 422,
    });
  });
});

describe('extract jobs', () => {
  it('creates, polls at /v2/extract/jobs/{id} until completed, and lists', async () => {
    const { job } = await v2().createExtractJob({ markdown: MARKDOWN, schema: SCHEMA });
    expect(job.job_id).toMatch(/^extract-[0-9a-hjkmnp-tv-z]{26}$/);
    const done = await until(
      () => v2().getExtractJob(job.job_id),
      (p) => p.status === 'completed',
    );
    expect(done.result?.extraction).toMatchObject({ total: 1234.5 });
    expect(requestsTo(holder.emulator, `/v2/extract/jobs/${job.job_id}`)).toBeGreaterThan(0);
    const list = await v2().listExtractJobs({ pageSize: 1 });
    expect(list.jobs.map((j) => j.job_id)).toEqual([job.job_id]);
    expect((await v2().listParseJobs()).jobs).toEqual([]);
  });

  it('keeps a 206-worthy result at 200 on the poll, signals inside result', async () => {
    const { job } = await v2().createExtractJob({ markdown: MARKDOWN, schema: { ...SCHEMA, required: ['missing'] } });
    const done = await until(
      () => v2().getExtractJob(job.job_id),
      (p) => p.status === 'completed',
    );
    expect(done.result?.schema_violation_error).toMatch(/missing/);
  });

  it('delivers to output_save_url', async () => {
    const url = presignedStorageUrl(holder.emulator, 'extract.json', 3600);
    const { job } = await v2().createExtractJob({ markdown: MARKDOWN, schema: SCHEMA, output_save_url: url });
    const done = await until(
      () => v2().getExtractJob(job.job_id),
      (p) => p.status === 'completed',
    );
    expect(done.output_url).toBe(url);
    // The URL is presigned for the upload only; the object is read back without the signature.
    expect(((await (await fetch(url.split('?')[0]!)).json()) as { extraction: unknown }).extraction).toMatchObject({
      invoice_number: 'INV-042',
    });
  });

  it('accepts an older extract job id', async () => {
    await fetch(`${holder.emulator.url}/__control/jobs`, {
      method: 'POST',
      body: JSON.stringify({ key: KEYS.v2, service: 'extract', job_id: 'job_77aa' }),
    });
    expect((await v2().getExtractJob('job_77aa')).status).toBe('completed');
  });
});
