import LandingAIADE, { AuthenticationError } from 'landingai-ade';
import { describe, expect, it } from 'vitest';
import { KEYS, useEmulator } from '../../support/emulatorHarness.js';
import { layoutPdf } from './layoutPdf.js';

// The emulator in SDK-shaped mode: its v2 answers carry nulls, absent optional fields, epoch
// timestamps and the older envelope names, and the official SDK still reads every one.

const SEED = 20240611;
const holder = useEmulator({ sdkShaped: { seed: SEED } });
const raw: Array<{ method: string; path: string; status: number; body: Record<string, unknown> }> = [];

const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (url.protocol !== 'http:') return response;
  const text = await response.clone().text();
  raw.push({ method: init?.method ?? 'GET', path: url.pathname, status: response.status, body: text ? JSON.parse(text) : null });
  return response;
};

const client = (apikey = KEYS.v2) =>
  new LandingAIADE({ apikey, baseURL: holder.emulator.url, v2BaseURL: holder.emulator.url, maxRetries: 0, fetch: recordingFetch });
const file = async () => new File([(await layoutPdf()).slice()], 'layout.pdf', { type: 'application/pdf' });

/** Every null anywhere in an answer, as paths. */
function nulls(value: unknown, at = ''): string[] {
  if (value === null) return [at];
  if (typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => nulls(inner, `${at}.${key}`));
}

describe('the emulator in SDK-shaped mode', () => {
  it('answers polls with epoch timestamps and nulls, and the SDK reads each one', async () => {
    const sdk = client();
    const created = await sdk.v2.parseJobs.create({ document: await file() });
    expect(created.job_id).toMatch(/^parse-/);
    raw.length = 0;
    for (let i = 0; i < 20; i++) {
      const job = await sdk.v2.parseJobs.get(created.job_id);
      expect(job.job_id).toBe(created.job_id);
      expect(['pending', 'processing', 'completed']).toContain(job.status);
      if (job.created_at != null) expect(job.created_at).toBeInstanceOf(Date);
    }
    const polls = raw.filter((r) => r.path.endsWith(created.job_id));
    expect(polls).toHaveLength(20);
    const stamps = polls.map((p) => p.body['created_at'] ?? p.body['received_at']);
    expect(stamps.some((s) => typeof s === 'number')).toBe(true);
    expect(stamps.some((s) => typeof s === 'string')).toBe(true);
    expect(polls.some((p) => nulls(p.body).length > 0)).toBe(true);
  });

  it('shapes parse, extract, list and error answers the SDK still reads', async () => {
    const sdk = client();
    raw.length = 0;
    for (let i = 0; i < 5; i++) {
      const parsed = await sdk.v2.parse({ document: await file() });
      expect(parsed.metadata).toBeTruthy();
    }
    const schema = { type: 'object', properties: { invoice_number: { type: 'string' } } };
    for (let i = 0; i < 5; i++) {
      const extracted = await sdk.v2.extract({ schema, markdown: 'Invoice number: INV-77' });
      expect(extracted.extraction).toBeTruthy();
    }
    for (let i = 0; i < 5; i++) expect(Array.isArray((await sdk.v2.parseJobs.list({ page: 0, page_size: 10 })).jobs)).toBe(true);
    const refused = await client('not-a-key')
      .v2.parse({ document: await file() })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthenticationError);
    const shaped = raw.filter((r) => r.status < 400);
    expect(shaped.some((r) => nulls(r.body).length > 0)).toBe(true);
    const error = raw.find((r) => r.status === 401)!.body;
    expect(Object.keys(error).sort()).toEqual(['code', 'message']);
  });
});
