import { describe, expect, it } from 'vitest';
import { AnalyzerClient } from '../../../../electron/api/analyzerClient.js';
import { endpointFor } from '../../../../electron/api/clientEndpoint.js';
import { callService } from '../../../../electron/api/serviceCall.js';
import { armFault, caught, credential, encryptedPdf, KEYS, pdf, PNG, requestsTo, useEmulator } from '../../../support/emulatorHarness.js';

const holder = useEmulator();
const PATH = '/v1/tools/agentic-document-analysis';
const analyzer = (key = KEYS.analyzer) => new AnalyzerClient({ credential: credential('analyzer', holder.emulator.url, key) });

describe('the older analyzer', () => {
  it('analyzes a PDF into markdown and chunks with {l,t,r,b} boxes and 0-based pages', async () => {
    const { response, pageErrors, extractionError } = await analyzer().analyze({ document: { bytes: await pdf(2), filename: 'a.pdf' } });
    expect(pageErrors).toEqual([]);
    expect(extractionError).toBeNull();
    const pages = new Set(response.data.chunks.map((c) => c.grounding[0]!.page));
    expect([...pages]).toEqual([0, 1]);
    expect(response.data.chunks.map((c) => c.chunk_type)).toContain('marginalia');
    expect(response.data.markdown).toMatch(/<!-- text, from page 0/);
    const box = response.data.chunks[0]!.grounding[0]!.box;
    expect(box.l).toBeLessThan(box.r);
    expect(response.data.extracted_schema).toBeUndefined();
  });

  it('sends pages, the flags and fields_schema, and surfaces extraction_error', async () => {
    const schema = { type: 'object', properties: { total: { type: 'number' }, iban: { type: 'string' } }, required: ['iban'] };
    const outcome = await analyzer().analyze({
      document: { bytes: await pdf(3), filename: 'a.pdf' },
      pages: [1],
      include_marginalia: false,
      include_metadata_in_markdown: false,
      fields_schema: schema,
    });
    expect(new Set(outcome.response.data.chunks.map((c) => c.grounding[0]!.page))).toEqual(new Set([1]));
    expect(outcome.response.data.chunks.map((c) => c.chunk_type)).not.toContain('marginalia');
    expect(outcome.response.data.markdown).not.toMatch(/<!--/);
    expect(outcome.response.data.extracted_schema).toMatchObject({ total: expect.any(Number), iban: null });
    expect(outcome.extractionError).toMatch(/iban/);
    expect(holder.emulator.requests.at(-1)?.query).toBe('?pages=1');
  });

  it('surfaces per-page errors[]', async () => {
    await armFault(holder.emulator, { fault: { kind: 'failPages', pages: [2] } });
    const { pageErrors } = await analyzer().analyze({ document: { bytes: await pdf(2), filename: 'a.pdf' } });
    expect(pageErrors).toEqual([expect.objectContaining({ page_num: 1, error_code: 500 })]);
  });

  it('analyzes an image', async () => {
    const { response } = await analyzer().analyze({ document: { bytes: PNG, filename: 'a.png' } });
    expect(response.data.chunks.length).toBeGreaterThan(0);
  });

  it.each([
    ['a PDF over 50 pages', async () => ({ document: { bytes: await pdf(51), filename: 'big.pdf' } }), 'too_many_pages'],
    ['an image over 50 MB', async () => ({ document: { bytes: hugePng(), filename: 'huge.png' } }), 'file_too_large'],
    [
      'a fields_schema that is an array',
      async () => ({ document: { bytes: await pdf(1), filename: 'a.pdf' }, fields_schema: '[]' }),
      'invalid_schema',
    ],
    ['an encrypted PDF', async () => ({ document: { bytes: await encryptedPdf(), filename: 'locked.pdf' } }), 'encrypted_pdf'],
    ['negative pages', async () => ({ document: { bytes: await pdf(1), filename: 'a.pdf' }, pages: [-1] }), 'invalid_pages'],
  ])('refuses %s before sending', async (_name, input, code) => {
    expect((await caught(analyzer().analyze(await input()))).code).toBe(code);
    expect(requestsTo(holder.emulator, PATH)).toBe(0);
  });

  it.each([
    ['no file (the "Test key" probe)', () => new FormData(), {}, 'pdf'],
    ['a PDF over 50 pages', async () => form('pdf', await pdf(51)), {}, 'pdf'],
    ['fields_schema that is not an object', async () => form('pdf', await pdf(1), { fields_schema: '"x"' }), {}, 'fields_schema'],
    ['a page that does not exist', async () => form('pdf', await pdf(1)), { pages: '3' }, 'query.pages'],
  ])('the emulator refuses %s with a field-level 422', async (_name, body, query, field) => {
    const endpoint = endpointFor({ credential: credential('analyzer', holder.emulator.url, KEYS.analyzer) });
    const error = await caught(callService(endpoint, { method: 'POST', path: PATH, body: await body(), query }));
    expect(error).toMatchObject({ code: 'validation_error', status: 422 });
    expect(error.fields?.[field]).toBeTruthy();
  });

  it('refuses an unknown key with 401 before validating', async () => {
    expect(await caught(analyzer('nope').analyze({ document: { bytes: await pdf(1), filename: 'a.pdf' } }))).toMatchObject({
      code: 'invalid_api_key',
      status: 401,
    });
  });
});

function form(field: string, bytes: Uint8Array<ArrayBuffer>, extra: Record<string, string> = {}): FormData {
  const f = new FormData();
  f.set(field, new Blob([bytes]), 'doc.pdf');
  for (const [k, v] of Object.entries(extra)) f.set(k, v);
  return f;
}

function hugePng(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(50 * 1024 * 1024 + 1);
  bytes.set(PNG);
  return bytes;
}
