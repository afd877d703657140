/**
 * Runs one kind's property: fast-check generates cases, each runs through the loaders on a
 * clean world, and the first counterexample is shrunk and reported with the seed that
 * replays it (GROUNDWORK_FUZZ_SEED). Used by the Vitest file and by `npm run soak`.
 */
import fc from 'fast-check';
import type { FuzzKind } from './fuzzKinds.js';
import type { LoaderWorld } from './loaderWorld.js';
import type { MutationScale } from './mutations.js';

export interface FuzzOutcome {
  check: string;
  cases: number;
  failures: number;
  seed: number;
  millis: number;
  /** The shrunk counterexample and its error, when one was found. */
  report?: string;
}

export interface FuzzOptions {
  runs: number;
  seed: number;
  scale: MutationScale;
  /** A run slower than this fails (a hang is a failure too). */
  timeoutMs: number;
  /** Shrink a counterexample (slow when it holds a million-element array; the soak reports it as found). */
  shrink: boolean;
  onProgress?: (done: number) => void;
}

export async function runFuzz(world: LoaderWorld, kind: FuzzKind, options: FuzzOptions): Promise<FuzzOutcome> {
  let done = 0;
  let failed = false;
  const started = performance.now();
  const property = fc.asyncProperty(kind.arb, async (c) => {
    await world.reset();
    // A hang fails the run (fast-check's timeout); this says which case it was, even if shrinking never ends.
    const watchdog = setTimeout(
      () => console.error(`${kind.check}: a case is still running after ${options.timeoutMs} ms: ${describeCase(c)}`),
      options.timeoutMs,
    );
    try {
      await kind.run(world, c, options.scale);
    } catch (error) {
      // Said at once: shrinking a case that holds a million elements can take a long time.
      if (!failed)
        console.error(
          `${kind.check}: a case failed after ${done} passed (shrinking it now): ${error instanceof Error ? error.message : String(error)}\n${describeCase(c)}`,
        );
      failed = true;
      throw error;
    } finally {
      clearTimeout(watchdog);
    }
    done++;
    if (done % 1000 === 0) options.onProgress?.(done);
  });
  const details = await fc.check(property, {
    numRuns: options.runs,
    seed: options.seed,
    timeout: options.timeoutMs,
    endOnFailure: !options.shrink,
  });
  const outcome: FuzzOutcome = {
    check: kind.check,
    cases: details.numRuns,
    failures: details.failed ? 1 : 0,
    seed: options.seed,
    millis: Math.round(performance.now() - started),
  };
  if (details.failed) {
    const example = describeCase(details.counterexample?.[0]);
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    outcome.report = `${kind.check}: counterexample after ${details.numRuns} cases (seed ${options.seed}, path "${details.counterexamplePath}", ${options.shrink ? `shrunk ${details.numShrinks} times` : 'not shrunk'})\n${error}\n${example?.slice(0, 4_000)}`;
  }
  return outcome;
}

/** A case as readable text: the edits first, then the (long) values they were made to, long parts cut. */
function describeCase(c: unknown): string {
  const bulky = ['base', 'envelope', 'output', 'list'];
  const ordered =
    typeof c === 'object' && c !== null
      ? Object.fromEntries(Object.entries(c).sort(([a], [b]) => Number(bulky.includes(a)) - Number(bulky.includes(b))))
      : c;
  const text = JSON.stringify(ordered, (_k, v: unknown) =>
    Array.isArray(v) && v.length > 20
      ? `[array of ${v.length}]`
      : typeof v === 'string' && v.length > 200
        ? `${v.slice(0, 200)}…(${v.length})`
        : v,
  );
  return (text ?? String(c)).slice(0, 4_000);
}

/** The seed of this run: GROUNDWORK_FUZZ_SEED replays one; otherwise a fresh one, printed so a failure can be replayed. */
export function fuzzSeed(): number {
  const given = Number(process.env.GROUNDWORK_FUZZ_SEED);
  return Number.isInteger(given) && process.env.GROUNDWORK_FUZZ_SEED ? given : Math.floor(Math.random() * 2 ** 31);
}
