/**
 * The trust check "fuzzed results": parse, extract, job and analyzer responses, generated valid and
 * then mutated, go through every loader (the clients, the import, the workspace, the job
 * tracker and list, the review screen's model and fields). Each must answer with the
 * app's clear error or a usable, flagged display: never another exception, never a hang.
 * 3,000 cases in all here, a new seed each run (GROUNDWORK_FUZZ_RUNS to change; `npm run trust`
 * runs 10,000, `npm run soak` a million): CI's time goes to what only a test run can catch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUZZ_KINDS, runsPerKind } from '../../../trust/fuzz/fuzzKinds.js';
import { createLoaderWorld, type LoaderWorld } from '../../../trust/fuzz/loaderWorld.js';
import { TEST_SCALE } from '../../../trust/fuzz/mutations.js';
import { fuzzSeed, runFuzz } from '../../../trust/fuzz/runFuzz.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

const TOTAL = Number(process.env.GROUNDWORK_FUZZ_RUNS) || 3_000;
const seed = fuzzSeed();
const runs = runsPerKind(TOTAL);

let world: LoaderWorld;
beforeAll(async () => {
  world = await createLoaderWorld();
});
afterAll(() => world.close());

describe(`fuzzed results (${TOTAL} cases, seed ${seed})`, () => {
  FUZZ_KINDS.forEach((kind, i) => {
    const numRuns = runs[i]!;
    // GROUNDWORK_FUZZ_ONLY="job" runs the kinds whose row names it (to replay one seed).
    if (process.env.GROUNDWORK_FUZZ_ONLY && !kind.check.includes(process.env.GROUNDWORK_FUZZ_ONLY)) return;
    it(
      `${kind.check}: ${numRuns} cases answer with a clear error or a flagged display`,
      async () => {
        const outcome = await runFuzz(world, kind, {
          runs: numRuns,
          seed: seed + i,
          scale: TEST_SCALE,
          shrink: true,
          timeoutMs: Number(process.env.GROUNDWORK_FUZZ_TIMEOUT_MS) || 20_000,
        });
        console.log(`${kind.check}: ${outcome.cases} cases in ${outcome.millis} ms, seed ${outcome.seed}`);
        if (outcome.report) console.error(outcome.report);
        recordTrustRow({ check: kind.check, cases: outcome.cases, failures: outcome.failures, note: `seed ${outcome.seed}` });
        expect(outcome.report).toBeUndefined();
      },
      Math.max(120_000, numRuns * 100),
    );
  });
});
