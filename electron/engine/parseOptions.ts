import { parseOptionsSchema, type ParseOptions } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';

export interface ResolvedOptions {
  atomicGrounding: boolean;
  inlineMarkdown: boolean;
  /** Null: every page. */
  pages: number[] | null;
}

const invalid = (message: string, hint?: string) => new AppError({ code: 'validation_error', message, ...(hint ? { hint } : {}) });

/** Checks the options as the service would (unknown keys and any password are refused). */
export function resolveOptions(options: unknown): ResolvedOptions {
  const parsed = parseOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(`Invalid parse options: ${issue ? `${issue.path.join('.') || 'options'}: ${issue.message}` : 'not an object'}.`);
  }
  const value: ParseOptions = parsed.data;
  if (value.password != null) {
    throw invalid(
      'Encrypted PDFs are not supported, so the "password" option is refused.',
      'Remove the password from the PDF and parse an unprotected copy.',
    );
  }
  if (value.pages != null) {
    if (value.pages.length === 0)
      throw invalid('The "pages" option is empty.', 'List 1-indexed page numbers, or leave "pages" out to parse every page.');
    if (value.pages.some((p) => p < 1)) throw invalid('Page numbers in "pages" start at 1; 0 and negative numbers are refused.');
  }
  return {
    atomicGrounding: value.atomic_grounding ?? true,
    inlineMarkdown: value.inline_markdown ?? false,
    pages: value.pages ?? null,
  };
}

/** The pages to parse, in document order, once the page count is known. */
export function selectPages(pages: number[] | null, pageCount: number): number[] {
  if (pages === null) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const outside = pages.filter((p) => p > pageCount);
  if (outside.length > 0) {
    throw invalid(`The document has ${pageCount} page${pageCount === 1 ? '' : 's'}; page ${outside.join(', ')} does not exist.`);
  }
  return [...new Set(pages)].sort((a, b) => a - b);
}
