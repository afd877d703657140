import { describe, expect, it } from 'vitest';
import { KEYS, presignedStorageUrl, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

const holder = useEmulator();
const extract = (path: '/v2/extract' | '/v2/extract/jobs', json: unknown) => call(holder.emulator, 'POST', path, { key: KEYS.v2, json });
const SCHEMA = {
  type: 'object',
  properties: { total: { type: 'number' }, count: { type: 'integer' }, amounts: { type: 'array', items: { type: 'number' } } },
};

describe('extract requests, judged by the emulator itself', () => {
  it('refuses service_tier on extract jobs: it exists on parse jobs only', async () => {
    const answer = await extract('/v2/extract/jobs', { schema: SCHEMA, markdown: 'Total: 1', service_tier: 'priority' });
    expect(answer).toMatchObject({
      status: 422,
      json: { code: 'validation_error', message: expect.stringMatching(/service_tier.*parse\/jobs/) },
    });
    expect((await extract('/v2/extract', { schema: SCHEMA, markdown: 'Total: 1', service_tier: 'standard' })).status).toBe(422);
    expect((await extract('/v2/extract/jobs', { schema: SCHEMA, markdown: 'Total: 1' })).status).toBe(202);
  });

  it('refuses output_save_url on the sync route and unknown fields anywhere', async () => {
    expect(
      (await extract('/v2/extract', { schema: SCHEMA, markdown: 'x', output_save_url: 'https://example.com/o' })).json.message,
    ).toMatch(/only by POST \/v2\/extract\/jobs/);
    expect((await extract('/v2/extract', { schema: SCHEMA, markdown: 'x', options: { strict: true, pages: [1] } })).json.message).toMatch(
      /options\.pages/,
    );
    expect((await extract('/v2/extract', { schema: [], markdown: 'x' })).json.message).toMatch(/schema must be a JSON object/);
    expect((await extract('/v2/extract', { schema: SCHEMA })).json.message).toMatch(/exactly one of markdown and markdown_url/);
  });

  it("names the exact window when an extract job's output_save_url is too short: the 15-minute floor", async () => {
    const answer = await extract('/v2/extract/jobs', {
      schema: SCHEMA,
      markdown: 'x',
      output_save_url: presignedStorageUrl(holder.emulator, 'o.json', 899),
    });
    expect(answer).toMatchObject({
      status: 422,
      json: { code: 'validation_error', message: expect.stringMatching(/at least 15 min \(15 minutes \+ 3 seconds for each of 0 pages\)/) },
    });
  });
});

describe('extracted values that do not fit their type', () => {
  it('a number field reading "abc" is null with a nonconformant_output warning (206)', async () => {
    const answer = await extract('/v2/extract', { schema: SCHEMA, markdown: 'Total: abc\nCount: 3.5\nAmounts: 12\nAmounts: n/a\n' });
    expect(answer.status).toBe(206);
    expect(answer.json.extraction).toEqual({ total: null, count: null, amounts: [12, null] });
    const warnings = answer.json.warnings as { code: string; msg: string }[];
    expect(warnings.filter((w) => w.code === 'nonconformant_output').map((w) => w.msg)).toEqual([
      expect.stringMatching(/total.*"abc"/),
      expect.stringMatching(/count.*"3\.5"/),
      expect.stringMatching(/amounts.*"n\/a"/),
    ]);
  });

  it('numbers as documents write them are read', async () => {
    const answer = await extract('/v2/extract', { schema: SCHEMA, markdown: 'Total: $1,242.00\nCount: -7\n' });
    expect(answer.status).toBe(200);
    expect(answer.json.extraction).toMatchObject({ total: 1242, count: -7 });
    expect(answer.json.warnings).toEqual([]);
  });
});
