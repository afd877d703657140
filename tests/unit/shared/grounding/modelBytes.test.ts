/**
 * The model's bytes are a cache beside the stored result: whatever is on disk, decodeModel
 * either gives the model back or refuses with `unreadable_model` — never a crash, a hang or
 * a read out of range. Cut at every length, and every byte changed (hostile content: damage
 * is the cache file's SHA-256 to notice) through every query the panels make.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { AppError } from '../../../../shared/errors.js';
import { nodeConfidences, weakestWord } from '../../../../shared/grounding/confidence.js';
import { decodeModel, encodeModel, MODEL_FORMAT_VERSION, modelToBytes } from '../../../../shared/grounding/modelBytes.js';
import {
  boxesOnPage,
  buildParseModel,
  markdownLength,
  pagesWithBoxes,
  sliceMarkdown,
  type ParseModel,
} from '../../../../shared/grounding/parseModel.js';
import { blockIndexOf, selectNode, selectRanges } from '../../../../shared/grounding/selection.js';
import { modelDifferences } from '../../../support/compareModels.js';
import { buildParseModel as buildObjectModel } from '../../../support/objectParseModel.js';
import { SOURCE_PARSE } from '../../../trust/fuzz/arbParse.js';

const g = (start: number, end: number, page = 1, confidence?: number) => ({
  page,
  range: { start, end },
  box: { xmin: 0.1, ymin: 0.2, xmax: 0.3, ymax: 0.4 },
  confidence,
});
/** Small, but with every section in use: astral text, words with scores, a table with cells, two pages, an odd page number. */
const SMALL = {
  markdown: 'Total 😀 42 👩‍💻 | a | b |',
  metadata: { failed_pages: [2] },
  structure: {
    type: 'document',
    children: [
      {
        type: 'page',
        page: 1,
        ocr: { engine: 'tesseract.js 7.0.0', languages: ['eng'] },
        children: [{ type: 'text', id: 't', grounding: g(0, 11), atomic_grounding: [g(0, 5, 1, 0.9), g(6, 7, 1, 0.4), g(8, 10)] }],
      },
      {
        type: 'page',
        page: 2.5,
        status: 'failed',
        reason: 'timeout',
        children: [
          {
            type: 'table',
            id: 'tab',
            grounding: g(13, 24, 2.5),
            children: [
              { type: 'table_cell', row: 0, col: 1, grounding: g(14, 17, 2.5) },
              { type: 'table_cell', row: 0, col: 2, grounding: g(18, 21, 2.5) },
            ],
          },
        ],
      },
    ],
  },
} as unknown as ParseResponse;

function expectRefused(bytes: Uint8Array): void {
  let thrown: unknown = null;
  try {
    decodeModel(bytes);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AppError);
  expect((thrown as AppError).code).toBe('unreadable_model');
  expect((thrown as AppError).hint).toMatch(/rebuilt/);
}

/** Every question a panel asks of a model, over all of it: must neither throw nor hang. */
function askEverything(model: ParseModel): void {
  const n = model.nodes.size;
  const length = markdownLength(model);
  for (let i = 0; i < n; i++) {
    const node = model.nodes.at(i);
    blockIndexOf(model, i);
    if (node.range) sliceMarkdown(model, node.range);
    for (const atom of node.atomic) if (atom.range) sliceMarkdown(model, atom.range);
    model.nodes.get(node.id);
    const selection = selectNode(model, node.id);
    if (selection) weakestWord(model, selection);
  }
  for (const page of [...pagesWithBoxes(model), ...model.pages.map((p) => p.page)]) boxesOnPage(model, page);
  for (let start = -2; start < length + 3; start += 3) {
    sliceMarkdown(model, { start, end: start + 5 });
    weakestWord(model, selectRanges(model, 'f', [{ start, end: start + 4 }]));
  }
  nodeConfidences(model);
  void model.order.length;
}

describe('the model as bytes', () => {
  const bytes = modelToBytes(buildParseModel(SMALL));

  it('decodes to the model it was made from, also from bytes at an odd place in their buffer', () => {
    expect(modelDifferences(decodeModel(bytes), buildObjectModel(SMALL))).toEqual([]);
    const odd = new Uint8Array(bytes.length + 3);
    odd.set(bytes, 3);
    expect(modelDifferences(decodeModel(odd.subarray(3)), buildObjectModel(SMALL))).toEqual([]);
    expect(
      modelDifferences(
        decodeModel(encodeModel({ kind: 'parse', response: SOURCE_PARSE })),
        buildObjectModel(SOURCE_PARSE as ParseResponse),
      ),
    ).toEqual([]);
  });

  it('are views over the bytes, not copies', () => {
    const model = decodeModel(bytes);
    expect(model.columns.parent.buffer).toBe(bytes.buffer);
    expect(model.columns.box.buffer).toBe(bytes.buffer);
    expect(model.text.text.buffer).toBe(bytes.buffer);
  });

  it('refuses bytes cut at every length', () => {
    for (let length = 0; length < bytes.length; length++) expectRefused(bytes.slice(0, length));
    expectRefused(new Uint8Array(0));
    expectRefused('not bytes' as unknown as Uint8Array);
  });

  it('any one byte changed: refused, or every query answers', () => {
    let refused = 0;
    for (let at = 0; at < bytes.length; at++) {
      const changed = bytes.slice();
      changed[at] = changed[at]! ^ (1 + (at % 255));
      let model: ParseModel | null = null;
      try {
        model = decodeModel(changed);
      } catch (error) {
        expect((error as AppError).code).toBe('unreadable_model');
        refused++;
      }
      if (model) askEverything(model);
    }
    // The header, the section table and the structure are checked.
    expect(refused).toBeGreaterThan(0);
  });

  it('refuses another format version, and says which', () => {
    const other = bytes.slice();
    new Uint32Array(other.buffer)[1] = MODEL_FORMAT_VERSION + 1;
    expect(() => decodeModel(other)).toThrow(`format ${MODEL_FORMAT_VERSION + 1}`);
  });

  it('refuses a parent after its child (a loop for every walk up the tree)', () => {
    const model = buildParseModel(SMALL);
    const parent = model.columns.parent;
    const cyclic = modelToBytes(model);
    // Find node 2's parent in the bytes and point it at the last node.
    const view = decodeModel(cyclic).columns.parent;
    view[2] = parent.length - 1;
    expectRefused(cyclic);
  });

  it('changed in a few places (hostile content): refused, or every query answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }),
        (flips) => {
          const changed = bytes.slice();
          for (const [at, xor] of flips) changed[at] = changed[at]! ^ xor;
          let model: ParseModel | null = null;
          try {
            model = decodeModel(changed);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).code).toBe('unreadable_model');
            // Refused by a check that names what is wrong, not by the net for anything a check missed.
            expect((error as AppError).message).toMatch(/damaged|format|cut short|not a result model/);
          }
          if (model) askEverything(model);
        },
      ),
      { numRuns: 4000, seed: 20_260_419 },
    );
  }, 120_000);
});
