import type { ParseOptions, ParseResponse } from '../../../shared/contracts/v2Parse.js';

/**
 * Turns a document into a v2 parse response. The emulator's default reads the PDF's text
 * with pdf.js (`pdfTextBuilder.ts`); a test can plug in another. Builders need not be perfect: `finalizeParseResponse`
 * enforces the option rules (atomic grounding and its granularity, inline Markdown), failed
 * pages and metadata on whatever they return.
 */
export type ParseResultBuilder = (document: Uint8Array, filename: string, options: ParseOptions) => Promise<ParseResponse>;
