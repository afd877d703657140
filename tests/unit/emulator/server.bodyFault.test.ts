import { describe, expect, it } from 'vitest';
import { armFault, KEYS, pdf, requestsTo, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

// The `body` fault: the work is done (as if billed), and the answer is the fault's status and
// JSON instead of the route's own, so a client meets a 2xx answer it may not be able to read.

const holder = useEmulator();
const ODD = { answer_format: 'v9', pages: [{ text: 'hello' }] };

async function parse(key = KEYS.v2) {
  const form = new FormData();
  form.set('document', new Blob([await pdf(1)]), 'a.pdf');
  return call(holder.emulator, 'POST', '/v2/parse', { key, form });
}

describe('the body fault', () => {
  it('answers a direct parse with its status and JSON body, once', async () => {
    await armFault(holder.emulator, { fault: { kind: 'body', status: 200, body: ODD } });
    const odd = await parse();
    expect(odd.status).toBe(200);
    expect(odd.json).toEqual(ODD);
    expect(odd.headers.get('content-type')).toMatch(/application\/json/);
    // Used up: the next parse is the service's own answer.
    const normal = await parse();
    expect(normal.status).toBe(200);
    expect(normal.json).toHaveProperty('markdown');
    expect(requestsTo(holder.emulator, '/v2/parse')).toBe(2);
  });

  it('leaves a request the route refuses with its own error, and applies to the next one that is handled', async () => {
    await armFault(holder.emulator, { fault: { kind: 'body', status: 200, body: ODD }, times: 2 });
    const refused = await parse('not-a-key');
    expect(refused).toMatchObject({ status: 401, json: { code: 'invalid_api_key' } });
    expect((await parse()).json).toEqual(ODD);
  });

  it('by default does not touch job creates or lists; a match reaches any path', async () => {
    await armFault(holder.emulator, { fault: { kind: 'body', status: 202, body: ODD } });
    const list = await call(holder.emulator, 'GET', '/v2/parse/jobs', { key: KEYS.v2 });
    expect(list.json).not.toEqual(ODD);
    expect((await parse()).status).toBe(202); // still armed until a direct call took it

    await armFault(holder.emulator, {
      fault: { kind: 'body', status: 200, body: [1, 2] },
      match: { method: 'GET', path: '/v2/parse/jobs' },
    });
    expect((await call(holder.emulator, 'GET', '/v2/parse/jobs', { key: KEYS.v2 })).json).toEqual([1, 2]);
  });
});
