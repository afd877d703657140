import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V2Client } from '../../../../electron/api/v2Client.js';
import { extractNotices } from '../../../../shared/grounding/fields.js';
import { recogniseResult } from '../../../../shared/resultShapes.js';
import { startServer, type TestServer } from '../../../support/streamingServer.js';
import { credential } from '../../../support/emulatorHarness.js';

// A paid extract answer in a shape the contract leaves open (warnings as strings or objects
// of any shape, schema_violation_error as a string or an object) is kept and shown; what
// cannot be read becomes its JSON text, never a refusal.

const MARKDOWN = 'Total: 12\n';
const base = {
  extraction: { total: 12 },
  extraction_metadata: { total: { ranges: [{ start: 7, end: 9 }] } },
  metadata: { range_units: 'unicode_codepoints' },
};
const SHAPES: Record<string, unknown> = {
  strings: { ...base, warnings: ['total was rounded', 'page 2 was blank'] },
  objects: { ...base, warnings: [{ type: 'coercion', detail: { field: 'total' } }, { code: 'pruned', msg: { text: 'not a string' } }, 7] },
  violationObject: { ...base, schema_violation_error: { path: ['due'], message: "'due' is a required property" } },
  oneWarningObject: { ...base, warnings: { code: 'pruned', msg: 'the schema part "notes" was pruned' } },
  violationTrue: { ...base, schema_violation_error: true },
  unitsNull: { ...base, metadata: { range_units: null } },
  unitsNumber: { ...base, metadata: { range_units: 16 } },
};

let service: TestServer;
beforeAll(async () => {
  service = await startServer((req, res) => {
    const shape = /^\/(\w+)\/v2\/extract$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1];
    req.resume();
    req.on('end', () => res.writeHead(206, { 'Content-Type': 'application/json' }).end(JSON.stringify(SHAPES[shape ?? ''] ?? {})));
  });
});
afterAll(() => service.close());

async function extractAs(shape: string) {
  const client = new V2Client({ credential: credential('v2', `${service.url}/${shape}`, 'test-key-extract-shapes') });
  return client.extract({ markdown: MARKDOWN, schema: { type: 'object', properties: { total: { type: 'number' } } } });
}

describe('extract answers of another plausible shape', () => {
  it('keeps warnings given as strings, and shows them', async () => {
    const outcome = await extractAs('strings');
    expect(outcome).toMatchObject({ status: 206, partial: true, response: { extraction: { total: 12 } } });
    expect(extractNotices(outcome.response)).toEqual([
      { code: 'warning', message: 'total was rounded' },
      { code: 'warning', message: 'page 2 was blank' },
    ]);
  });

  it('keeps warnings that are objects of any shape (or no object), each shown as its JSON text where it has no message', async () => {
    const outcome = await extractAs('objects');
    expect(outcome.partial).toBe(true);
    expect(extractNotices(outcome.response)).toEqual([
      { code: 'warning', message: '{"type":"coercion","detail":{"field":"total"}}' },
      { code: 'pruned', message: '{"text":"not a string"}' },
      { code: 'warning', message: '7' },
    ]);
  });

  it('keeps a schema_violation_error given as an object, shown as its JSON text', async () => {
    const outcome = await extractAs('violationObject');
    expect(outcome.partial).toBe(true);
    expect(extractNotices(outcome.response)).toEqual([
      { code: 'schema_violation', message: '{"path":["due"],"message":"\'due\' is a required property"}' },
    ]);
  });

  it('keeps a warnings value that is one object, not a list, and a violation that is not text', async () => {
    const one = await extractAs('oneWarningObject');
    expect(one.partial).toBe(true);
    expect(extractNotices(one.response)).toEqual([{ code: 'pruned', message: 'the schema part "notes" was pruned' }]);
    const violation = await extractAs('violationTrue');
    expect(violation.partial).toBe(true);
    expect(extractNotices(violation.response)).toEqual([{ code: 'schema_violation', message: 'true' }]);
  });

  it('keeps an answer whose range_units is null or not text: the model builder judges the unit, the client does not refuse it', async () => {
    expect((await extractAs('unitsNull')).response.metadata).toMatchObject({ range_units: null });
    expect((await extractAs('unitsNumber')).response.metadata).toMatchObject({ range_units: 16 });
  });

  it('recognises each shape as an extract result on import', () => {
    for (const shape of Object.values(SHAPES)) expect(recogniseResult(shape)).toMatchObject({ kind: 'extract' });
  });
});
