/**
 * The trust check "SDK-shaped answers": answers the official SDK's types allow (nulls where it
 * types `| null`, optional fields left out, epoch timestamps, the older envelope names) are read
 * by every loader — stored, loaded, listed — never refused. 3,000 cases here, a new seed
 * each run (GROUNDWORK_SDK_FUZZ_RUNS to change; `npm run trust` runs 10,000, `npm run soak` its
 * share of a million).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_SHAPED_KIND } from '../../../trust/fuzz/fuzzKinds.js';
import { createLoaderWorld, type LoaderWorld } from '../../../trust/fuzz/loaderWorld.js';
import { TEST_SCALE } from '../../../trust/fuzz/mutations.js';
import { fuzzSeed, runFuzz } from '../../../trust/fuzz/runFuzz.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

const TOTAL = Number(process.env.GROUNDWORK_SDK_FUZZ_RUNS) || 3_000;
const seed = fuzzSeed();

let world: LoaderWorld;
beforeAll(async () => {
  world = await createLoaderWorld();
});
afterAll(() => world.close());

describe(`SDK-shaped answers (${TOTAL} cases, seed ${seed})`, () => {
  it(
    `${SDK_SHAPED_KIND.check}: ${TOTAL} cases are all read`,
    async () => {
      const outcome = await runFuzz(world, SDK_SHAPED_KIND, { runs: TOTAL, seed, scale: TEST_SCALE, shrink: true, timeoutMs: 20_000 });
      console.log(`${SDK_SHAPED_KIND.check}: ${outcome.cases} cases in ${outcome.millis} ms, seed ${outcome.seed}`);
      if (outcome.report) console.error(outcome.report);
      recordTrustRow({ check: SDK_SHAPED_KIND.check, cases: outcome.cases, failures: outcome.failures, note: `seed ${outcome.seed}` });
      expect(outcome.report).toBeUndefined();
    },
    Math.max(120_000, TOTAL * 100),
  );
});
