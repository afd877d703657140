import type { AppErrorData } from '../../shared/errors.js';
import type { SearchHit } from '../../shared/ipc/search.js';
import type { LibraryEntry } from '../../shared/library.js';
import type { ResultInfo } from '../../shared/result.js';

/** What the worker needs of a listed result: enough to read its units and to tell a result saved again. */
export type ListedResult = Pick<ResultInfo, 'id' | 'documentId' | 'kind' | 'createdAt'> & { sourceResultId?: string };

/** A listed result as the worker is told it. */
export function listedResult(r: ResultInfo): ListedResult {
  return {
    id: r.id,
    documentId: r.documentId,
    kind: r.kind,
    createdAt: r.createdAt,
    ...(r.sourceResultId ? { sourceResultId: r.sourceResultId } : {}),
  };
}

/** Every result the library lists, as the worker is told it. */
export function listedResults(library: LibraryEntry[]): ListedResult[] {
  return library.flatMap((entry) => entry.results.map(listedResult));
}

/** A result a worker died reading (id and the stamp of the version it died on). */
export interface SkippedResult {
  id: string;
  createdAt: string;
}

/** Main → worker. Requests with an `id` are answered once with the same id; the others are not answered. */
export type ToSearchWorker =
  /**
   * Answered once the index file is read (or found missing or damaged, and the index starts
   * empty). `skip`: results a worker died reading, not read again until saved again.
   */
  | { type: 'open'; id: number; path: string; saveDelayMs?: number; progressSaveMs?: number; skip: SkippedResult[] }
  /**
   * What the workspace lists changed: results listed now (new, or saved again under their id)
   * and ids no longer listed; `reset` first forgets what the worker was told (a new worker). The
   * index follows the listing, and a query answers only what is listed.
   */
  | { type: 'library'; reset: boolean; listed: ListedResult[]; gone: string[] }
  | { type: 'query'; id: number; text: string; limit: number }
  | { type: 'idle'; id: number }
  | { type: 'close'; id: number; withinMs: number }
  /** The answer to the worker's read: a result's model, or the path of its response file (the worker reads and parses it). */
  | { type: 'read'; id: number; ok: true; value: Uint8Array | string }
  | { type: 'read'; id: number; ok: false; error: string };

/** A hit as the worker finds it; main adds the document's name. */
export interface WorkerHit {
  documentId: string;
  hit: SearchHit;
}

/** Worker → main. */
export type FromSearchWorker =
  | { type: 'answer'; id: number; ok: true; value: WorkerAnswer }
  | { type: 'answer'; id: number; ok: false; error: AppErrorData }
  /**
   * The worker reads a result's model through main's workspace (the model cache builds a missing
   * one); of its response main only names the file, so a 50 MB response is never parsed on main.
   */
  | { type: 'read'; id: number; what: 'model' | 'responsePath'; resultId: string }
  /** The result the worker starts reading (null: done with it): one it dies on is skipped by the next worker. */
  | { type: 'indexing'; resultId: string | null; createdAt: string | null }
  /** A sync ended with everything listed indexed (or skipped): the worker is not in a crash loop. */
  | { type: 'synced' }
  | { type: 'log'; level: 'info' | 'warn'; message: string; fields?: Record<string, unknown> };

export type WorkerAnswer =
  | { kind: 'query'; hits: WorkerHit[]; count: number; truncated: boolean; pending: number; skipped: number; size: number }
  | { kind: 'opened'; size: number }
  | { kind: 'idle'; size: number }
  | { kind: 'closed' };
