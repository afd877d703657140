/** Valid v2 parse responses (v2.parse.response.open-shape): document → pages → elements (tables with cells), code-point ranges into the Markdown. */
import fc from 'fast-check';
import { ELEMENT_TYPES, codePoints, creditsArb, idArb, markdownArb, rangeArb, v2BoxArb } from './arbCommon.js';

const groundingArb = (length: number, page: number) => fc.record({ page: fc.constant(page), range: rangeArb(length), box: v2BoxArb });

const cellArb = (length: number, page: number) =>
  fc.record(
    {
      type: fc.constant('table_cell'),
      id: idArb,
      row: fc.nat(20),
      col: fc.nat(10),
      rowspan: fc.integer({ min: 1, max: 3 }),
      colspan: fc.integer({ min: 1, max: 3 }),
      grounding: groundingArb(length, page),
    },
    { requiredKeys: ['type', 'row', 'col', 'grounding'] },
  );

const elementArb = (length: number, page: number) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record(
        {
          type: fc.constantFrom(...ELEMENT_TYPES.filter((t) => t !== 'table')),
          id: idArb,
          grounding: groundingArb(length, page),
          atomic_grounding: fc.array(groundingArb(length, page), { maxLength: 3 }),
          markdown: fc.string({ maxLength: 20 }),
        },
        { requiredKeys: ['type', 'grounding'] },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          type: fc.constant('table'),
          id: idArb,
          grounding: groundingArb(length, page),
          children: fc.array(cellArb(length, page), { maxLength: 4 }),
        },
        { requiredKeys: ['type', 'grounding', 'children'] },
      ),
    },
  );

const pageArb = (length: number, page: number) =>
  fc.record({
    type: fc.constant('page'),
    page: fc.constant(page),
    grounding: fc.constant({ page, range: { start: 0, end: length }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } }),
    status: fc.constantFrom('ok', 'ok', 'ok', 'failed', 'no_text_layer'),
    reason: fc.string({ maxLength: 20 }),
    children: fc.array(elementArb(length, page), { maxLength: 5 }),
  });

/** The most pages a fuzzed result reaches (the fuzzed document has as many: a result past its last page is another's). */
export const FUZZ_MAX_PAGES = 4;

export const parseResponseArb: fc.Arbitrary<Record<string, unknown>> = markdownArb.chain((markdown) => {
  const length = codePoints(markdown);
  return fc.integer({ min: 1, max: FUZZ_MAX_PAGES }).chain((pageCount) =>
    fc.record({
      markdown: fc.constant(markdown),
      metadata: fc.record(
        {
          page_count: fc.constant(pageCount),
          failed_pages: fc.subarray(Array.from({ length: pageCount }, (_, i) => i + 1)),
          version: fc.constantFrom('dpt-2-20250919', 'dpt-2-latest', 'local-engine-1'),
          filename: fc.string({ maxLength: 20 }),
          duration_ms: fc.nat(60_000),
          range_units: fc.constant('unicode_codepoints'),
          billing: fc.record({ total_credits: creditsArb }),
          job_id: idArb,
        },
        { requiredKeys: ['page_count'] },
      ),
      structure: fc
        .tuple(...Array.from({ length: pageCount }, (_, i) => pageArb(length, i + 1)))
        .map((pages) => ({ type: 'document', children: pages })),
    }),
  );
});

/** A fixed, valid parse result: the Markdown an extraction's ranges point into. */
export const SOURCE_MARKDOWN = '# Invoice 😀\n\nName: Ada 𠀀 Lovelace\nTotal: 42.00\n\n| item | € |\n|---|---|\n| tea | 3 |\n';
export const SOURCE_LENGTH = codePoints(SOURCE_MARKDOWN);
export const SOURCE_PARSE = {
  markdown: SOURCE_MARKDOWN,
  metadata: { page_count: 1, version: 'dpt-2-20250919' },
  structure: {
    type: 'document',
    children: [
      {
        type: 'page',
        page: 1,
        children: [
          {
            type: 'title',
            id: 't1',
            grounding: { page: 1, range: { start: 0, end: 12 }, box: { xmin: 0.1, ymin: 0.05, xmax: 0.6, ymax: 0.1 } },
          },
          {
            type: 'text',
            id: 'p1',
            grounding: { page: 1, range: { start: 14, end: 48 }, box: { xmin: 0.1, ymin: 0.15, xmax: 0.8, ymax: 0.3 } },
          },
          {
            type: 'table',
            id: 'tb',
            grounding: { page: 1, range: { start: 49, end: SOURCE_LENGTH }, box: { xmin: 0.1, ymin: 0.4, xmax: 0.9, ymax: 0.6 } },
          },
        ],
      },
    ],
  },
};
