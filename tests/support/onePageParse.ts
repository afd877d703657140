/** Code-point length, as the service counts ranges. */
export const codePoints = (text: string) => Array.from(text).length;

/**
 * A v2 parse response of one page whose Markdown is `markdown` and whose blocks are
 * `children`: a dpt-3-pro answer with no failed pages, its page grounded over all the
 * Markdown and the whole page. `metadata` adds to or replaces the metadata's fields.
 */
export function onePageParse(markdown: string, children: unknown[], metadata: Record<string, unknown> = {}) {
  return {
    markdown,
    metadata: { page_count: 1, failed_pages: [], range_units: 'unicode_codepoints', version: 'dpt-3-pro-20251103', ...metadata },
    structure: {
      type: 'document',
      children: [
        {
          type: 'page',
          page: 1,
          status: 'ok',
          reason: '',
          grounding: { page: 1, range: { start: 0, end: codePoints(markdown) }, box: { xmin: 0, ymin: 0, xmax: 1, ymax: 1 } },
          children,
        },
      ],
    },
  };
}
