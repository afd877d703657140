import type { ParseResponse, StructureNode } from '../../../../shared/contracts/v2Parse.js';
import { buildParseModel, type ParseModel } from '../../../../shared/grounding/parseModel.js';

const PAGES = 3;
const BLOCKS_PER_PAGE = 40;

/** Pages of one-line paragraphs `p<page>-<n>`, each block with a one-word child so fields can point inside a block. */
export function threePages(): ParseModel {
  let markdown = '';
  const pages: StructureNode[] = [];
  const box = { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.2 };
  for (let page = 1; page <= PAGES; page++) {
    const pageStart = markdown.length;
    const children: StructureNode[] = [];
    for (let n = 0; n < BLOCKS_PER_PAGE; n++) {
      const start = markdown.length;
      markdown += `Block ${page}-${n}\n\n`;
      const end = start + `Block ${page}-${n}`.length;
      children.push({
        type: 'text',
        id: `p${page}-${n}`,
        grounding: { page, range: { start, end }, box },
        children: [{ type: 'word', id: `w${page}-${n}`, grounding: { page, range: { start: start + 6, end }, box } }],
      } as StructureNode);
    }
    pages.push({
      type: 'page',
      page,
      status: 'ok',
      reason: '',
      grounding: { page, range: { start: pageStart, end: markdown.length }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
      children,
    } as StructureNode);
  }
  const response = {
    markdown,
    metadata: { failed_pages: [] },
    structure: { type: 'document', children: pages },
  } as unknown as ParseResponse;
  return buildParseModel(response);
}
