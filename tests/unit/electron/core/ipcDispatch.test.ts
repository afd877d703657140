import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, type Channel } from '../../../../shared/ipc/channels.js';
import { ipcTable } from '../../../../shared/ipc/table.js';
import { AppError } from '../../../../shared/errors.js';
import type { HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import { dispatch } from '../../../../electron/core/ipcDispatch.js';
import { createLogger } from '../../../../electron/core/log.js';

const logger = createLogger(null, { console: false });
const KEY_ID = '2f1c6a1e-8a57-4c1b-9a43-1d2e3f4a5b6c';

/** One well-formed request per channel: the handler must run for these. */
const VALID: Record<Channel, unknown> = {
  'app:info': {},
  'app:dismissNotice': { id: 'corrupt:settings' },
  'keys:list': {},
  'keys:defaults': {},
  'keys:add': { name: 'Team', kind: 'v2', secret: 'sk_abcdef' },
  'keys:copySecret': { id: KEY_ID, part: 'secret' },
  'keys:rename': { id: KEY_ID, name: 'New' },
  'keys:setEnabled': { id: KEY_ID, enabled: false },
  'keys:setAddress': { id: KEY_ID, address: 'https://eu.example.com' },
  'keys:delete': { id: KEY_ID },
  'keys:test': { id: KEY_ID },
  'keys:allowInferenceHost': { id: KEY_ID, endpointUrl: 'https://predict.example.com/inference/v1/predict?endpoint_id=e' },
  'keys:forgetInferenceHost': { id: KEY_ID, origin: 'https://predict.example.com' },
  'documents:import': { name: 'a.pdf', bytes: new Uint8Array([37, 80, 68, 70]) },
  'documents:importUrl': { url: 'https://files.example.com/a.pdf' },
  'documents:read': { id: 'abc123' },
  'documents:unlock': { id: 'abc123', password: 'open sesame' },
  'library:list': {},
  'library:trash': {},
  'library:delete': { resultId: 'abc-123' },
  'library:restore': { trashId: '01hzx3k5m7n9p1q3r5s7t9v1w3' },
  'results:get': { id: 'abc-123' },
  'results:model': { id: 'abc-123' },
  'results:import': { documentId: 'abc', fileName: 'r.json', text: '{}' },
  'runs:parse': { engine: 'local', runId: KEY_ID, documentId: 'abc123', options: { pages: [1, 2], atomic_grounding: false } },
  'runs:extract': { engine: 'extract', runId: KEY_ID, resultId: 'abc-123', schema: { type: 'object', properties: {} } },
  'runs:cancel': { runId: KEY_ID },
  'runs:rerunPages': { runId: KEY_ID, resultId: 'abc-123' },
  'samples:open': { name: 'report.pdf' },
  'reviews:get': { extractionId: 'abc-123' },
  'reviews:decide': { extractionId: 'abc-123', path: 'total', decision: { status: 'corrected', correctedValue: '12.00', note: 'typo' } },
  'reviews:export': { extractionId: 'abc-123', format: 'csv' },
  'audit:list': { documentId: 'abc123', limit: 10 },
  'audit:export': { documentId: 'abc123' },
  'queues:create': { kind: 'listed', documentIds: ['abc123'], filter: 'acme' },
  'queues:list': {},
  'queues:get': { queueId: '01hzx3k5m7n9p1q3r5s7t9v1w3' },
  'queues:move': { queueId: '01hzx3k5m7n9p1q3r5s7t9v1w3', position: 2 },
  'queues:close': { queueId: '01hzx3k5m7n9p1q3r5s7t9v1w3' },
  'search:query': { text: 'invoice total', limit: 20 },
  'rules:get': { schema: { type: 'object' } },
  'rules:save': { schema: { type: 'object' }, text: 'required total' },
  'rules:setAside': { schemaKey: '0123456789abcdef0123456789abcdef' },
  'datasets:registry': {},
  'datasets:createProject': { keyId: KEY_ID, name: 'Defects' },
  'datasets:addProject': { keyId: KEY_ID, projectId: 12, name: 'Known' },
  'datasets:forgetProject': { projectId: 12 },
  'datasets:setProjectKey': { projectId: 12, keyId: KEY_ID },
  'datasets:setActive': { projectId: 12, isActive: false },
  'datasets:setSettings': { tagTimeout: null },
  'datasets:createTag': { projectId: 12, name: 'scratch' },
  'datasets:renameTag': { projectId: 12, tagId: 3, name: 'dent' },
  'datasets:createMetadata': { projectId: 12, name: 'color', allowMultiple: false, predefinedChoices: ['red'] },
  'datasets:updateMetadata': { projectId: 12, metadataId: 4, predefinedChoicesAppend: ['blue'], valueFlexible: true },
  'datasets:importMedia': { projectId: 12, fileName: 'media.csv', text: 'mediaId,fileName\n1,a.png' },
  'datasets:addMediaIds': { projectId: 12, text: '1, 2, 3' },
  'datasets:removeMedia': { projectId: 12, mediaIds: [1, 2] },
  'datasets:thumbnail': { projectId: 12, mediaId: 1201 },
  'datasets:dropImages': {
    projectId: 12,
    images: [{ mediaId: 1201, fileName: '1201.png', bytes: new Uint8Array([137, 80, 78, 71]) }],
    rule: { kind: 'name', pattern: '' },
  },
  'datasets:allowImageFolder': { folder: '/home/me/images' },
  'datasets:forgetImageFolder': { folder: '/home/me/images' },
  'datasets:applyMetadata': {
    runId: KEY_ID,
    projectId: 12,
    changes: [{ metadataAppend: { color: 'red' }, mediaIds: [1201] }],
    batchSize: 100,
  },
  'datasets:applyToAll': { projectId: 12, metadataAppend: { color: 'red' }, confirmProjectName: 'Defects' },
  'training:start': { projectId: 12, request: { model: { architecture: 'RtmDet', hyperParams: { epochs: 10 } } } },
  'training:metrics': { projectId: 12, trainingId: '0b9f0c8e-1d2a-4f4e-9a1b-2c3d4e5f6a7b' },
  'snapshots:export': { projectId: 12, version: 2, retry: false },
  'snapshots:chooseFolder': {},
  'snapshots:showInFolder': { projectId: 1, downloadUrl: 'https://example.com/a.zip' },
  'snapshots:download': { runId: KEY_ID, projectId: 12, downloadUrl: 'http://127.0.0.1:9/__storage/s.zip', folder: '/tmp' },
  'inference:run': {
    runId: KEY_ID,
    keyId: KEY_ID,
    endpointUrl: 'https://predict.example.com/inference/v1/predict?endpoint_id=1',
    fileName: 'a.png',
    bytes: new Uint8Array([137, 80]),
  },
  'jobs:create': {
    service: 'parse',
    documentId: 'abc123',
    serviceTier: 'priority',
    outputSaveUrl: 'https://b.example.com/o.json?X-Amz-Date=20250101T000000Z&X-Amz-Expires=3600',
  },
  'jobs:list': { service: 'extract', page: 2, pageSize: 25, status: 'failed' },
  'jobs:detail': { service: 'parse', jobId: '3f2b8c1e-1111-4222-8333-444455556666' },
  'jobs:result': { service: 'extract', jobId: 'job_0a1b2c3d' },
  'jobs:local': {},
  'jobs:retry': { jobId: 'parse-01hzx3k5m7n9p1q3r5s7t9v1w3' },
  'jobs:recheck': { jobId: 'job_123abc' },
  'jobs:get': { jobId: 'parse-01J0000000000000000000000' },
  'jobs:settleUnsure': { intentId: '00000000-0000-4000-8000-000000000001', action: 'check' },
  'search:settings': {},
  'search:setSettings': { keepProtectedOut: false },
  'jobs:settings': {},
  'jobs:setSettings': { jobAbovePages: 30, batchConcurrency: 8 },
  'quarantine:list': {},
  'quarantine:show': { id: 'job-parse-01aaaaaaaaaaaaaaaaaaaaaaaa' },
  'quarantine:readAgain': { id: 'q-01aaaaaaaaaaaaaaaaaaaaaaaa' },
  'batch:estimate': { documentIds: ['abc123', 'def456'] },
  'batch:create': { documentIds: ['abc123'], keyId: KEY_ID, serviceTier: 'standard', confirmPages: 600 },
  'batch:list': {},
  'batch:pause': { batchId: KEY_ID },
  'batch:resume': { batchId: KEY_ID },
  'batch:cancelPending': { batchId: KEY_ID },
  'batch:retryFailed': { batchId: KEY_ID, includeUnsure: true },
};

/** Malformed requests per channel, beyond the generic ones every channel gets. */
const MALFORMED: Partial<Record<Channel, unknown[]>> = {
  'app:dismissNotice': [{ id: '' }, { id: 42 }],
  'keys:add': [
    { name: 'Team', kind: 'v3', secret: 'x' },
    { name: 'Team', kind: 'v2' },
    { name: 5, kind: 'v2', secret: 'x' },
  ],
  'keys:copySecret': [{ id: 'not-a-uuid', part: 'secret' }, { id: KEY_ID }, { id: KEY_ID, part: 'both' }],
  'keys:setAddress': [{ id: KEY_ID }, { id: KEY_ID, address: '' }, { id: KEY_ID, address: 7 }],
  'keys:rename': [{ id: KEY_ID }, { id: KEY_ID, name: null }],
  'keys:setEnabled': [{ id: KEY_ID, enabled: 'yes' }],
  'keys:delete': [{ id: '../../etc/passwd' }],
  'keys:test': [{ id: 7 }],
  'documents:import': [
    { name: 'a.pdf', bytes: 'JVBERi0=' },
    { name: '', bytes: new Uint8Array(1) },
    { name: 'a.pdf', bytes: [37, 80] },
  ],
  'documents:importUrl': [
    { url: '' },
    { url: 42 },
    { url: 'https://a/b.pdf', keyId: 'nope' },
    { url: 'https://a/b.pdf', bytes: new Uint8Array(1) },
  ],
  'documents:read': [{ id: '../settings' }, { id: '' }],
  'documents:unlock': [
    { id: 'abc123' },
    { id: 'abc123', password: '' },
    { id: 'abc123', password: 42 },
    { id: '../x', password: 'pw' },
    { id: 'abc123', password: 'pw', remember: true },
  ],
  'results:get': [{ id: 'a/b' }],
  'results:model': [
    { id: '../results/x' },
    { id: 'abc', rebuild: false },
    { id: 'abc', rebuild: 'yes' },
    { id: 'abc', bytes: new Uint8Array(1) },
    {},
  ],
  'results:import': [
    { documentId: 'abc', fileName: 'r.json', text: { markdown: '' } },
    { documentId: 'abc', fileName: '', text: '{}' },
  ],
  'runs:parse': [
    { runId: KEY_ID, documentId: 'abc' },
    { engine: 'local', runId: 'x', documentId: 'abc' },
    { engine: 'local', runId: KEY_ID, documentId: 'abc', options: { dpi: 300 } },
    { engine: 'local', runId: KEY_ID, documentId: 'abc', options: { pages: ['1'] } },
    { engine: 'parse', runId: KEY_ID, documentId: 'abc', keyId: 'not-a-uuid' },
    { engine: 'parse', runId: KEY_ID, documentId: 'abc', model: '' },
    { engine: 'analyzer', runId: KEY_ID, documentId: 'abc', options: { pages: [-1] } },
    { engine: 'analyzer', runId: KEY_ID, documentId: 'abc', options: { fields_schema: 'text' } },
    { engine: 'cloud', runId: KEY_ID, documentId: 'abc' },
  ],
  'runs:extract': [
    { resultId: 'abc', schema: {} },
    { engine: 'local', resultId: 'abc', schema: '{"type":"object"}' },
    { engine: 'local', resultId: 'abc', schema: [] },
    { engine: 'extract', resultId: 'abc', schema: {} },
  ],
  'runs:cancel': [{ runId: 1 }],
  'runs:rerunPages': [{ runId: KEY_ID }, { runId: KEY_ID, resultId: '../x' }, { runId: KEY_ID, resultId: 'abc', pages: [2] }],
  'samples:open': [{ name: '../../etc/passwd' }],
  'reviews:get': [{ extractionId: '../x' }],
  'audit:list': [
    { documentId: '../x', limit: 10 },
    { documentId: 'abc123' },
    { documentId: 'abc123', limit: 0 },
    { documentId: 'abc123', limit: 10, before: -1 },
  ],
  'audit:export': [{ documentId: 'abc', user: 'someone else' }],
  'queues:create': [
    { kind: 'folder', path: '/tmp' },
    { kind: 'batch' },
    { kind: 'listed', documentIds: [], filter: '' },
    { kind: 'listed', documentIds: ['../x'], filter: '' },
    { kind: 'all', user: 'x' },
    { kind: 'attention', threshold: 80 },
    { kind: 'attention' },
  ],
  'queues:list': [{ all: true }],
  'queues:get': [{ queueId: '../q' }],
  'queues:move': [{ queueId: 'q1', position: -1 }, { queueId: 'q1', position: 1.5 }, { queueId: 'q1' }],
  'queues:close': [{}],
  'reviews:decide': [
    { extractionId: 'abc', path: 'total', decision: null, undo: 'yes' },
    { extractionId: 'abc', path: 'total', decision: null, user: 'mallory' },
    { extractionId: 'abc', path: 'total', decision: { status: 'maybe' } },
    { extractionId: 'abc', path: '', decision: null },
    { extractionId: 'abc', path: 'total' },
  ],
  'reviews:export': [
    { extractionId: 'abc', format: 'xlsx' },
    { extractionId: 'abc', format: 'json', schema: 'x' },
  ],
  'rules:get': [{}, { schema: [] }, { schema: { type: 'object' }, extra: 1 }, { schemaKey: '../x' }, { schemaKey: 'ABC' }],
  'rules:setAside': [{}, { schemaKey: '../../settings' }, { schema: { type: 'object' }, schemaKey: '0123456789abcdef0123456789abcdef' }],
  'rules:save': [{ schema: { type: 'object' } }, { schema: { type: 'object' }, text: 'x'.repeat(100_001) }],
  'search:query': [{}, { text: 3 }, { text: 'x', limit: 0 }, { text: 'x', limit: 10_000 }, { text: 'x', extra: true }],
  'datasets:createProject': [{ keyId: 'nope', name: 'x' }, { keyId: KEY_ID }],
  'datasets:addProject': [
    { keyId: KEY_ID, projectId: -1 },
    { keyId: KEY_ID, projectId: 1.5 },
    { keyId: KEY_ID, projectId: '12' },
  ],
  'datasets:forgetProject': [{ projectId: '12' }],
  'datasets:setProjectKey': [{ projectId: 12, keyId: 7 }],
  'datasets:setActive': [{ projectId: 12, isActive: 'true' }, { projectId: 12 }],
  'datasets:setSettings': [{ tagTimeout: -1 }, { tagTimeout: 1.5 }, { tagTimeout: '60' }],
  'datasets:createTag': [
    { projectId: 12 },
    { projectId: 12, name: 'x', required: true },
    { projectId: 12, name: 'x', keyId: 'sk_live_123' },
  ],
  'datasets:renameTag': [{ projectId: 12, tagId: 'a', name: 'x' }],
  'datasets:createMetadata': [
    { projectId: 12, name: 'c', allowMultiple: false, predefinedChoices: [1] },
    { projectId: 12, name: 'c' },
  ],
  'datasets:updateMetadata': [{ projectId: 12, metadataId: 4, predefinedChoicesAppend: 'blue' }],
  'datasets:importMedia': [
    { projectId: 12, fileName: '', text: '' },
    { projectId: 12, fileName: 'a.csv', text: 5 },
  ],
  'datasets:addMediaIds': [{ projectId: 12, text: [1, 2] }],
  'datasets:removeMedia': [{ projectId: 12, mediaIds: ['1'] }],
  'datasets:dropImages': [
    { projectId: 12, images: [{ mediaId: 1, fileName: '', bytes: new Uint8Array(1) }] },
    { projectId: 12, images: [{ mediaId: 1, fileName: 'a.png', bytes: [137, 80] }] },
    { projectId: 12, images: [{ mediaId: 1, path: '/etc/passwd', fileName: 'a.png', bytes: new Uint8Array(1) }] },
    { projectId: 12, images: [] },
    { projectId: 12, images: [{ mediaId: 1, fileName: 'a.png', bytes: new Uint8Array(1) }], rule: { kind: 'path' } },
  ],
  'datasets:thumbnail': [
    { projectId: 12, mediaId: -3 },
    { projectId: 12, path: '/etc/passwd' },
  ],
  'datasets:allowImageFolder': [{ folder: '' }, { folder: 7 }, { folder: 'x'.repeat(4097) }, { path: '/etc' }],
  'datasets:forgetImageFolder': [{}, { folder: '' }, { folder: ['/a'] }],
  'datasets:applyMetadata': [
    { runId: KEY_ID, projectId: 12, changes: [] },
    { runId: KEY_ID, projectId: 12, changes: [{ metadataAppend: { color: 'red' }, mediaIds: [] }] },
    { runId: KEY_ID, projectId: 12, changes: [{ metadataAppend: { color: { nested: 1 } }, mediaIds: [1] }] },
    { runId: KEY_ID, projectId: 12, changes: [{ metadataAppend: { color: 'red' }, mediaIds: [1] }], batchSize: 0 },
  ],
  'datasets:applyToAll': [{ projectId: 12, metadataAppend: { color: 'red' } }],
  'training:start': [
    { projectId: 12, request: { model: {} } },
    { projectId: 12, request: { model: { architecture: 'x', hyperParams: { epochs: 1.5 } } } },
  ],
  'training:metrics': [{ projectId: 12, trainingId: '../../x' }],
  'snapshots:export': [
    { projectId: 12, version: 2 },
    { projectId: 12, version: '2', retry: false },
  ],
  'snapshots:download': [
    { runId: KEY_ID, projectId: 12, downloadUrl: 'not a url', folder: '/tmp' },
    { runId: KEY_ID, projectId: 12, downloadUrl: 'http://x/y', folder: '' },
  ],
  'inference:run': [
    { runId: KEY_ID, keyId: KEY_ID, endpointUrl: 'https://x', fileName: 'a.png', bytes: 'iVBOR' },
    { runId: KEY_ID, keyId: KEY_ID, endpointUrl: '', fileName: 'a.png', bytes: new Uint8Array(1) },
    { keyId: KEY_ID, endpointUrl: 'https://x', fileName: 'a.png', bytes: new Uint8Array(1) },
  ],
  'jobs:create': [
    { service: 'parse', documentId: '../etc' },
    { service: 'parse', documentId: 'abc', serviceTier: 'fast' },
    { service: 'extract', sourceResultId: 'abc' },
    { service: 'extract', sourceResultId: 'abc', schema: {}, serviceTier: 'priority' },
  ],
  'jobs:list': [
    { service: 'parse', page: -1, pageSize: 10 },
    { service: 'parse', page: 0, pageSize: 101 },
    { service: 'parse', page: 0, pageSize: 10, status: 'cancelled' },
  ],
  'jobs:detail': [
    { service: 'parse', jobId: 'a/b' },
    { service: 'jobs', jobId: 'abc' },
  ],
  'jobs:result': [{ service: 'parse', jobId: '../x' }, { service: 'parse' }],
  'jobs:retry': [{ jobId: '' }, { jobId: 'x'.repeat(257) }],
  'jobs:recheck': [{ jobId: '..' }, { jobId: 'a\u0000b' }, { jobId: '\ud800' }],
  'jobs:get': [{ jobId: '../x' }, {}],
  'jobs:settleUnsure': [
    { intentId: 'x', action: 'check' },
    { intentId: '00000000-0000-4000-8000-000000000001', action: 'delete' },
  ],
  'search:setSettings': [{ keepProtectedOut: 'no' }, {}],
  'jobs:setSettings': [{ batchConcurrency: 0 }, { jobAbovePages: 1.5 }, { pageWarningLimit: '500' }],
  'quarantine:list': [{ id: 'x' }],
  'quarantine:show': [{}, { id: '../settings' }],
  'quarantine:readAgain': [{ id: 'a/b' }, { id: 7 }],
  'batch:estimate': [{ documentIds: [] }, { documentIds: ['a/b'] }],
  'batch:create': [{ documentIds: [] }, { documentIds: ['abc'], confirmPages: -1 }],
  'batch:pause': [{ batchId: 'not-a-uuid' }],
  'batch:retryFailed': [{ batchId: KEY_ID, includeUnsure: 'yes' }],
};

function spyHandlers() {
  const spies = Object.fromEntries(CHANNELS.map((c) => [c, vi.fn(async () => null)])) as unknown as Record<
    Channel,
    ReturnType<typeof vi.fn>
  >;
  return { spies, handlers: spies as unknown as HandlerTable };
}

describe('every IPC request is validated before its handler runs', () => {
  it('the table and the fixtures cover the same channels', () => {
    expect(Object.keys(VALID).sort()).toEqual([...CHANNELS].sort());
    expect(Object.keys(ipcTable).sort()).toEqual([...CHANNELS].sort());
  });

  it.each(CHANNELS)('%s: malformed requests are refused and never reach the handler', async (channel) => {
    const { spies, handlers } = spyHandlers();
    const bad = [null, 'text', 42, [], { ...(VALID[channel] as object), unexpected: true }, ...(MALFORMED[channel] ?? [])];
    // `null` is read as "no request"; for channels that need fields it must still be refused.
    const needsFields = !ipcTable[channel].request.safeParse({}).success;
    for (const request of bad) {
      if (request === null && !needsFields) continue;
      const result = await dispatch(handlers, channel, request, logger);
      expect(result, JSON.stringify(request)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    }
    expect(spies[channel]).not.toHaveBeenCalled();

    const good = await dispatch(handlers, channel, VALID[channel], logger);
    expect(good).toEqual({ ok: true, value: null });
    expect(spies[channel]).toHaveBeenCalledTimes(1);
  });

  it('names the offending fields', async () => {
    const { handlers } = spyHandlers();
    const result = await dispatch(handlers, 'keys:add', { name: 'x', kind: 'v9', secret: 1 }, logger);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.error.fields ?? {}).sort()).toEqual(['kind', 'secret']);
  });

  it('refuses channels that are not in the table', async () => {
    const { handlers } = spyHandlers();
    expect(await dispatch(handlers, 'fs:readFile', {}, logger)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(await dispatch(handlers, '__proto__', {}, logger)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('passes AppErrors through and hides the text of unexpected exceptions', async () => {
    const { handlers } = spyHandlers();
    handlers['keys:list'] = async () => {
      throw new AppError({ code: 'keychain_unavailable', message: 'No keychain.', hint: 'Install one.' });
    };
    handlers['app:info'] = async () => {
      throw new Error('ENOENT /home/someone/secret-path');
    };
    expect(await dispatch(handlers, 'keys:list', {}, logger)).toEqual({
      ok: false,
      error: { code: 'keychain_unavailable', message: 'No keychain.', hint: 'Install one.' },
    });
    const hidden = await dispatch(handlers, 'app:info', {}, logger);
    expect(hidden).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(JSON.stringify(hidden)).not.toContain('secret-path');
  });
});
