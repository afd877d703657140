/**
 * Finding the tables that cross pages (shared/grounding/logicalTables.ts) on the 1,000-page
 * benchmark result, against decoding its model from bytes (what the window does before it
 * draws anything). Two results: as generated (a 4-column table under 40 paragraphs on every
 * page: 1,000 candidates, none joined) and the same with only the tables and marginalia left
 * after page 1 (all 1,000 joined into one table of 3,000 rows, every cell's text read).
 * Runs alternate; figures are ratios to the decode of the same run, median (min–max).
 * Usage: node scripts/run-ts.mjs bench/logicalTables.ts [runs]
 */
import { readFileSync } from 'node:fs';
import type { ParseResponse } from '../shared/contracts/v2Parse.js';
import { logicalTables } from '../shared/grounding/logicalTables.js';
import { decodeModel, modelToBytes } from '../shared/grounding/modelBytes.js';
import { buildParseModel } from '../shared/grounding/parseModel.js';
import { generateLargeDocument } from './largeDocument/generate.js';

const runs = Number(process.argv[2] ?? 9);
const files = await generateLargeDocument();
const asGenerated = JSON.parse(readFileSync(files.parse, 'utf8')) as ParseResponse;
const tablesOnly: ParseResponse = {
  ...asGenerated,
  structure: {
    ...asGenerated.structure,
    children: (asGenerated.structure.children ?? []).map((page, p) =>
      p === 0 ? page : { ...page, children: (page.children ?? []).filter((n) => n.type === 'table' || n.type === 'marginalia') },
    ),
  },
};
const variants = { 'as generated': asGenerated, 'tables joined': tablesOnly };
const bytes = Object.fromEntries(Object.entries(variants).map(([name, r]) => [name, modelToBytes(buildParseModel(r))]));

const samples: Record<string, { decode: number[]; tables: number[]; ratio: number[]; found: string }> = {};
for (let r = 0; r < runs; r++) {
  for (const name of Object.keys(variants)) {
    const started = performance.now();
    const model = decodeModel(bytes[name]!.slice());
    const decoded = performance.now();
    const found = logicalTables(model);
    const done = performance.now();
    const s = (samples[name] ??= { decode: [], tables: [], ratio: [], found: '' });
    s.decode.push(decoded - started);
    s.tables.push(done - decoded);
    s.ratio.push((done - decoded) / (decoded - started));
    s.found = `${found.tables.length} logical table(s), ${found.tables.reduce((n, t) => n + t.rows.length, 0)} rows`;
  }
}
const stats = (values: number[], digits: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(digits);
  return `${f(sorted[Math.floor(sorted.length / 2)]!)} (${f(sorted[0]!)}–${f(sorted[sorted.length - 1]!)})`;
};
console.log(`logical tables on ${files.parse}, ${runs} runs each, alternating`);
for (const [name, s] of Object.entries(samples)) {
  console.log(`  ${name.padEnd(14)} ${s.found}`);
  console.log(`    decode ms ${stats(s.decode, 1)} · find ms ${stats(s.tables, 1)} · find / decode ${stats(s.ratio, 2)}`);
}
