import { describe, expect, it, vi } from 'vitest';
import { parseResponseSchema, type StructureNode } from '../../../../shared/contracts/v2Parse.js';
import type { Block } from '../../../../electron/engine/blocks.js';
import type * as PageLayout from '../../../../electron/engine/pageLayout.js';
import { parseDocument } from '../../../../electron/engine/parseDocument.js';
import { buildPdf, sliceCodePoints } from '../../../support/pdfFixtures.js';

// Once the layout steps are bounded no real page is known to make them throw, so the failure
// goes in through the layout module: a page saying "EXPLODE" throws while being laid out, one
// saying "BREAK" yields a block the writer cannot write, after a good block has been written.
vi.mock('../../../../electron/engine/pageLayout.js', async (importOriginal) => {
  const real = await importOriginal<typeof PageLayout>();
  return {
    ...real,
    layoutPage: (...args: Parameters<typeof real.layoutPage>): Block[] => {
      const blocks = real.layoutPage(...args);
      const texts = args[0].map((line) => line.text);
      if (texts.includes('EXPLODE')) throw new RangeError('Maximum call stack size exceeded');
      if (texts.includes('BREAK')) return [...blocks, { type: 'text', lines: [] }];
      return blocks;
    },
  };
});

const page = (...texts: string[]) => ({ texts: texts.map((text, i) => ({ text, x: 50, y: 100 + 20 * i, font: 'sans' as const })) });

describe('a page whose layout fails', () => {
  it('is reported failed with a reason, nothing of it in the Markdown, and the rest of the document parsed', async () => {
    const bytes = await buildPdf([
      page('First page text'),
      page('EXPLODE'),
      page('Middle page text'),
      page('Good block', 'BREAK'),
      page('Last page text'),
    ]);
    const result = await parseDocument(bytes, { inline_markdown: true });
    expect(parseResponseSchema.safeParse(result).success).toBe(true);
    const pages = result.structure.children ?? [];
    expect(pages.map((p) => p.status)).toEqual(['ok', 'failed', 'ok', 'failed', 'ok']);
    expect(pages[1]?.reason).toBe(
      'The local engine could not lay out this page (Maximum call stack size exceeded). Run the cloud parser (engine "parse") on this page.',
    );
    expect(pages[3]?.reason).toMatch(/^The local engine could not lay out this page \(.+\)\. Run the cloud parser/);
    expect(result.metadata.failed_pages).toEqual([2, 4]);
    expect(result.markdown).toBe(
      [
        '<!-- page 1 -->',
        'First page text',
        '<!-- page 2 -->',
        '<!-- page 3 -->',
        'Middle page text',
        '<!-- page 4 -->',
        '<!-- page 5 -->',
        'Last page text',
      ].join('\n\n'),
    );
    expect(result.metadata.output_markdown_chars).toBe(Array.from(result.markdown).length);
    // Ids go on where they left off: the block written before page 4 broke took no number.
    const texts: StructureNode[] = pages.flatMap((p) => p.children ?? []);
    expect(texts.map((n) => n.id)).toEqual(['text-0', 'text-1', 'text-2']);
    for (const node of [...pages, ...texts])
      expect(sliceCodePoints(result.markdown, node.grounding!.range.start, node.grounding!.range.end)).toBe(node.markdown);
    expect(pages[3]?.children).toEqual([]);
  });
});
