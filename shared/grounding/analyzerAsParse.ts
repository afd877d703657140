/**
 * The older analyzer's answer in the v2 parse shape, so one model (and every panel) serves
 * both. Chunks carry no Markdown ranges, so each chunk's text is found in the Markdown in
 * order; boxes `{l,t,r,b}` on 0-indexed pages become `{xmin,…}` on 1-indexed pages, here
 * and only here. Page errors become failed pages. A chunk whose text is not in the Markdown
 * is marked `range_not_found`, and one without grounding sits under the document, on no
 * page: both stay visible, flagged by the model.
 */
import type { AnalyzerResponse } from '../contracts/analyzer.js';
import type { Grounding, ParseResponse, StructureNode } from '../contracts/v2Parse.js';
import { CodePointIndex } from './codePointIndex.js';

export function analyzerAsParse(response: AnalyzerResponse): ParseResponse {
  const markdown = response.data.markdown;
  const index = new CodePointIndex(markdown);
  const failedPages = [...new Set((response.errors ?? []).map((e) => e.page_num + 1))].sort((a, b) => a - b);
  const pages = new Map<number, StructureNode[]>();
  const pageless: StructureNode[] = [];
  let cursor = 0;

  for (const chunk of response.data.chunks) {
    const found = locate(markdown, chunk.text, cursor);
    if (found) cursor = found.end;
    const range = found ? { start: index.toCodePoint(found.start), end: index.toCodePoint(found.end) } : null;
    const groundings: Grounding[] = chunk.grounding.map((g) => ({
      page: g.page + 1,
      range: range ?? { start: 0, end: 0 },
      box: { xmin: g.box.l, ymin: g.box.t, xmax: g.box.r, ymax: g.box.b },
    }));
    const first = groundings[0];
    if (!first) {
      pageless.push({ id: chunk.chunk_id, type: chunk.chunk_type, ...(range ? {} : { range_not_found: true }) });
      continue;
    }
    const node: StructureNode = {
      id: chunk.chunk_id,
      type: chunk.chunk_type,
      ...(range ? { grounding: first } : { grounding: { ...first, range: { start: 0, end: 0 } }, range_not_found: true }),
      ...(groundings.length > 1 ? { atomic_grounding: groundings } : {}),
    };
    const list = pages.get(first.page) ?? [];
    list.push(node);
    pages.set(first.page, list);
  }
  for (const page of failedPages) if (!pages.has(page)) pages.set(page, []);

  const whole = { start: 0, end: index.codePointLength };
  const errorOf = new Map<number, { error: string; error_code: number }>();
  for (const e of response.errors ?? []) if (!errorOf.has(e.page_num + 1)) errorOf.set(e.page_num + 1, e);
  const pageNodes: StructureNode[] = [...pages.keys()]
    .sort((a, b) => a - b)
    .map((page) => {
      const error = errorOf.get(page);
      return {
        type: 'page',
        page,
        status: error ? 'failed' : 'ok',
        reason: error ? `${error.error} (code ${error.error_code})` : '',
        grounding: { page, range: whole, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
        children: pages.get(page) ?? [],
      };
    });

  return {
    markdown,
    metadata: {
      ...(response.metadata ?? {}),
      failed_pages: failedPages,
      range_units: 'unicode_codepoints',
      page_count: pageNodes.length,
    },
    structure: { type: 'document', children: [...pageNodes, ...pageless] },
  };
}

/** Where a chunk's text sits in the Markdown: after the previous chunk if it can, anywhere if not. */
function locate(markdown: string, text: string, from: number): { start: number; end: number } | null {
  const needle = text.trim();
  if (!needle) return null;
  let at = markdown.indexOf(needle, from);
  if (at < 0) at = markdown.indexOf(needle);
  return at < 0 ? null : { start: at, end: at + needle.length };
}
