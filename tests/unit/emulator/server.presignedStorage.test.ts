import { describe, expect, it } from 'vitest';
import { KEYS, pdf, presignedStorageUrl, until, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

const holder = useEmulator();
const storage = (method: string, pathAndQuery: string, body?: string) =>
  fetch(`${holder.emulator.url}/__storage/${pathAndQuery}`, { method, ...(body !== undefined ? { body } : {}) });

describe("presigned upload URLs on the emulator's storage", () => {
  it.each([
    ['AWS', 'X-Amz-Date=20990101T000000Z&X-Amz-Expires=3600&X-Amz-Signature=abc'],
    ['GCS', 'X-Goog-Date=20990101T000000Z&X-Goog-Expires=3600&X-Goog-Signature=abc'],
    ['Azure', 'sv=2022-11-02&se=2099-01-01T00%3A00%3A00Z&sp=cw&sig=abc'],
  ])('%s: PUT stores, GET with the signed URL is 403 with an S3-like XML error', async (_vendor, query) => {
    expect((await storage('PUT', `signed.json?${query}`, '{"ok":true}')).status).toBe(200);
    const read = await storage('GET', `signed.json?${query}`);
    expect(read.status).toBe(403);
    expect(read.headers.get('content-type')).toMatch(/xml/);
    expect(await read.text()).toMatch(/^<\?xml[^>]*\?><Error><Code>SignatureDoesNotMatch<\/Code>/);
    // The object is there: unsigned, the emulator's storage still serves it.
    expect(await (await storage('GET', 'signed.json')).json()).toEqual({ ok: true });
  });

  it('an Azure SAS that grants read (sp with r) serves GET: only a write-only one is an upload URL', async () => {
    const query = 'sv=2022-11-02&se=2099-01-01T00%3A00%3A00Z&sp=rcw&sig=abc';
    await storage('PUT', `readable.json?${query}`, '{"r":1}');
    const read = await storage('GET', `readable.json?${query}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ r: 1 });
  });

  it('a URL without a signature keeps serving GET, even with an expiry', async () => {
    await storage('PUT', 'plain.json?X-Amz-Date=20990101T000000Z&X-Amz-Expires=3600', '{"n":1}');
    const read = await storage('GET', 'plain.json?X-Amz-Date=20990101T000000Z&X-Amz-Expires=3600');
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ n: 1 });
  });

  it('a job delivers to a presigned output_save_url, whose output_url then refuses GET', async () => {
    const url = presignedStorageUrl(holder.emulator, 'job.json', 3600);
    const form = new FormData();
    form.set('document', new Blob([await pdf(1)]), 'a.pdf');
    form.set('output_save_url', url);
    const created = await call(holder.emulator, 'POST', '/v2/parse/jobs', { key: KEYS.v2, form });
    const done = await until(
      () => call(holder.emulator, 'GET', `/v2/parse/jobs/${created.json.job_id as string}`, { key: KEYS.v2 }),
      (a) => a.json.status === 'completed',
    );
    expect(done.json.output_url).toBe(url);
    expect((await fetch(url)).status).toBe(403);
  });
});
