// The library, as both processes see it: documents with their results, its order, the trash and its changes.
import type { DocumentInfo } from './document.js';
import { byCodeUnits, type ResultInfo } from './result.js';

export interface LibraryEntry {
  document: DocumentInfo;
  results: ResultInfo[];
}

/** The library's order: the document whose latest result (or, without one, its import) is newest first; ties by id. Its results already in order. */
export function libraryOrder(a: LibraryEntry, b: LibraryEntry): number {
  const latest = (e: LibraryEntry) => e.results[0]?.createdAt ?? e.document.addedAt;
  return byCodeUnits(latest(b), latest(a)) || byCodeUnits(a.document.id, b.document.id);
}

/** Days a trashed document or result can be restored; older trash is removed at start-up. */
export const TRASH_DAYS = 30;

/** One deletion, restorable as a whole: a document with all its results, or a result with the extractions made from it. */
export interface TrashEntry {
  id: string;
  trashedAt: string;
  what: 'document' | 'result';
  /** The document (in a 'result' entry: the one the results belong to, which stays). */
  document: DocumentInfo;
  results: ResultInfo[];
}

/** When a trash entry is removed for good. */
export function trashExpiresAt(entry: Pick<TrashEntry, 'trashedAt'>): Date {
  return new Date(Date.parse(entry.trashedAt) + TRASH_DAYS * 24 * 60 * 60 * 1000);
}

/** What a workspace mutation changed: main announces it, the renderer reloads what it shows. */
export interface WorkspaceChange {
  change: 'documents' | 'results' | 'trash';
  /** The document concerned, when there is one. */
  documentId?: string;
}
