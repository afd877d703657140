/**
 * Merging re-run pages (shared/grounding/mergePages.ts) into the 1,000-page benchmark result:
 * 100 pages (every tenth) replaced by a re-run answer holding just those pages, against
 * building the result model of the same result (what main does anyway right after storing
 * the merge). Runs alternate; figures are the ratio merge / model build, median (min–max).
 * Usage: node scripts/run-ts.mjs bench/mergePages.ts [runs]
 */
import { readFileSync } from 'node:fs';
import type { ParseResponse } from '../shared/contracts/v2Parse.js';
import { mergeRerunPages } from '../shared/grounding/mergePages.js';
import { buildParseModel } from '../shared/grounding/parseModel.js';
import { generateLargeDocument } from './largeDocument/generate.js';

const runs = Number(process.argv[2] ?? 9);
const files = await generateLargeDocument();
const original = JSON.parse(readFileSync(files.parse, 'utf8')) as ParseResponse;
const pages = (original.structure.children ?? []).map((p) => p.page!).filter((p) => p % 10 === 0);
// The re-run's answer: only the asked pages (its ranges still index its own Markdown, as any answer's do).
const rerun: ParseResponse = {
  ...original,
  structure: { ...original.structure, children: (original.structure.children ?? []).filter((p) => pages.includes(p.page!)) },
};

const merge: number[] = [];
const build: number[] = [];
const ratio: number[] = [];
for (let r = 0; r < runs; r++) {
  const started = performance.now();
  const merged = mergeRerunPages(original, rerun, pages);
  const mergedAt = performance.now();
  buildParseModel(merged.response);
  const built = performance.now();
  merge.push(mergedAt - started);
  build.push(built - mergedAt);
  ratio.push((mergedAt - started) / (built - mergedAt));
}
const stats = (values: number[], digits: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(digits);
  return `${f(sorted[Math.floor(sorted.length / 2)]!)} (${f(sorted[0]!)}–${f(sorted[sorted.length - 1]!)})`;
};
console.log(
  `merge of ${pages.length} re-run pages into ${files.parse} (${Array.from(original.markdown).length} code points), ${runs} runs`,
);
console.log(`  merge ms ${stats(merge, 1)} · model build ms ${stats(build, 1)} · merge / build ${stats(ratio, 2)}`);
