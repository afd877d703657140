/** The four kinds of response the fuzzer feeds the loaders, each with its trust-table row and its share of the runs. */
import type fc from 'fast-check';
import { jobCaseArb, runJobCase } from './jobCases.js';
import type { LoaderWorld } from './loaderWorld.js';
import type { MutationScale } from './mutations.js';
import { resultCaseArb, runResultCase } from './resultCases.js';
import { runSdkCase, sdkCaseArb, type SdkCase } from './sdkShapedCases.js';

export interface FuzzKind {
  /** The trust table's row. */
  check: string;
  /** Share of the total runs. */
  weight: number;
  arb: fc.Arbitrary<unknown>;
  run(world: LoaderWorld, c: unknown, scale: MutationScale): Promise<void>;
}

const resultKind = (kind: 'parse' | 'extract' | 'analyzer', weight: number): FuzzKind => ({
  check: `fuzzed ${kind} results`,
  weight,
  arb: resultCaseArb(kind),
  run: (world, c, scale) => runResultCase(world, kind, c as Parameters<typeof runResultCase>[2], scale),
});

export const FUZZ_KINDS: FuzzKind[] = [
  resultKind('parse', 3),
  resultKind('extract', 2),
  resultKind('analyzer', 2),
  {
    check: 'fuzzed job responses',
    weight: 3,
    arb: jobCaseArb,
    run: (world, c, scale) => runJobCase(world, c as Parameters<typeof runJobCase>[1], scale),
  },
];

/** Splits a total number of runs over the kinds by weight; the parts add up to the total exactly. */
export function runsPerKind(total: number): number[] {
  const weights = FUZZ_KINDS.reduce((sum, k) => sum + k.weight, 0);
  const parts = FUZZ_KINDS.map((k) => Math.floor((total * k.weight) / weights));
  parts[0]! += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/**
 * Valid answers shaped as the official SDK's types allow (sdkShapedCases.ts): every loader must
 * read them. Its own 10,000 cases in `npm test` (sdkShapedAnswers.test.ts) and its share of the soak.
 */
export const SDK_SHAPED_KIND: FuzzKind = {
  check: 'SDK-shaped answers',
  weight: 2,
  arb: sdkCaseArb,
  run: (world, c) => runSdkCase(world, c as SdkCase),
};
