/**
 * Valid answers of the older analyzer (analyzer.response.open-shape): Markdown, chunks whose text is a
 * stretch of it, `{l,t,r,b}` boxes on 0-indexed pages, per-page errors, and sometimes
 * extracted fields.
 */
import fc from 'fast-check';
import { analyzerBoxArb, creditsArb, markdownArb } from './arbCommon.js';

const CHUNK_TYPES = ['text', 'table', 'figure', 'marginalia', 'title', 'form'] as const;

const chunkArb = (characters: string[], pages: number) =>
  fc.record({
    text: fc
      .tuple(fc.nat(characters.length), fc.nat(characters.length))
      .map(([a, b]) => characters.slice(Math.min(a, b), Math.max(a, b)).join('')),
    grounding: fc.array(fc.record({ box: analyzerBoxArb, page: fc.nat(pages - 1) }), { minLength: 1, maxLength: 2 }),
    chunk_type: fc.constantFrom(...CHUNK_TYPES),
    chunk_id: fc.uuid(),
  });

export const analyzerResponseArb: fc.Arbitrary<Record<string, unknown>> = markdownArb.chain((markdown) => {
  const characters = Array.from(markdown);
  return fc.integer({ min: 1, max: 3 }).chain((pages) =>
    fc.record(
      {
        data: fc.record(
          {
            markdown: fc.constant(markdown),
            chunks: fc.array(chunkArb(characters, pages), { maxLength: 6 }),
            extracted_schema: fc.record({ total: fc.string({ maxLength: 10 }), name: fc.string({ maxLength: 10 }) }),
            extraction_metadata: fc.record({ total: fc.record({ value: fc.string({ maxLength: 10 }) }) }),
          },
          { requiredKeys: ['markdown', 'chunks'] },
        ),
        errors: fc.array(
          fc.record({ page_num: fc.nat(pages - 1), error: fc.string({ maxLength: 20 }), error_code: fc.integer({ min: 400, max: 599 }) }),
          { maxLength: 2 },
        ),
        extraction_error: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
        metadata: fc.record(
          { version: fc.constantFrom('va-2024-11', 'va-latest'), billing: fc.record({ total_credits: creditsArb }) },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: ['data'] },
    ),
  );
});
