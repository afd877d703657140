import { describe, expect, it } from 'vitest';
import type { StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { endpointFor } from '../../../../electron/api/clientEndpoint.js';
import { callService } from '../../../../electron/api/serviceCall.js';
import { V2Client } from '../../../../electron/api/v2Client.js';
import { ownerPasswordOnlyPdf, passwordProtectedPdf } from '../../../support/encryptedPdf.js';
import {
  armFault,
  caught,
  credential,
  encryptedPdf,
  KEYS,
  pdf,
  PNG,
  presignedStorageUrl,
  requestsTo,
  useEmulator,
} from '../../../support/emulatorHarness.js';

const holder = useEmulator();
const v2 = () => new V2Client({ credential: credential('v2', holder.emulator.url, KEYS.v2) });

function nodes(root: StructureNode): StructureNode[] {
  return [root, ...(root.children ?? []).flatMap(nodes)];
}

describe('POST /v2/parse', () => {
  it('returns a result built from the real document, with code-point ranges, boxes and ids', async () => {
    const outcome = await v2().parse({ document: { bytes: await pdf(3), filename: 'report 🧾.pdf' } });
    const { response } = outcome;
    expect(outcome).toMatchObject({ status: 200, partial: false, failedPages: [] });
    expect(response.metadata).toMatchObject({
      page_count: 3,
      range_units: 'unicode_codepoints',
      filename: 'report 🧾.pdf',
      version: 'dpt-3-pro-20251103',
    });
    expect(response.metadata.job_id).toMatch(/^parse-[0-9a-hjkmnp-tv-z]{26}$/);
    expect(response.metadata.billing?.total_credits).toBeGreaterThan(0);
    expect(response.metadata.output_markdown_chars).toBe(Array.from(response.markdown).length);
    expect(response.structure.children?.map((p) => p.page)).toEqual([1, 2, 3]);

    const codePoints = Array.from(response.markdown);
    const all = nodes(response.structure).slice(1);
    for (const node of all) {
      const { range, box } = node.grounding!;
      expect(range.start).toBeLessThanOrEqual(range.end);
      expect(range.end).toBeLessThanOrEqual(codePoints.length);
      for (const v of [box.xmin, box.ymin, box.xmax, box.ymax]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
        expect(Math.round(v * 1e5) / 1e5).toBe(v);
      }
      if (node.type !== 'page') expect(node.id).toMatch(new RegExp(`^${node.type}-\\d+$`));
      if (node.type !== 'page' && node.type !== 'table') expect(node.atomic_grounding?.length).toBeGreaterThan(0);
      if (node.type === 'table') expect(node.atomic_grounding).toBeUndefined();
      expect(node.markdown).toBeUndefined();
    }
    // The astral characters sit before later ranges: a UTF-16 count would be off.
    const second = all.find((n) => n.id === 'text-1')!;
    expect(codePoints.slice(second.grounding!.range.start, second.grounding!.range.end).join('')).toContain('📄');
    const cell = all.find((n) => n.id === 'table_cell-3')!;
    expect(cell).toMatchObject({ row: 1, col: 1, rowspan: 1, colspan: 1 });
  });

  it('honours atomic_grounding false, inline_markdown true and pages', async () => {
    const { response } = await v2().parse({
      document: { bytes: await pdf(4), filename: 'a.pdf' },
      model: 'dpt-3-verity',
      options: { pages: [2, 4], atomic_grounding: false, inline_markdown: true },
    });
    expect(response.structure.children?.map((p) => p.page)).toEqual([2, 4]);
    expect(response.metadata.version).toBe('dpt-3-verity-20251103');
    const codePoints = Array.from(response.markdown);
    expect(response.structure.markdown).toBe(response.markdown);
    for (const node of nodes(response.structure).slice(1)) {
      expect(node.atomic_grounding).toBeUndefined();
      expect(node.markdown).toBe(codePoints.slice(node.grounding!.range.start, node.grounding!.range.end).join(''));
    }
  });

  it('parses an image as one page and a document_url the emulator hosts', async () => {
    const image = await v2().parse({ document: { bytes: PNG, filename: 'scan.png' } });
    expect(image.response.metadata.page_count).toBe(1);
    await fetch(`${holder.emulator.url}/__storage/hosted.pdf`, { method: 'PUT', body: await pdf(2) });
    const hosted = await v2().parse({ document_url: `${holder.emulator.url}/__storage/hosted.pdf` });
    expect(hosted.response.metadata).toMatchObject({ page_count: 2, filename: 'hosted.pdf' });
  });

  it('reports 206 with failed pages and page status', async () => {
    await armFault(holder.emulator, { fault: { kind: 'failPages', pages: [2] } });
    const outcome = await v2().parse({ document: { bytes: await pdf(3), filename: 'a.pdf' } });
    expect(outcome).toMatchObject({ status: 206, partial: true, failedPages: [2] });
    const pages = outcome.response.structure.children!;
    expect(pages.map((p) => p.status)).toEqual(['ok', 'failed', 'ok']);
    expect(pages[1]!.children).toEqual([]);
    const page3 = pages[2]!;
    const codePoints = Array.from(outcome.response.markdown);
    expect(codePoints.slice(page3.grounding!.range.start, page3.grounding!.range.end).join('')).toMatch(/^## Page 3/);
  });

  it('keeps unknown fields verbatim', async () => {
    const { response } = await v2().parse({ document: { bytes: await pdf(1), filename: 'a.pdf' } });
    expect(response.metadata.openapi_spec).toMatch(/openapi/);
    expect(Object.keys(response.structure.children![0]!)).toContain('reason');
  });
});

describe('parse checks before sending (no request reaches the service)', () => {
  it.each([
    [
      'unknown option key',
      async () => ({ document: { bytes: await pdf(1), filename: 'a.pdf' }, options: { dpi: 300 } }),
      'unknown_option',
      'options.dpi',
    ],
    [
      'retired blocks.<type>.caption',
      async () => ({ document: { bytes: await pdf(1), filename: 'a.pdf' }, options: { blocks: { table: { caption: 'x' } } } }),
      'unknown_option',
      'options.blocks.table.caption',
    ],
    [
      'pages containing 0',
      async () => ({ document: { bytes: await pdf(1), filename: 'a.pdf' }, options: { pages: [0, 1] } }),
      'invalid_pages',
      'options.pages',
    ],
    [
      'a password',
      async () => ({ document: { bytes: await pdf(1), filename: 'a.pdf' }, options: { password: 'secret' } }),
      'password_not_supported',
      'options.password',
    ],
    ['an encrypted PDF', async () => ({ document: { bytes: await encryptedPdf(), filename: 'locked.pdf' } }), 'encrypted_pdf', undefined],
    [
      'both document and document_url',
      async () => ({ document: { bytes: await pdf(1), filename: 'a.pdf' }, document_url: 'https://example.com/a.pdf' }),
      'document_conflict',
      'document_url',
    ],
    ['neither document nor document_url', async () => ({}), 'document_required', 'document'],
    ['a document_url that is not http(s)', async () => ({ document_url: 'file:///etc/passwd' }), 'invalid_url', 'document_url'],
  ])('refuses %s', async (_name, input, code, field) => {
    const error = await caught(v2().parse(await input()));
    expect(error.code).toBe(code);
    if (field) expect(error.fields?.[field]).toBeTruthy();
    expect(error.hint).toBeTruthy();
    expect(requestsTo(holder.emulator, '/v2/parse')).toBe(0);
  });
});

describe('the emulator answers every 422 of the contract with a stable code', () => {
  const send = async (fields: Record<string, string | Blob>, path = '/v2/parse') => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const endpoint = endpointFor({ credential: credential('v2', holder.emulator.url, KEYS.v2) });
    return caught(callService(endpoint, { method: 'POST', path, body: form }));
  };
  const doc = async (pages = 1) => new Blob([await pdf(pages)]);
  it.each([
    ['unknown option key', async () => ({ document: await doc(), options: '{"dpi":300}' }), 'validation_error', /options\.dpi/],
    [
      'retired grounding option',
      async () => ({ document: await doc(), options: '{"grounding":true}' }),
      'validation_error',
      /options\.grounding/,
    ],
    [
      'retired caption',
      async () => ({ document: await doc(), options: '{"blocks":{"text":{"caption":"x"}}}' }),
      'validation_error',
      /caption/,
    ],
    ['pages containing 0', async () => ({ document: await doc(), options: '{"pages":[0]}' }), 'validation_error', /0 is not a page/],
    ['a password', async () => ({ document: await doc(), options: '{"password":"x"}' }), 'validation_error', /password/],
    ['an encrypted PDF', async () => ({ document: new Blob([await encryptedPdf()]) }), 'validation_error', /encrypted/],
    // Its own check, not the client's: real encryption, in a cross-reference stream, with and without a user password.
    [
      'a PDF with a user password',
      async () => ({ document: new Blob([await passwordProtectedPdf({ pages: 1, title: 'x' })]) }),
      'validation_error',
      /encrypted/,
    ],
    [
      'a PDF with an owner password only',
      async () => ({ document: new Blob([await ownerPasswordOnlyPdf({ pages: 1, title: 'x' })]) }),
      'validation_error',
      /encrypted/,
    ],
    ['both inputs', async () => ({ document: await doc(), document_url: 'https://example.com/a.pdf' }), 'validation_error', /not both/],
    ['no input', async () => ({ model: 'dpt-3-pro' }), 'validation_error', /neither/],
    ['an unknown model', async () => ({ document: await doc(), model: 'dpt-9' }), 'unknown_model_version', /dpt-9/],
    ['a non-http document_url', async () => ({ document_url: 'ftp://example.com/a.pdf' }), 'invalid_url', /http/],
    ['a page beyond the document', async () => ({ document: await doc(2), options: '{"pages":[3]}' }), 'validation_error', /2 page/],
    [
      'service_tier on the sync route',
      async () => ({ document: await doc(), service_tier: 'priority' }),
      'validation_error',
      /only by POST \/v2\/parse\/jobs/,
    ],
  ])('%s', async (_name, fields, code, message) => {
    const error = await send(await fields());
    expect(error).toMatchObject({ code, status: 422 });
    expect(error.message).toMatch(message);
  });

  it.each([
    ['an expired output_save_url', 60, -3_600_000, 'validation_error', /already expired/],
    ['a window under 15 min + 3 s per page', 903, 0, 'validation_error', /it must stay valid for at least 15 min 6 s/],
  ])('job with %s', async (_name, seconds, signedAgo, code, message) => {
    const url = presignedStorageUrl(holder.emulator, 'out.json', seconds, Date.now() + signedAgo);
    const error = await send({ document: await doc(2), output_save_url: url }, '/v2/parse/jobs');
    expect(error).toMatchObject({ code, status: 422 });
    expect(error.message).toMatch(message);
  });

  it('refuses an unknown key before validating anything', async () => {
    const endpoint = endpointFor({ credential: credential('v2', holder.emulator.url, 'wrong') });
    const error = await caught(callService(endpoint, { method: 'POST', path: '/v2/parse', body: new FormData() }));
    expect(error).toMatchObject({ code: 'invalid_api_key', status: 401 });
  });
});

describe('emulator results from the real text', () => {
  it('parses a text PDF from its own text (read with pdf.js), so the result shows what is on the page', async () => {
    const { readFile } = await import('node:fs/promises');
    const invoice = new Uint8Array(await readFile('resources/samples/invoice.pdf'));
    const { response } = await v2().parse({ document: { bytes: invoice, filename: 'invoice.pdf' } });
    expect(response.markdown).toContain('Invoice number: INV-2024-0042');
    expect(response.metadata.billing?.total_credits).toBeGreaterThan(0);
    const texts = nodes(response.structure).filter((n) => n.type === 'text');
    expect(texts.length).toBeGreaterThan(3);
  });
});
