/** Request schema and answer of search:query: full text over the workspace's results. */
import { z } from 'zod';
import type { ResultKind } from '../result.js';

/** A longer query is refused `query_too_long` (a clear error, not a silent cut). */
export const MAX_QUERY_LENGTH = 200;
/** Hits answered when the request names no limit, and the most it may ask for. */
export const DEFAULT_SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 500;

/**
 * Which documents the search index holds. `keepProtectedOut`: the results of a document opened
 * with a password are not indexed (on by default: their text is already stored in plain form
 * in results and models, and the index would make a third copy, one a search shows to anyone at
 * this computer); turned on later, their results leave the index.
 */
export interface SearchSettings {
  keepProtectedOut: boolean;
}
export const DEFAULT_SEARCH_SETTINGS: SearchSettings = { keepProtectedOut: true };

export const searchRequests = {
  settings: z.object({}).strict(),
  setSettings: z.object({ keepProtectedOut: z.boolean() }).strict(),
  // The text is checked against MAX_QUERY_LENGTH by the search service, which says why; the schema only bounds what crosses IPC.
  query: z
    .object({
      text: z.string().max(10_000),
      limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
    })
    .strict(),
};

/** A piece of a snippet: plain text, `mark` where it matched (the renderer escapes it like any text). */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/** One place a query matched: a block of a parse or analyzer result, or an extracted field. */
export interface SearchHit {
  resultId: string;
  kind: ResultKind;
  /** `node`: a block of the result's Markdown; `field`: an extracted value. */
  target: 'node' | 'field';
  /** The node id (target node) or the field path (target field). */
  ref: string;
  /** The page the block or value is on (1-based), when known. */
  page: number | null;
  /** The UTF-16 range of the Markdown it covers (for a field: of its source's Markdown), when known. */
  range: { start: number; end: number } | null;
  snippet: SnippetPart[];
  score: number;
}

/** The hits of one document, best first; documents in the order of their best hit. */
export interface SearchGroup {
  documentId: string;
  documentName: string;
  hits: SearchHit[];
}

export interface SearchAnswer {
  groups: SearchGroup[];
  /** Hits answered (at most the limit). */
  count: number;
  /** True when more places matched than the limit. */
  truncated: boolean;
  /** Results still being indexed (a first build, or many changes): their text is not found yet. */
  pending: number;
  /** Results not searched because reading them stopped the search (each logged); tried again once saved again. */
  skipped: number;
}
