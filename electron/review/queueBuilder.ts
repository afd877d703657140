import type { QueueItem, QueueKind } from '../../shared/ipc/queues.js';
import type { LibraryEntry } from '../../shared/library.js';
import type { ResultInfo, StoredResult } from '../../shared/result.js';
import { extractionView } from '../../shared/grounding/resultModel.js';
import type { AttentionReason } from './needsAttention.js';

/** What a queue is built over: the library's documents and how to read a result and its decisions. */
export interface QueueSource {
  entries: readonly LibraryEntry[];
  result(id: string): Promise<StoredResult>;
  decided(extraction: StoredResult): Promise<number>;
  /** For `attention`: why an extraction needs it (a low-confidence field, a failing rule, scores that cannot be read), or null. */
  needsAttention?(extraction: StoredResult): Promise<AttentionReason | null>;
}

/** The extraction a queue reviews on a document: its newest extraction, else its newest analyzer result (which carries fields too). */
export function reviewableResult(entry: LibraryEntry): ResultInfo | undefined {
  return entry.results.find((r) => r.kind === 'extract') ?? entry.results.find((r) => r.kind === 'analyzer');
}

/**
 * The items of a queue over `entries` (in their order): each document with the extraction to
 * review on it and its field count. Documents with nothing to review (no extraction, or one
 * without fields) are left out and counted; `unreviewed` also leaves out the ones whose every
 * field is decided, `attention` the ones that need none (not counted: they are not missing).
 * `unscored` counts the documents `attention` holds because their scores could not be read.
 */
export async function buildQueueItems(
  kind: QueueKind,
  source: QueueSource,
): Promise<{ items: QueueItem[]; leftOut: number; unscored: number }> {
  const items: QueueItem[] = [];
  let leftOut = 0;
  let unscored = 0;
  for (const entry of source.entries) {
    const chosen = reviewableResult(entry);
    const extraction = chosen ? await source.result(chosen.id) : null;
    const fields = extraction ? extractionView(extraction, null).fields.length : 0;
    if (!chosen || !extraction || fields === 0) {
      leftOut++;
      continue;
    }
    const decided = Math.min(fields, await source.decided(extraction));
    if (kind === 'unreviewed' && decided >= fields) continue;
    if (kind === 'attention') {
      const reason = await source.needsAttention?.(extraction);
      if (!reason) continue;
      if (reason === 'unscored') unscored++;
    }
    items.push({ documentId: entry.document.id, extractionId: chosen.id, name: entry.document.name, fields, decided });
  }
  return { items, leftOut, unscored };
}
