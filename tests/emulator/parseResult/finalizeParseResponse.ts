import type { ParseOptions, ParseResponse, StructureNode } from '../../../shared/contracts/v2Parse.js';
import { atomicFor } from './atomicGranularity.js';
import { codePointLength, codePointSlice } from './codePoints.js';

export interface FinalizeContext {
  options: ParseOptions;
  /** 1-indexed pages to report as failed (206). */
  failedPages: number[];
  jobId: string;
  model: string;
  filename: string;
  durationMs: number;
  baseUrl: string;
}

export const CREDITS_PER_PAGE = 3;

/**
 * Applies the contract's rules to whatever a builder returned, so every builder yields a
 * conformant answer: failed pages lose their content (and later ranges shift);
 * `atomic_grounding` is on leaf elements only (never on a `table`: v2.parse.atomic-grounding.leaves), at the model's
 * granularity (words with a confidence for `dpt-3-verity`, unscored lines for `dpt-3-pro`),
 * and omitted everywhere when the option is false; node-level grounding carries no
 * confidence; every page and element has the `span` the service sends beside its range;
 * `markdown` is on every node exactly when `inline_markdown` is true (v2.parse.options.inline-markdown); and the metadata
 * carries the emulator's job id, model (as `version` and `model_version`), billing and
 * code-point count.
 */
export function finalizeParseResponse(built: ParseResponse, ctx: FinalizeContext): ParseResponse {
  const response = structuredClone(built);
  const pages = (response.structure.children ?? []).filter((node) => node.type === 'page');
  const failed = pages.filter((page) => page.page !== undefined && ctx.failedPages.includes(page.page));

  const removed = failed
    .map((page) => page.grounding?.range)
    .filter((range): range is { start: number; end: number } => range !== undefined)
    .sort((a, b) => a.start - b.start);
  if (removed.length > 0) {
    const kept = Array.from(response.markdown).filter((_, i) => !removed.some((r) => i >= r.start && i < r.end));
    response.markdown = kept.join('');
    const shift = (x: number) => x - removed.reduce((sum, r) => sum + (r.start < x ? Math.min(x, r.end) - r.start : 0), 0);
    walk(response.structure, (node) => {
      for (const grounding of [node.grounding, ...(node.atomic_grounding ?? [])]) {
        if (grounding) grounding.range = { ...grounding.range, start: shift(grounding.range.start), end: shift(grounding.range.end) };
      }
    });
  }
  for (const page of failed) {
    page.status = 'failed';
    page.reason = 'The page could not be parsed (emulated failure).';
    page.children = [];
  }

  const codePoints = Array.from(response.markdown);
  walk(response.structure, (node) => {
    delete node.grounding?.confidence;
    if (node.grounding && node.type !== 'document') node.span = [node.grounding.range.start, node.grounding.range.end];
    if (ctx.options.atomic_grounding === false || node.type === 'table' || node.type === 'page' || node.type === 'document')
      delete node.atomic_grounding;
    else if (node.atomic_grounding) node.atomic_grounding = atomicFor(node, codePoints, ctx.model);
    if (ctx.options.inline_markdown === true) {
      node.markdown = node.grounding
        ? codePointSlice(response.markdown, node.grounding.range.start, node.grounding.range.end)
        : response.markdown;
    } else {
      delete node.markdown;
    }
  });

  const pageCount = pages.length;
  const okPages = pageCount - failed.length;
  response.metadata = {
    ...response.metadata,
    job_id: ctx.jobId,
    filename: ctx.filename,
    version: ctx.model,
    model_version: ctx.model,
    page_count: pageCount,
    duration_ms: ctx.durationMs,
    failed_pages: failed.map((page) => page.page!).sort((a, b) => a - b),
    output_markdown_chars: codePointLength(response.markdown),
    range_units: 'unicode_codepoints',
    openapi_spec: `${ctx.baseUrl}/v2/openapi.json`,
    billing: { total_credits: okPages * CREDITS_PER_PAGE },
  };
  return response;
}

function walk(node: StructureNode, visit: (node: StructureNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}
