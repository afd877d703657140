// `npm run soak`: the fuzzed-results properties of `npm test` (tests/unit/shared/grounding/fuzzedResults.test.ts)
// with a million cases in all and bigger huge arrays (up to a million elements). Prints the seed
// first and progress as it goes; a failure prints its shrunk counterexample and the seed that
// replays it (GROUNDWORK_FUZZ_SEED=<seed>). GROUNDWORK_FUZZ_RUNS changes the total,
// GROUNDWORK_FUZZ_ONLY="job" runs the kinds whose name holds it.
import { FUZZ_KINDS, SDK_SHAPED_KIND, runsPerKind } from '../tests/trust/fuzz/fuzzKinds';
import { createLoaderWorld } from '../tests/trust/fuzz/loaderWorld';
import { SOAK_SCALE } from '../tests/trust/fuzz/mutations';
import { fuzzSeed, runFuzz, type FuzzOutcome } from '../tests/trust/fuzz/runFuzz';

const total = Number(process.env.GROUNDWORK_FUZZ_RUNS) || 1_000_000;
const only = process.env.GROUNDWORK_FUZZ_ONLY ?? '';
const seed = fuzzSeed();
// The SDK-shaped answers (all valid, all to be read) run a tenth of the total on top of the mutated kinds.
const kinds = [...FUZZ_KINDS, SDK_SHAPED_KIND];
const runs = [...runsPerKind(total), Math.ceil(total / 10)];
console.log(`soak: ${total.toLocaleString('en')} cases, seed ${seed} (replay with GROUNDWORK_FUZZ_SEED=${seed})`);

const world = await createLoaderWorld();
const outcomes: FuzzOutcome[] = [];
const started = Date.now();
try {
  for (const [i, kind] of kinds.entries()) {
    if (only && !kind.check.includes(only)) continue;
    const numRuns = runs[i]!;
    console.log(`\n${kind.check}: ${numRuns.toLocaleString('en')} cases, seed ${seed + i}`);
    const outcome = await runFuzz(world, kind, {
      runs: numRuns,
      seed: seed + i,
      scale: SOAK_SCALE,
      timeoutMs: 60_000,
      // Not shrunk here: the case is printed as found; replay its seed with GROUNDWORK_FUZZ_RUNS in `npm test` to shrink it.
      shrink: false,
      onProgress: (done) => {
        if (done % 5_000 !== 0) return;
        const minutes = (Date.now() - started) / 60_000;
        console.log(`  ${kind.check}: ${done.toLocaleString('en')} / ${numRuns.toLocaleString('en')} (${minutes.toFixed(1)} min in all)`);
      },
    });
    outcomes.push(outcome);
    console.log(
      `  ${outcome.failures === 0 ? 'passed' : 'FAILED'}: ${outcome.cases.toLocaleString('en')} cases in ${(outcome.millis / 1000).toFixed(0)} s`,
    );
    if (outcome.report) console.error(outcome.report);
  }
} finally {
  await world.close();
}

console.log(`\nsoak (seed ${seed}):`);
for (const o of outcomes) console.log(`  ${o.check.padEnd(26)} ${String(o.cases).padStart(9)} cases  ${o.failures} failures`);
process.exit(outcomes.some((o) => o.failures > 0) ? 1 : 0);
