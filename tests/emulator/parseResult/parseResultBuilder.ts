import type { ParseOptions, ParseResponse } from '../../../shared/contracts/v2Parse.js';

/**
 * Turns a document into a v2 parse response. The emulator ships a deterministic builder;
 * the offline engine (`parseWithLocalEngine(bytes, options)`) can be plugged in instead
 * through this signature. Builders need not be perfect: `finalizeParseResponse` enforces
 * the option rules (atomic grounding, inline Markdown), failed pages and metadata on
 * whatever they return.
 */
export type ParseResultBuilder = (document: Uint8Array, filename: string, options: ParseOptions) => Promise<ParseResponse>;
