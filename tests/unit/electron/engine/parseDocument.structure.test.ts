import { describe, expect, it } from 'vitest';
import type { ParseResponse, StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { buildPdf, MONO, sliceCodePoints, type TextSpec } from '../../../support/pdfFixtures.js';

// Structure as the page shows it: list markers kept, code kept line by line, and only running
// headers and footers taken out as marginalia.

const sans = (text: string, x: number, y: number, size = 9): TextSpec => ({ text, x, y, size, font: 'sans' });
const elements = (result: ParseResponse) => {
  const out: StructureNode[] = [];
  for (const page of result.structure.children ?? []) out.push(...(page.children ?? []));
  return out;
};
const slice = (result: ParseResponse, node: { range: { start: number; end: number } }) =>
  sliceCodePoints(result.markdown, node.range.start, node.range.end);

describe('list items keep their markers', () => {
  it('a dash beside a number is a table cell, not a bullet', async () => {
    const row = (label: string, middle: string, last: string, y: number) => [sans(label, 50, y), sans(middle, 200, y), sans(last, 220, y)];
    const bytes = await buildPdf([
      { texts: [...row('Revenue', '–', '1,234', 100), ...row('Costs', '5', '600', 115), ...row('Profit', '–', '634', 130)] },
    ]);
    const result = await parseDocument(bytes);
    expect(result.markdown).toBe(
      '<!-- page 1 -->\n\n<table>\n<tr><td>Revenue</td><td>–</td><td>1,234</td></tr>\n<tr><td>Costs</td><td>5</td><td>600</td></tr>\n<tr><td>Profit</td><td>–</td><td>634</td></tr>\n</table>',
    );
  });

  it('reads hanging bullets, Symbol and Wingdings bullets, a bullet set off its baseline, and hanging numbers', async () => {
    const bytes = await buildPdf([
      {
        texts: [
          sans('Shopping', 50, 60),
          // A bullet more than an em left of its text (a hanging indent).
          sans('•', 50, 100),
          sans('Hanging bullet far from its text', 72, 100),
          // Fonts without a Unicode map: pdf.js reads these bullets as U+F0B7 and U+F06C.
          { text: '·', x: 50, y: 115, size: 9, font: 'symbol' },
          sans('Symbol bullet item', 62, 115),
          { text: 'l', x: 50, y: 130, size: 9, font: 'symbol' },
          sans('Wingdings bullet item', 62, 130),
          // A smaller bullet a little above its text's baseline, beside a bigger heading in the
          // next column a little higher still: the bullet lands in the heading's row.
          sans('•', 59.2, 160.5, 8),
          sans('Bullet set a little high', 67, 161.4),
          sans('Next Column Heading', 317, 156.9, 11),
          sans('1.', 50, 190),
          sans('First step, numbered', 72, 190),
          sans('(b)', 50, 205),
          sans('Second step, lettered', 72, 205),
          sans('Body text in a proportional font, long enough to be the body of this page.', 50, 240),
        ],
      },
    ]);
    const result = await parseDocument(bytes);
    expect(result.markdown).toBe(
      [
        '<!-- page 1 -->',
        'Shopping',
        '- Hanging bullet far from its text',
        '- Symbol bullet item',
        '- Wingdings bullet item',
        '- Bullet set a little high',
        '1. First step, numbered',
        '(b) Second step, lettered',
        '## Next Column Heading',
        'Body text in a proportional font, long enough to be the body of this page.',
      ].join('\n\n'),
    );
    const items = elements(result).filter((n) => n.type === 'list_item');
    expect(items).toHaveLength(6);
    // The item's box takes in its bullet; its range is its whole Markdown, marker included.
    const hanging = items[0] as StructureNode;
    expect(slice(result, hanging.grounding!)).toBe('- Hanging bullet far from its text');
    expect(hanging.grounding!.box.xmin).toBeCloseTo(50 / 600, 3);
  });
});

describe('code keeps its lines', () => {
  const cell = MONO.advance * 10;
  const page = {
    texts: [
      { text: 'The function below greets someone by name:', x: 50, y: 100, font: 'sans' as const },
      { text: 'def greet(name):', x: 50, y: 130, size: 10 },
      // Indented by its position (four character cells), not by spaces in the text.
      { text: 'return name', x: 50 + 4 * cell, y: 142, size: 10 },
      // After an empty line; the comment is drawn apart, two cells right of the code.
      { text: "print(greet('```'))", x: 50, y: 166, size: 10 },
      { text: '# done', x: 50 + 21 * cell, y: 166, size: 10 },
      { text: 'It returns the name it was given, unchanged, as the text says.', x: 50, y: 200, font: 'sans' as const },
    ],
  };
  const CODE = "````\ndef greet(name):\n    return name\n\nprint(greet('```'))  # done\n````";

  it('writes fixed-pitch lines amid proportional text as a fenced block, indentation and empty lines kept', async () => {
    const result = await parseDocument(await buildPdf([page]), { inline_markdown: true });
    expect(result.markdown).toBe(
      [
        '<!-- page 1 -->',
        'The function below greets someone by name:',
        CODE,
        'It returns the name it was given, unchanged, as the text says.',
      ].join('\n\n'),
    );
    const code = elements(result).find((n) => n.type === 'code') as StructureNode;
    expect(code.id).toBe('code-0');
    expect(slice(result, code.grounding!)).toBe(CODE);
    expect(code.markdown).toBe(CODE);
    // One atomic range per drawn line, the first taking in the opening fence.
    expect(code.atomic_grounding?.map((g) => slice(result, g))).toEqual([
      '````\ndef greet(name):',
      '    return name',
      "print(greet('```'))",
      '# done',
    ]);
    expect(code.grounding!.box.ymin).toBeCloseTo((130 - MONO.ascent * 10) / 800, 3);
  });

  it('leaves a typewritten page (fixed pitch throughout) as text', async () => {
    const typewritten = { texts: page.texts.map((t) => ({ ...t, font: 'mono' as const })) };
    const result = await parseDocument(await buildPdf([typewritten]));
    expect(result.markdown).not.toMatch(/^`{3,}/m);
    expect(result.markdown).toContain("def greet(name): return name print(greet('```'))");
    expect(elements(result).map((n) => n.type)).not.toContain('code');
  });
});

describe('marginalia are running headers and footers', () => {
  const header = sans('ACME Corp Annual Report', 220, 30);
  const pageNumber = (n: number) => sans(String(n), 298, 780);
  const body = (text: string) => sans(text, 50, 300);

  it('takes out what repeats in the margin band, and keeps numbers in a table near the bottom as content', async () => {
    const bytes = await buildPdf([
      {
        texts: [
          header,
          sans('Summary of the year', 50, 70, 14),
          body('First page body text, long enough to set the body size.'),
          pageNumber(1),
        ],
      },
      {
        texts: [
          header,
          body('Second page body text, long enough to set the body size.'),
          sans('Quarter', 50, 730),
          sans('Sales', 200, 730),
          sans('Costs', 350, 730),
          sans('Q1', 50, 745),
          sans('10', 200, 745),
          sans('12', 350, 745),
          pageNumber(2),
        ],
      },
      { texts: [header, body('Third page body text, long enough to set the body size.'), pageNumber(3)] },
    ]);
    const result = await parseDocument(bytes);
    expect(result.markdown).toBe(
      [
        '<!-- page 1 -->',
        'ACME Corp Annual Report',
        '## Summary of the year',
        'First page body text, long enough to set the body size.',
        '1',
        '<!-- page 2 -->',
        'ACME Corp Annual Report',
        'Second page body text, long enough to set the body size.',
        '<table>\n<tr><td>Quarter</td><td>Sales</td><td>Costs</td></tr>\n<tr><td>Q1</td><td>10</td><td>12</td></tr>\n</table>',
        '2',
        '<!-- page 3 -->',
        'ACME Corp Annual Report',
        'Third page body text, long enough to set the body size.',
        '3',
      ].join('\n\n'),
    );
    expect(
      elements(result)
        .filter((n) => n.type === 'marginalia')
        .map((n) => slice(result, n.grounding!)),
    ).toEqual(['ACME Corp Annual Report', '1', 'ACME Corp Annual Report', '2', 'ACME Corp Annual Report', '3']);
  });

  it('takes a page number that repeats nowhere only when it stands alone at the edge of the page', async () => {
    const alone = await parseDocument(
      await buildPdf([{ texts: [body('A one-page letter, long enough to set the body size.'), pageNumber(7)] }]),
    );
    expect(elements(alone).map((n) => [n.type, slice(alone, n.grounding!)])).toEqual([
      ['text', 'A one-page letter, long enough to set the body size.'],
      ['marginalia', '7'],
    ]);
    // A number in the band with a line below it is the text's, not the page's.
    const inText = await parseDocument(
      await buildPdf([
        { texts: [body('A one-page note, long enough to set the body size.'), sans('42', 50, 730), sans('Signed, the author', 50, 780)] },
      ]),
    );
    expect(elements(inText).map((n) => n.type)).not.toContain('marginalia');
    expect(inText.markdown).toContain('\n\n42\n\n');
  });
});
