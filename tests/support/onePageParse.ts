/** Code-point length, as the service counts ranges. */
export const codePoints = (text: string) => Array.from(text).length;

/** A grounding as the service writes it: a page, a code-point range of the Markdown and a box. */
type FixtureGrounding = {
  page: number;
  range: { start: number; end: number };
  box: { xmin: number; ymin: number; xmax: number; ymax: number };
};

/**
 * A page node the service parsed without fault, numbered and grounded by `grounding`, holding
 * `children`. `extras` adds to or replaces its fields (a page's `span`, say).
 */
export function parsedPage<Child, Extras extends object = object>(grounding: FixtureGrounding, children: Child[], extras = {} as Extras) {
  return { type: 'page' as const, page: grounding.page, status: 'ok' as const, reason: '', grounding, children, ...extras };
}

/** A v2 parse response whose Markdown is `markdown`, whose metadata is `metadata` and whose pages are `pages`. */
export function parseOfPages<Metadata, Page>(markdown: string, metadata: Metadata, pages: Page[]) {
  return { markdown, metadata, structure: { type: 'document' as const, children: pages } };
}

/**
 * A v2 parse response of one page whose Markdown is `markdown` and whose blocks are
 * `children`: a dpt-3-pro answer with no failed pages, its page grounded over all the
 * Markdown and the whole page. `metadata` adds to or replaces the metadata's fields, and
 * `pageExtras` the page's.
 */
export function onePageParse<Child>(
  markdown: string,
  children: Child[],
  metadata: Record<string, unknown> = {},
  pageExtras: Record<string, unknown> = {},
) {
  const page = parsedPage(
    { page: 1, range: { start: 0, end: codePoints(markdown) }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
    children,
    pageExtras,
  );
  const answer = { page_count: 1, failed_pages: [], range_units: 'unicode_codepoints', version: 'dpt-3-pro-20251103', ...metadata };
  return parseOfPages(markdown, answer, [page]);
}
