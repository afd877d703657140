import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWriter, runCrashLoop } from '../../../crash/crashLoop.js';

// The short form of `npm run crash` (200 kills): the real services writing in a child
// process, SIGKILLed at seeded random moments; after each kill every file parses and every
// acknowledged write is there, whole. A failure prints the seed to replay it with.
const KILLS = 20;
let writer: Awaited<ReturnType<typeof buildWriter>>;
let dataDir: string;

beforeAll(async () => {
  writer = await buildWriter();
  dataDir = await mkdtemp(join(tmpdir(), 'groundwork-crash-unit-'));
});
afterAll(async () => {
  writer.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it(`keeps every acknowledged write whole across ${KILLS} SIGKILLs mid-write`, async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const outcome = await runCrashLoop(writer.path, { kills: KILLS, seed, dataDir });
    expect(outcome.problems, `seed ${seed} (npm run crash -- --kills ${KILLS} --seed ${seed})`).toEqual([]);
    expect(outcome.failures).toBe(0);
    // The kills landed while writes were being acknowledged, not in an idle process: at least one
    // per life on average (a quiet machine sees about ten; a loaded one, fewer but never none).
    expect(outcome.acks).toBeGreaterThanOrEqual(KILLS);
  }, 120_000);
});
