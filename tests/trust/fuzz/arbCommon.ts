/** Pieces every response arbitrary shares: Markdown with astral characters, code-point ranges, fractions of a page. */
import fc from 'fast-check';

/** Markdown as services write it, with emoji and rare CJK (two UTF-16 units each) mixed in. */
export const markdownArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          '# Invoice\n\n',
          '| a | b |\n|---|---|\n| 1 | 2 |\n',
          '😀 emoji ',
          '𠀀𠀁 CJK ',
          'Total: 42.00\n',
          '- item\n',
          'Name: Ada\n',
        ),
      },
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Length in code points, as the services count (a lone surrogate counts as one, as in CodePointIndex). */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export const rangeArb = (length: number) =>
  fc.tuple(fc.nat({ max: length }), fc.nat({ max: length })).map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));

const fraction = fc.double({ min: 0, max: 1, noNaN: true });
export const cornersArb = fc
  .tuple(fraction, fraction, fraction, fraction)
  .map(([a, b, c, d]) => [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)] as const);

export const v2BoxArb = cornersArb.map(([xmin, ymin, xmax, ymax]) => ({ xmin, ymin, xmax, ymax }));
export const analyzerBoxArb = cornersArb.map(([l, t, r, b]) => ({ l, t, r, b }));

export const ELEMENT_TYPES = [
  'text',
  'title',
  'heading',
  'table',
  'list_item',
  'marginalia',
  'figure',
  'caption',
  'page_header',
  'logo',
  'formula',
] as const;
export const idArb = fc.oneof(fc.uuid(), fc.stringMatching(/^[a-z]{1,6}-[0-9]{1,4}$/));
export const isoArb = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
export const creditsArb = fc.double({ min: 0, max: 500, noNaN: true });
