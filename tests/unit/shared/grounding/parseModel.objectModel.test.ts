/**
 * The typed-array model says exactly what the object model said (tests/support/
 * objectParseModel.ts, the reference): on the generated 1,000-page benchmark result, on
 * fuzzed and mutated results, on the node-limit result, and after encode → decode.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generateLargeDocument } from '../../../../bench/largeDocument/generate.js';
import { analyzerResponseSchema } from '../../../../shared/contracts/analyzer.js';
import { checkShape } from '../../../../shared/contracts/checkShape.js';
import { looksLikeParseResponse, type ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { analyzerAsParse } from '../../../../shared/grounding/analyzerAsParse.js';
import { decodeModel, modelToBytes } from '../../../../shared/grounding/modelBytes.js';
import { buildParseModel, MAX_MODEL_NODES, sliceMarkdown, type ParseModel } from '../../../../shared/grounding/parseModel.js';
import { blockIndexOf, blockOf } from '../../../../shared/grounding/selection.js';
import { modelDifferences } from '../../../support/compareModels.js';
import { buildParseModel as buildObjectModel, type ParseModel as ObjectModel } from '../../../support/objectParseModel.js';
import { analyzerResponseArb } from '../../../trust/fuzz/arbAnalyzer.js';
import { parseResponseArb, SOURCE_PARSE } from '../../../trust/fuzz/arbParse.js';
import { materialize } from '../../../trust/fuzz/jsonText.js';
import { applyMutations, mutationsArb, TEST_SCALE } from '../../../trust/fuzz/mutations.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Both models of a response, built and through bytes, compared with the reference; or both refuse it. */
function expectSame(response: ParseResponse, seed = 1): ParseModel {
  let oracle: ObjectModel | null = null;
  let oracleError: unknown = null;
  try {
    oracle = buildObjectModel(response);
  } catch (error) {
    oracleError = error;
  }
  if (oracleError !== null) {
    expect(() => buildParseModel(response)).toThrow();
    return null as unknown as ParseModel;
  }
  const typed = buildParseModel(response);
  expect(modelDifferences(typed, oracle!, seed)).toEqual([]);
  const decoded = decodeModel(modelToBytes(typed));
  expect(modelDifferences(decoded, oracle!, seed + 1)).toEqual([]);
  return decoded;
}

/** The reference's blockOf, over its objects. */
function objectBlockOf(model: ObjectModel, id: string): string | null {
  let node = model.nodes.get(id);
  while (node) {
    const parent = node.parentId ? model.nodes.get(node.parentId) : undefined;
    if (!parent) return null;
    if (parent.type === 'page') return node.id;
    node = parent;
  }
  return null;
}

