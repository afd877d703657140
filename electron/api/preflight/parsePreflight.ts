import { parseOptionsSchema, type ParseOptions } from '../../../shared/contracts/v2Parse.js';
import { SERVICE_TIERS, type ServiceTier } from '../../../shared/jobs.js';
import { checkDocumentFile, checkDocumentXorUrl, documentMime, uploadName, type DocumentFile } from './documentInput.js';
import { servicePageCount } from './servicePageCount.js';
import { preflightError } from './preflightError.js';
import { saveUrlWarnings } from './saveUrlPreflight.js';

export interface ParseInput {
  document?: DocumentFile;
  document_url?: string;
  /** Dated snapshot, `-latest` alias or bare family; the service's default when absent. */
  model?: string;
  /** Checked against the contract's option keys; typed open so user-supplied JSON can be checked too. */
  options?: Record<string, unknown>;
}

export interface ParseJobInput extends ParseInput {
  output_save_url?: string;
  service_tier?: ServiceTier;
  /** Not sent: the pages the service may count in the local copy of a `document_url` (see servicePageCount), for the output_save_url window. */
  pageCount?: number;
}

export interface CheckedParse {
  options: ParseOptions | undefined;
  /** How the local document is uploaded: typed and named by its content. */
  upload: { mime: string; filename: string } | null;
  /** Pages the service will process, when known before sending. */
  pageCount: number | null;
  warnings: string[];
}

/**
 * Everything about a parse request that can be refused before sending (v2.errors.validation-422:
 * v2.parse.document-xor-url, v2.parse.options.pages-zero, v2.parse.options.password,
 * v2.output-save-url.window), so the user hears at once and spends no credits.
 */
export async function checkParseInput(input: ParseJobInput, now: number = Date.now()): Promise<CheckedParse> {
  checkDocumentXorUrl(input.document, input.document_url);
  if (input.model !== undefined && !input.model.trim()) {
    throw preflightError(
      'validation_error',
      'model',
      'The model name is empty.',
      'Leave it unset for the default model, or name one (e.g. dpt-3-pro).',
    );
  }
  const options = input.options === undefined ? undefined : checkParseOptions(input.options);
  const document = input.document ? await checkDocumentFile(input.document) : null;
  const upload =
    input.document && document ? { mime: documentMime(document.kind), filename: uploadName(input.document.filename, document.kind) } : null;
  const pageCount = options?.pages ? options.pages.length : (document?.pageCount ?? input.pageCount ?? null);

  const warnings: string[] = [];
  if (input.service_tier !== undefined && !SERVICE_TIERS.includes(input.service_tier)) {
    throw preflightError(
      'validation_error',
      'service_tier',
      `service_tier must be "standard" or "priority"; got "${String(input.service_tier)}".`,
      'Leave it unset for standard.',
    );
  }
  if (input.output_save_url !== undefined) {
    // The window counts every page the service may count, not only those options.pages asks for.
    const windowPages =
      input.document && document ? servicePageCount(input.document.bytes, document.kind, document.pageCount) : (input.pageCount ?? null);
    warnings.push(...saveUrlWarnings(input.output_save_url, windowPages, now));
  }
  return { options, upload, pageCount, warnings };
}

/** Unknown keys (including retired `dpi`, `grounding`, `blocks.<type>.caption`), pages with 0, any password. */
export function checkParseOptions(raw: Record<string, unknown>): ParseOptions {
  const parsed = parseOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const unknown = parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key].join('.')) : [],
    );
    if (unknown.length > 0) {
      throw preflightError(
        'unknown_option',
        `options.${unknown[0]}`,
        `Unknown parse option${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`,
        'Allowed: pages, blocks.<type>.markdown, atomic_grounding, inline_markdown. dpi, grounding and blocks.<type>.caption were retired.',
      );
    }
    const issue = parsed.error.issues[0];
    const path = issue ? issue.path.join('.') : '';
    throw preflightError(
      'validation_error',
      `options${path ? `.${path}` : ''}`,
      `Invalid parse option ${path || 'object'}: ${issue?.message ?? 'invalid'}.`,
      'Fix the option value and try again.',
    );
  }
  const options = parsed.data;
  if (options.pages?.some((page) => page < 1)) {
    throw preflightError(
      'invalid_pages',
      'options.pages',
      'options.pages counts from 1; 0 (and negative numbers) are not pages.',
      'Number pages from 1, as they are shown.',
    );
  }
  if (options.password !== undefined && options.password !== null) {
    throw preflightError(
      'password_not_supported',
      'options.password',
      'Password-protected documents are not supported by the service; a password cannot be sent.',
      'Save an unprotected copy of the document and parse that.',
    );
  }
  return options;
}
