import { describe, expect, it } from 'vitest';
import { KEYS, pdf, useEmulator } from '../../support/emulatorHarness.js';
import { call } from './emulatorCalls.js';

// v2.parse.model.names, v2.errors.validation-422: a field sent empty is not a field left out.
// `model=` names no model and `options=` is no JSON object: both are a 422 validation_error,
// so a client that sends one instead of leaving it out is caught.

const holder = useEmulator();

async function parseForm(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  form.set('document', new Blob([await pdf(1)]), 'a.pdf');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
const refusedAs = (field: string) => ({
  status: 422,
  json: { code: 'validation_error', message: expect.stringContaining(`${field} is empty`) },
});
const SCHEMA = { type: 'object', properties: { total: { type: 'number' } } };

describe('empty fields', () => {
  it.each(['/v2/parse', '/v2/parse/jobs'])('%s refuses model= and options= (and "   "), and takes them left out', async (path) => {
    const post = async (fields: Record<string, string>) =>
      call(holder.emulator, 'POST', path, { key: KEYS.v2, form: await parseForm(fields) });
    expect(await post({ model: '' })).toMatchObject(refusedAs('model'));
    expect(await post({ options: '' })).toMatchObject(refusedAs('options'));
    expect(await post({ options: '   ' })).toMatchObject(refusedAs('options'));
    expect((await post({})).status).toBeLessThan(300);
    expect((await post({ model: 'dpt-3-pro', options: '{}' })).status).toBeLessThan(300);
  });

  it.each(['/v2/extract', '/v2/extract/jobs'])('%s refuses an empty model, in a JSON body or a form', async (path) => {
    const json = await call(holder.emulator, 'POST', path, { key: KEYS.v2, json: { schema: SCHEMA, markdown: 'Total: 1', model: '' } });
    expect(json).toMatchObject(refusedAs('model'));
    const form = new FormData();
    form.set('schema', JSON.stringify(SCHEMA));
    form.set('markdown', 'Total: 1');
    form.set('model', '');
    expect(await call(holder.emulator, 'POST', path, { key: KEYS.v2, form })).toMatchObject(refusedAs('model'));
    form.delete('model');
    form.set('options', '');
    expect(await call(holder.emulator, 'POST', path, { key: KEYS.v2, form })).toMatchObject(refusedAs('options'));
    const left = await call(holder.emulator, 'POST', path, { key: KEYS.v2, json: { schema: SCHEMA, markdown: 'Total: 1' } });
    expect(left.status).toBeLessThan(300);
  });
});
