import { describe, expect, it } from 'vitest';
import { KEYS, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

const holder = useEmulator();

describe('tag creation on the emulator', () => {
  it('takes {name} only: a `required` body field (a misreading of the contract) is refused, so a client sending it is caught', async () => {
    const headers = { apikey: KEYS.v1 };
    const project = await call(holder.emulator, 'POST', '/v1/projects', { json: { name: 'tags' }, headers });
    const id = (project.json.data as { id: number }).id;
    const refused = await call(holder.emulator, 'POST', `/v1/projects/${id}/tags`, { json: { name: 'scratch', required: true }, headers });
    expect(refused).toMatchObject({ status: 422, json: { detail: [{ loc: ['body', 'required'], type: 'extra_forbidden' }] } });
    const made = await call(holder.emulator, 'POST', `/v1/projects/${id}/tags`, { json: { name: 'scratch' }, headers });
    expect(made.status).toBe(200);
    expect(made.json.data).not.toHaveProperty('required');
  });

  it('takes `timeout` as an integer or left out, and refuses an empty `timeout=` as a FastAPI service does (null cannot be written)', async () => {
    const headers = { apikey: KEYS.v1 };
    const id = ((await call(holder.emulator, 'POST', '/v1/projects', { json: { name: 't2' }, headers })).json.data as { id: number }).id;
    expect((await call(holder.emulator, 'POST', `/v1/projects/${id}/tags`, { json: { name: 'a' }, headers })).status).toBe(200);
    expect((await call(holder.emulator, 'POST', `/v1/projects/${id}/tags?timeout=30`, { json: { name: 'b' }, headers })).status).toBe(200);
    for (const [query, name] of [
      ['timeout=', 'c'],
      ['timeout=abc', 'd'],
    ]) {
      expect(await call(holder.emulator, 'POST', `/v1/projects/${id}/tags?${query}`, { json: { name }, headers })).toMatchObject({
        status: 422,
        json: { detail: [{ loc: ['query', 'timeout'], msg: expect.stringContaining('valid integer'), type: 'int_parsing' }] },
      });
    }
  });
});
