import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/log.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

// Redaction is the log's second line of defence: a registered secret is masked wherever it
// lands in a line, including where JSON escapes it (a `"` or `\` in it, a control character).
const SECRETS = [
  'pl41n-s3cret-value',
  'quo"ted-secret',
  'back\\slash\\secret',
  'tab\tand\nnewline-secret',
  'uni\u2028code\u0001secret',
  'mixed"\\\u0007"end',
];
const tally: { case: string; ok: boolean }[] = [];
afterAll(() =>
  recordTrustRow({
    check: 'log redaction',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? 'secrets with quotes, backslashes and control characters, in messages, values and keys',
  }),
);

describe('the log masks registered secrets', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-log-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('in the message, in detail values and keys, nested, however JSON escapes them', async () => {
    const logger = createLogger(dir, { console: false });
    for (const secret of SECRETS) logger.redact(secret);
    for (const secret of SECRETS) {
      logger.warn(`call failed: ${secret}`, {
        url: `https://example.test/?key=${secret}`,
        nested: { list: [secret, { deeper: `Bearer ${secret}` }] },
        [secret]: 'as a key',
      });
    }
    const text = await readFile(join(dir, 'logs', 'main.log'), 'utf8');
    const lines = text.trim().split('\n');
    for (const [i, secret] of SECRETS.entries()) {
      const line = lines[i]!;
      const escaped = JSON.stringify(secret).slice(1, -1);
      tally.push({ case: `${JSON.stringify(secret)} left in ${line}`, ok: !line.includes(secret) && !line.includes(escaped) });
      const parsed = JSON.parse(line) as { message: string; details: Record<string, unknown> };
      tally.push({ case: `${JSON.stringify(secret)}: the line no longer reads as JSON`, ok: parsed.message === 'call failed: [redacted]' });
      expect(parsed.details).toEqual({
        url: 'https://example.test/?key=[redacted]',
        nested: { list: ['[redacted]', { deeper: 'Bearer [redacted]' }] },
        '[redacted]': 'as a key',
      });
    }
    expect(tally.filter((t) => !t.ok).map((t) => t.case)).toEqual([]);
  });

  it('masks a longer secret whole when a shorter one is inside it', async () => {
    const logger = createLogger(dir, { console: false });
    logger.redact('abcd');
    logger.redact('xxabcdyy"z');
    logger.info('x', { v: 'xxabcdyy"z' });
    const line = (await readFile(join(dir, 'logs', 'main.log'), 'utf8')).trim();
    expect(JSON.parse(line)).toMatchObject({ details: { v: '[redacted]' } });
  });
});