describe('the typed-array model equals the object model', () => {
  it('on the generated 1,000-page benchmark result (61,001 nodes), built and through bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'groundwork-model-'));
    dirs.push(dir);
    const files = await generateLargeDocument(1000, dir);
    const response = JSON.parse(await readFile(files.parse, 'utf8')) as ParseResponse;
    const model = expectSame(response, 17);
    expect(model.nodes.size).toBe(61_001);
    const oracle = buildObjectModel(response);
    for (let i = 0; i < model.nodes.size; i += 97)
      expect(blockOf(model, model.nodes.idAt(i))).toBe(objectBlockOf(oracle, oracle.order[i]!));
    expect(blockIndexOf(model, 0)).toBe(-1);
  }, 240_000);

  it('on fuzzed parse results, valid and mutated', () => {
    fc.assert(
      fc.property(parseResponseArb, mutationsArb(), fc.nat(), (valid, mutations, seed) => {
        const response = materialize(applyMutations(valid, mutations, TEST_SCALE));
        if (looksLikeParseResponse(response)) expectSame(response, seed);
      }),
      { numRuns: 300, seed: 20_260_417 },
    );
  }, 120_000);

  it('on fuzzed analyzer results, as the model reads them', () => {
    fc.assert(
      fc.property(analyzerResponseArb, mutationsArb(), (valid, mutations) => {
        const analyzed = checkShape(analyzerResponseSchema, materialize(applyMutations(valid, mutations, TEST_SCALE)));
        if (analyzed.success) expectSame(analyzerAsParse(analyzed.data));
      }),
      { numRuns: 150, seed: 20_260_418 },
    );
  }, 120_000);

  it("on the fuzz loaders' source result, astral characters included", () => {
    expectSame(SOURCE_PARSE as ParseResponse);
  });

  it('with U+FEFF where the Markdown and a block begin: text, not a byte order mark to drop', () => {
    const box = { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.2 };
    const node = (id: string, start: number, end: number) => ({ id, type: 'text', grounding: { page: 1, range: { start, end }, box } });
    const model = expectSame({
      markdown: '\uFEFFab\uFEFFcd',
      metadata: {},
      structure: { type: 'document', children: [{ type: 'page', page: 1, children: [node('t-0', 0, 3), node('t-1', 3, 6)] }] },
    } as unknown as ParseResponse);
    expect(sliceMarkdown(model, { start: 0, end: 3 })).toBe('\uFEFFab');
    expect(sliceMarkdown(model, { start: 3, end: 6 })).toBe('\uFEFFcd');
  });

  it('on a result past the node limit: cut at the limit and flagged on the parent it stopped in', () => {
    const children = Array.from({ length: MAX_MODEL_NODES + 5_000 }, () => ({ type: 'text' }));
    const model = expectSame({
      markdown: 'a',
      metadata: {},
      structure: { type: 'document', children: [{ type: 'page', page: 1, children }] },
    } as unknown as ParseResponse);
    expect(model.nodes.size).toBe(MAX_MODEL_NODES);
    expect(model.nodes.get('page-1')?.flags).toContain('too_many_nodes');
  }, 120_000);

  it('on hostile odds and ends: deep nesting, duplicate and lone-surrogate ids, odd pages and cells, foreign range units', () => {
    let deep: Record<string, unknown> = { type: 'text', id: 'leaf' };
    for (let i = 0; i < 150; i++) deep = { type: 'figure', children: [deep] };
    const markdown = 'a😀b\ud800c 👩‍💻 d';
    const g = (start: number, end: number, page = 1) => ({
      page,
      range: { start, end },
      box: { xmin: 0.1, ymin: 0.2, xmax: 0.3, ymax: 0.4 },
    });
    const structure = {
      type: 'document',
      children: [
        {
          type: 'page',
          page: 1,
          children: [
            deep,
            { type: 'text', id: '\ud800x', grounding: g(0, 3) },
            { type: 'text', id: 'é', grounding: g(1, 2) },
            { type: 'text', id: 'Ã©', grounding: g(2, 4) },
          ],
        },
        {
          type: 'page',
          page: 2.5,
          status: 7,
          children: [
            { type: 'table_cell', row: 1e12, col: -0, grounding: g(3, 9, 2.5) },
            { type: 'table_cell', row: 'x', grounding: g(0, 1, 2147483648) },
          ],
        },
        {
          type: 'page',
          children: [
            { type: 'text', id: 'dup', grounding: { ...g(0, 2), box: { xmin: 0.123456789, ymin: -1, xmax: 2, ymax: 0.5 } } },
            { type: 'text', id: 'dup', atomic_grounding: [g(0, 1), { page: 1 }] },
          ],
        },
      ],
    };
    const model = expectSame({ markdown, metadata: { failed_pages: [2, 'x', 3.5] }, structure } as unknown as ParseResponse);
    expect(model.nodes.get('\ud800x')?.range).toEqual({ start: 0, end: 4 });
    expect(model.nodes.has('Ã©')).toBe(true);
    expectSame({ markdown, metadata: { range_units: 'utf16_code_units' }, structure } as unknown as ParseResponse);
  });
});
