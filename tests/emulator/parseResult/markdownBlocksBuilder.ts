import type { StructureNode } from '../../../shared/contracts/v2Parse.js';
import { fraction } from './codePoints.js';
import { documentPageCount } from './documentKind.js';
import { MarkdownWriter } from './markdownWriter.js';
import type { ParseResultBuilder } from './parseResultBuilder.js';

/**
 * Serves Markdown a caller chose instead of text made from the document: each block
 * becomes one `text` node on the first processed page (blank lines between blocks), the
 * other pages stay empty. Tests use it to send hostile or huge Markdown down the real
 * cloud path (`POST /__control/markdown`).
 */
export function markdownBlocksBuilder(blocks: readonly string[]): ParseResultBuilder {
  return async (bytes, filename, options) => {
    const pages = options.pages ?? Array.from({ length: await documentPageCount(bytes) }, (_, i) => i + 1);
    const md = new MarkdownWriter();
    const pageNodes: StructureNode[] = pages.map((page, index) => {
      if (index > 0) md.write('\n\n');
      const pageStart = md.position;
      const children: StructureNode[] = [];
      if (index === 0) {
        blocks.forEach((block, i) => {
          if (i > 0) md.write('\n\n');
          const top = fraction(0.05 + (0.9 * i) / blocks.length);
          const bottom = fraction(0.05 + (0.9 * (i + 1)) / blocks.length);
          const box = { xmin: 0.1, ymin: top, xmax: 0.9, ymax: bottom };
          children.push({ id: `text-${i}`, type: 'text', grounding: { page, range: md.write(block), box }, children: [] });
        });
      }
      return {
        type: 'page',
        page,
        status: 'ok',
        reason: '',
        grounding: { page, range: { start: pageStart, end: md.position }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
        children,
      };
    });
    return {
      markdown: md.toString(),
      metadata: { filename, page_count: pages.length },
      structure: { type: 'document', children: pageNodes },
    };
  };
}
