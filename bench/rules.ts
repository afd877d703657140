/**
 * Rules across fields (shared/rules/) on a large extraction: 10,000 line items, one rule of
 * each kind, the sum and range over every item. Measured against flattening the same
 * extraction into fields (shared/grounding/fields.ts), the work the Fields panel already does
 * once per extraction; the window evaluates the rules on each edit of the rules text. Runs
 * alternate; figures are ratios to the flatten of the same run, median (min–max).
 * Usage: node scripts/run-ts.mjs bench/rules.ts [runs] [items]
 */
import { flattenFields } from '../shared/grounding/fields.js';
import { evaluateRules } from '../shared/rules/evaluateRules.js';
import { parseRules } from '../shared/rules/parseRules.js';

const runs = Number(process.argv[2] ?? 15);
const count = Number(process.argv[3] ?? 10_000);
const items = Array.from({ length: count }, (_, i) => ({ description: `Item ${i}`, amount: `$${(i % 97) + 0.25}` }));
const total = items.reduce((s, it) => s + Number(it.amount.slice(1)), 0);
const extraction = {
  invoice_number: 'INV-2024-0042',
  date: '2024-03-15',
  due_date: '2024-04-14',
  total: total.toFixed(2),
  line_items: items,
};
const metadata = {
  line_items: items.map(() => ({ description: { ranges: [{ start: 0, end: 4 }] }, amount: { ranges: [{ start: 5, end: 9 }] } })),
};
const text = [
  'required invoice_number',
  'pattern invoice_number /^INV-\\d{4}-\\d+$/',
  'range line_items[].amount 0..100',
  'date due_date YYYY-MM-DD',
  'sum total = line_items[].amount ± 0.01',
  'before date < due_date',
  'required line_items[].description',
].join('\n');

const samples = { parse: [] as number[], evaluate: [] as number[], flatten: [] as number[], ratio: [] as number[] };
let statuses = '';
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  flattenFields(extraction, metadata);
  const t1 = performance.now();
  const parsed = parseRules(text);
  const t2 = performance.now();
  const results = evaluateRules(parsed.rules, extraction);
  const t3 = performance.now();
  samples.flatten.push(t1 - t0);
  samples.parse.push(t2 - t1);
  samples.evaluate.push(t3 - t2);
  samples.ratio.push((t3 - t1) / (t1 - t0));
  statuses = results.map((x) => x.status).join(' ');
}
const stats = (values: number[], digits: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(digits);
  return `${f(sorted[Math.floor(sorted.length / 2)]!)} (${f(sorted[0]!)}–${f(sorted[sorted.length - 1]!)})`;
};
console.log(`rules on an extraction of ${count} line items, ${runs} runs; results: ${statuses}`);
console.log(
  `  flatten ms ${stats(samples.flatten, 2)} · parse ms ${stats(samples.parse, 3)} · evaluate ms ${stats(samples.evaluate, 2)} · (parse + evaluate) / flatten ${stats(samples.ratio, 2)}`,
);
