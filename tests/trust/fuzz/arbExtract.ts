/**
 * Valid v2 extract responses (v2.extract.response): an extraction (nested objects and arrays),
 * its extraction_metadata mirroring it with code-point ranges into a parse result's
 * Markdown, metadata, and sometimes warnings that name a field.
 */
import fc from 'fast-check';
import { creditsArb, idArb, rangeArb } from './arbCommon.js';

type Spec = { leaf: unknown; ranges: Array<{ start: number; end: number }> | null } | { object: Array<[string, Spec]> } | { array: Spec[] };

const keyArb = fc.oneof(
  fc.constantFrom('total', 'name', 'date', 'address', 'city', 'line_items', 'amount', 'iban'),
  fc.stringMatching(/^[a-z_]{1,10}$/),
);

function specArb(length: number): fc.Arbitrary<Spec> {
  const leaf = fc.record({
    leaf: fc.oneof(fc.string({ maxLength: 20 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
    ranges: fc.option(fc.array(rangeArb(length), { maxLength: 2 }), { nil: null }),
  });
  const { spec } = fc.letrec<{ spec: Spec }>((tie) => ({
    spec: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      { weight: 4, arbitrary: leaf },
      {
        weight: 1,
        arbitrary: fc.record({ object: fc.uniqueArray(fc.tuple(keyArb, tie('spec')), { maxLength: 3, selector: ([k]) => k }) }),
      },
      { weight: 1, arbitrary: fc.record({ array: fc.array(tie('spec'), { maxLength: 3 }) }) },
    ),
  }));
  return spec;
}

function build(spec: Spec): { value: unknown; meta: unknown } {
  if ('leaf' in spec) return { value: spec.leaf, meta: spec.ranges === null ? {} : { ranges: spec.ranges } };
  if ('array' in spec) {
    const built = spec.array.map(build);
    return { value: built.map((b) => b.value), meta: built.map((b) => b.meta) };
  }
  const value: Record<string, unknown> = {};
  const meta: Record<string, unknown> = {};
  for (const [key, child] of spec.object) {
    const built = build(child);
    value[key] = built.value;
    meta[key] = built.meta;
  }
  return { value, meta };
}

/** An extraction of a Markdown `length` code points long. */
export const extractResponseArb = (length: number): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record(
      {
        fields: fc.uniqueArray(fc.tuple(keyArb, specArb(length)), { maxLength: 6, selector: ([k]) => k }),
        metadata: fc.record(
          {
            job_id: idArb,
            model_version: fc.constantFrom('extract-20250930', 'extract-latest'),
            duration_ms: fc.nat(9_000),
            billing: fc.record({ total_credits: creditsArb }),
          },
          { requiredKeys: [] },
        ),
        warnings: fc.array(
          fc.record({
            code: fc.constantFrom('missing_field', 'low_confidence'),
            msg: fc.oneof(fc.constantFrom('total was not found', '"name" looks truncated'), fc.string({ maxLength: 30 })),
          }),
          { maxLength: 2 },
        ),
        schema_violation_error: fc.option(fc.string({ maxLength: 30 }), { nil: null }),
      },
      { requiredKeys: ['fields', 'metadata'] },
    )
    .map(({ fields, ...rest }) => {
      const { value, meta } = build({ object: fields });
      return { extraction: value, extraction_metadata: meta, ...rest };
    });
