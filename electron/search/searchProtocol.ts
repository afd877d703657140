import type { AppErrorData } from '../../shared/errors.js';
import type { SearchHit } from '../../shared/ipc/search.js';
import type { LibraryEntry, ResultInfo, StoredResult } from '../../shared/workspace.js';

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

/** Main → worker. Requests with an `id` are answered once with the same id; the others are not answered. */
export type ToSearchWorker =
  /** Answered once the index file is read (or found missing or damaged, and the index starts empty). */
  | { type: 'open'; id: number; path: string; saveDelayMs?: number }
  /**
   * What the workspace lists changed: results listed now (new, or saved again under their id)
   * and ids no longer listed; `reset` first forgets what the worker was told (a new worker). The
   * index follows the listing, and a query answers only what is listed.
   */
  | { type: 'library'; reset: boolean; listed: ListedResult[]; gone: string[] }
  | { type: 'query'; id: number; text: string; limit: number }
  | { type: 'idle'; id: number }
  | { type: 'close'; id: number; withinMs: number }
  /** The answer to the worker's read of a result's model or response. */
  | { type: 'read'; id: number; ok: true; value: Uint8Array | StoredResult }
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
  /** The worker reads a result through main's workspace (the model cache builds a missing model). */
  | { type: 'read'; id: number; what: 'model' | 'result'; resultId: string }
  | { type: 'log'; level: 'info' | 'warn'; message: string; fields?: Record<string, unknown> };

export type WorkerAnswer =
  | { kind: 'query'; hits: WorkerHit[]; count: number; truncated: boolean; pending: number; size: number }
  | { kind: 'opened'; size: number }
  | { kind: 'idle'; size: number }
  | { kind: 'closed' };
