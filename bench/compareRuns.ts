/**
 * Compare two runs on the 1,000-page benchmark result (61,000 nodes): B is A with every id
 * renumbered and one block in fifty edited (a letter changed, so ranges stay put). Times the
 * block comparison against what the window already pays to show one result (decoding its
 * model from bytes), as ratios with min and max, and checks the comparison found exactly the
 * edited blocks, and the longest step of the sliced comparison the window runs. Usage: node scripts/run-ts.mjs bench/compareRuns.ts [runs]
 */
import { readFileSync } from 'node:fs';
import type { ParseResponse, StructureNode } from '../shared/contracts/v2Parse.js';
import { compareBlocks, comparingBlocks } from '../shared/compare/compareBlocks.js';
import { decodeModel, modelToBytes } from '../shared/grounding/modelBytes.js';
import { buildParseModel } from '../shared/grounding/parseModel.js';
import { generateLargeDocument } from './largeDocument/generate.js';

const runs = Number(process.argv[2] ?? 7);
const files = await generateLargeDocument();
const a = JSON.parse(readFileSync(files.parse, 'utf8')) as ParseResponse;
const b = JSON.parse(readFileSync(files.parse, 'utf8')) as ParseResponse;

// B: ids renumbered (shifted by one per type), one block in fifty with its first letter changed.
const markdown = Array.from(b.markdown);
let blocks = 0;
let edited = 0;
const visit = (node: StructureNode, parentType: string) => {
  if (node.id) node.id = node.id.replace(/-(\d+)$/, (_, n: string) => `-${Number(n) + 1}`);
  const range = node.grounding?.range;
  if (node.type !== 'page' && node.type !== 'document' && (parentType === 'page' || parentType === 'document')) {
    blocks++;
    if (blocks % 50 === 0 && range) {
      const at = [...Array(range.end - range.start).keys()].map((k) => range.start + k).find((k) => /\p{L}/u.test(markdown[k]!));
      if (at !== undefined) {
        markdown[at] = markdown[at] === 'Q' ? 'Z' : 'Q';
        edited++;
      }
    }
  }
  for (const child of node.children ?? []) visit(child, node.type);
};
visit(b.structure, '');
b.markdown = markdown.join('');

const bytesA = modelToBytes(buildParseModel(a));
const bytesB = modelToBytes(buildParseModel(b));
const modelA = decodeModel(bytesA.slice());
const modelB = decodeModel(bytesB.slice());

const decodeTimes: number[] = [];
const compareTimes: number[] = [];
let found = 0;
let total = 0;
for (let r = 0; r < runs; r++) {
  let started = performance.now();
  decodeModel(bytesA.slice());
  decodeTimes.push(performance.now() - started);
  started = performance.now();
  const result = compareBlocks(modelA, modelB);
  compareTimes.push(performance.now() - started);
  found = result.summary.changed + result.summary.onlyA + result.summary.onlyB;
  total = result.summary.total;
}
// Run in steps, as the window does: the longest step is the longest the window is held at once.
const steps: number[] = [];
for (let r = 0; r < runs; r++) {
  const run = comparingBlocks(modelA, modelB);
  for (;;) {
    const started = performance.now();
    const step = run.next();
    steps.push(performance.now() - started);
    if (step.done) break;
  }
}
const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const ratios = compareTimes.map((t, k) => t / decodeTimes[k]!);
const s = sorted(ratios);
console.log(`${blocks} blocks, ${edited} edited in B, every id renumbered; ${runs} runs`);
console.log(`found changed: ${found} of ${total} (${found === edited ? 'exactly the edited ones' : 'NOT the edited count'})`);
console.log(
  `compare / decoding one model: median ${median(ratios).toFixed(2)}× (min ${s[0]!.toFixed(2)}×, max ${s[s.length - 1]!.toFixed(2)}×); ` +
    `compare median ${median(compareTimes).toFixed(0)} ms, decode median ${median(decodeTimes).toFixed(0)} ms`,
);
const stepsSorted = sorted(steps);
const pct = (p: number) => stepsSorted[Math.min(stepsSorted.length - 1, Math.floor((p / 100) * stepsSorted.length))]!.toFixed(1);
console.log(
  `one step (the window yields between slices of them): p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms over ${steps.length} steps`,
);
if (found !== edited) process.exitCode = 1;

// Two extractions of 500 items × 200 values: B has one item deleted and every item edited on
// one value, so no item is equal to another and the items are weighed by likeness. The longest
// task: the whole comparison in one go (as the window ran it before), against the longest step
// the window now runs between frames.
const { compareFields, comparingFields } = await import('../shared/compare/compareFields.js');
const { flattenFields } = await import('../shared/grounding/fields.js');
const itemOf = (k: number, edit: string) =>
  Object.fromEntries(Array.from({ length: 200 }, (_, v) => [`v${v}`, v === 0 ? `${edit}${k}` : `item ${k} value ${v}`]));
const extractionA = { items: Array.from({ length: 500 }, (_, k) => itemOf(k, 'a')) };
const extractionB = { items: Array.from({ length: 500 }, (_, k) => itemOf(k, 'b')).filter((_, k) => k !== 250) };
const fieldsA = flattenFields(extractionA, undefined);
const fieldsB = flattenFields(extractionB, undefined);
let started = performance.now();
const whole = compareFields(fieldsA, fieldsB);
const wholeMs = performance.now() - started;
const fieldSteps: number[] = [];
const sliced = comparingFields(fieldsA, fieldsB);
for (;;) {
  started = performance.now();
  const step = sliced.next();
  fieldSteps.push(performance.now() - started);
  if (step.done) break;
}
console.log(
  `extraction pair 500 items × 200 values: whole comparison ${wholeMs.toFixed(0)} ms (${whole.summary.text}); ` +
    `sliced: longest step ${Math.max(...fieldSteps).toFixed(1)} ms over ${fieldSteps.length} steps`,
);
