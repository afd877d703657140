/**
 * The result model of the 1,000-page benchmark result: memory held (JS heap plus ArrayBuffers,
 * so nothing hides in typed arrays) and build/encode/decode times, for the object model the
 * app used before (tests/support/objectParseModel.ts) and the typed-array model, built and
 * read from bytes. Runs alternate between the variants; figures are medians with min and max.
 * Usage: node scripts/run-ts.mjs bench/modelMemory.ts [runs]
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ParseResponse } from '../shared/contracts/v2Parse.js';
import { decodeModel, modelToBytes } from '../shared/grounding/modelBytes.js';
import { buildParseModel } from '../shared/grounding/parseModel.js';
import { buildParseModel as buildObjectModel } from '../tests/support/objectParseModel.js';
import { generateLargeDocument } from './largeDocument/generate.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const settle = () => {
  for (let i = 0; i < 3; i++) gc();
};
const held = () => {
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers };
};

const runs = Number(process.argv[2] ?? 5);
const files = await generateLargeDocument();
const text = readFileSync(files.parse, 'utf8');
const parse = () => JSON.parse(text) as ParseResponse;
const bytesOnce = modelToBytes(buildParseModel(parse()));

type Variant = 'object model' | 'typed, built' | 'typed, from bytes';
const variants: Record<Variant, () => unknown> = {
  'object model': () => buildObjectModel(parse()),
  'typed, built': () => buildParseModel(parse()),
  // What the window holds: the bytes it was handed (a copy, as IPC gives it) and the views over them.
  'typed, from bytes': () => decodeModel(bytesOnce.slice()),
};
const memory: Record<string, number[][]> = {};
const times: Record<string, number[]> = {};
const time = (name: string, run: () => unknown) => {
  const started = performance.now();
  const value = run();
  (times[name] ??= []).push(performance.now() - started);
  return value;
};

// What is measured stays referenced here until the next variant is measured.
const kept: unknown[] = [];
for (let r = 0; r < runs; r++) {
  for (const [name, make] of Object.entries(variants)) {
    kept.length = 0;
    settle();
    const before = held();
    kept.push(time(name, make));
    settle();
    const after = held();
    (memory[name] ??= []).push([after.heap - before.heap, after.buffers - before.buffers]);
  }
  const model = buildParseModel(parse());
  time('encode (model → bytes)', () => modelToBytes(model));
  time('JSON.parse of the result', parse);
}

const mb = (n: number) => (n / 1e6).toFixed(1);
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted[sorted.length - 1]! };
};
console.log(`model of ${files.parse} (${mb(text.length)} MB JSON), bytes ${mb(bytesOnce.length)} MB, ${runs} runs each, alternating`);
console.log('memory held after GC (MB): heap + ArrayBuffers = total, median (min–max of total)');
for (const [name, samples] of Object.entries(memory)) {
  const total = stats(samples.map(([h, b]) => h! + b!));
  const heap = stats(samples.map(([h]) => h!));
  const buffers = stats(samples.map(([, b]) => b!));
  console.log(`  ${name.padEnd(20)} ${mb(heap.median)} + ${mb(buffers.median)} = ${mb(total.median)} (${mb(total.min)}–${mb(total.max)})`);
}
console.log('times (ms): median (min–max)');
for (const [name, samples] of Object.entries(times)) {
  const s = stats(samples);
  console.log(`  ${name.padEnd(26)} ${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`);
}
