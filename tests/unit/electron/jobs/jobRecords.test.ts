import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIntentsIn } from '../../../../electron/jobs/createIntents.js';
import { fileNameFor, jobRecordsIn } from '../../../../electron/jobs/jobRecords.js';
import { createLogger } from '../../../../electron/core/log.js';
import { jobRecord } from '../../../support/jobRecord.js';

const logger = createLogger(null, { console: false });
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'groundwork-jobrecords-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const request = (rerunOf: unknown) => ({ service: 'parse', documentId: 'doc', options: { pages: [3] }, rerunOf });

const record = (rerunOf: unknown) => ({
  ...jobRecord('parse-1', { documentId: 'doc', documentName: 'five.pdf' }),
  request: request(rerunOf),
});

// A re-run's request decides where its answer is stored (merged into rerunOf.resultId): one read back malformed is refused, not trusted.
describe.each([
  ['a job record', 'jobs', fileNameFor('parse-1'), 'parse-1', record, () => jobRecordsIn(root, logger)],
  [
    'a create intent',
    'job-intents',
    'intent-1',
    'intent-1',
    (rerunOf: unknown) => ({
      intentId: 'intent-1',
      request: request(rerunOf),
      keyId: 'k',
      documentName: 'five.pdf',
      writtenAt: '2026-01-01T00:00:00.000Z',
    }),
    () => createIntentsIn(root, logger),
  ],
] as const)('rerunOf of %s, read back', (_, dir, file, id, make, open) => {
  async function readBack(rerunOf: unknown): Promise<unknown> {
    await mkdir(join(root, dir), { recursive: true });
    await writeFile(join(root, dir, `${file}.json`), JSON.stringify(make(rerunOf)));
    return open().read(id);
  }

  it('is kept when it names a result and its pages', async () => {
    expect(await readBack({ resultId: 'r1', pages: [3] })).toMatchObject({ request: { rerunOf: { resultId: 'r1', pages: [3] } } });
  });

  it.each([
    ['no pages', { resultId: 'r1', pages: [] }],
    ['page 0', { resultId: 'r1', pages: [0] }],
    ['no result', { pages: [3] }],
    ['a field it does not know', { resultId: 'r1', pages: [3], extra: true }],
    ['not an object', 'r1'],
  ])('is refused with %s', async (_, rerunOf) => {
    expect(await readBack(rerunOf)).toBe(null);
  });
});

// Older versions kept a failed job's error as the service sent it, with whatever the service added.
describe('a failed job’s error, read back', () => {
  async function readBack(error: unknown): Promise<unknown> {
    await mkdir(join(root, 'jobs'), { recursive: true });
    const failed = { ...jobRecord('parse-1', { documentId: 'doc', documentName: 'five.pdf' }), state: 'failed', error };
    await writeFile(join(root, 'jobs', `${fileNameFor('parse-1')}.json`), JSON.stringify(failed));
    return jobRecordsIn(root, logger).read('parse-1');
  }

  it('keeps the record when the service added parts of its own shape, and drops those parts', async () => {
    const read = await readBack({ code: 'x', message: 'y', status: 'FAILED', hint: null, fields: ['a'], detail: 'kept' });
    expect(read).toMatchObject({ error: { code: 'x', message: 'y', detail: 'kept' } });
    expect((read as { error: object }).error).not.toHaveProperty('status');
    expect((read as { error: object }).error).not.toHaveProperty('hint');
    expect((read as { error: object }).error).not.toHaveProperty('fields');
  });

  it('keeps the parts the app reads when they have their shape', async () => {
    const error = { code: 'x', message: 'y', status: 502, hint: 'Try again.', fields: { a: 'b' } };
    expect(await readBack(error)).toMatchObject({ error });
  });

  it('refuses an error without its code', async () => {
    expect(await readBack({ message: 'y' })).toBe(null);
  });
});
