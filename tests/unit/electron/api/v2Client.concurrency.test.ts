import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../../shared/errors.js';
import { V2Client } from '../../../../electron/api/v2Client.js';
import { armFault, credential, KEYS, pdf, useEmulator } from '../../../support/emulatorHarness.js';

const holder = useEmulator({ maxConcurrent: 2 });

describe('the emulator concurrency cap', () => {
  it('answers 429 with Retry-After to requests over the cap', async () => {
    await armFault(holder.emulator, { fault: { kind: 'latency', ms: 300 }, match: { path: '/v2/parse' }, times: 4 });
    const v2 = new V2Client({ credential: credential('v2', holder.emulator.url, KEYS.v2), retry: { policy: { maxAttempts: 1 } } });
    const bytes = await pdf(1);
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => v2.parse({ document: { bytes, filename: 'a.pdf' } })));
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason as AppError);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect(refused).toHaveLength(2);
    for (const error of refused) expect(error).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
  });
});
