import { useEffect, useState } from 'react';
import type { Batch } from '../../shared/jobs.js';
import type { RequestOfCreate } from '../../shared/ipc/queues.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';
import { filterLibrary } from '../state/library/libraryModel.js';
import { useLibraryStore } from '../state/library/libraryStore.js';
import { useQueueStore } from '../state/queue/queueStore.js';
import { useConfidenceSettings } from '../state/fields/confidenceSettings.js';
import { schemaOfText } from '../state/fields/rulesStore.js';
import { useRunSettings } from '../state/runSettings.js';

type Kind = RequestOfCreate['kind'];

/**
 * Starts a review queue from the library: which documents, named for what they are. The
 * library does not know the folder a document came from, so a folder is a batch (a batch made
 * from that folder) or the filter.
 */
export function QueueStart({ onClose }: { onClose: () => void }) {
  const filter = useLibraryStore((s) => s.filter);
  const library = useLibraryStore((s) => s.library);
  const listed = filterLibrary(library, filter);
  const [kind, setKind] = useState<Kind>('unreviewed');
  const [batches, setBatches] = useState<Batch[] | null>(null);
  const [batchId, setBatchId] = useState('');
  const form = useFormAction();
  // As the Fields panel marks fields and runs rules: its threshold, and the rules of its schema.
  const threshold = useConfidenceSettings((s) => s.threshold);
  const schema = schemaOfText(useRunSettings((s) => s.fieldsSchema));

  useEffect(() => {
    let live = true;
    requireApi()
      .batch.list({})
      .then((list) => {
        if (!live) return;
        setBatches(list);
        setBatchId((id) => id || (list[0]?.batchId ?? ''));
      })
      .catch(() => live && setBatches([]));
    return () => {
      live = false;
    };
  }, []);

  const request = (): RequestOfCreate | null => {
    if (kind === 'batch') return batchId ? { kind, batchId } : null;
    if (kind === 'attention') return { kind, threshold, ...(schema ? { schema } : {}) };
    if (kind === 'listed') return listed.length > 0 ? { kind, documentIds: listed.map((e) => e.document.id), filter } : null;
    return { kind };
  };
  const why =
    kind === 'batch' && !batchId
      ? 'There is no batch in this workspace'
      : kind === 'listed' && listed.length === 0
        ? 'The library lists no document'
        : null;
  const options: Array<{ kind: Kind; label: string }> = [
    { kind: 'unreviewed', label: 'Not yet reviewed (a field without a decision)' },
    {
      kind: 'attention',
      label: `Low confidence (a field under ${Math.round(threshold * 100)} %) or a failing rule of the Fields panel's schema`,
    },
    { kind: 'all', label: 'Every document with an extraction' },
    {
      kind: 'listed',
      label: filter.trim() ? `The ${listed.length} listed: name contains “${filter.trim()}”` : `The ${listed.length} listed in the library`,
    },
    { kind: 'batch', label: 'A batch' },
  ];

  return (
    <form
      className="queue-start"
      data-testid="queue-start"
      onSubmit={(e) => {
        e.preventDefault();
        const chosen = request();
        if (!chosen) return;
        void form.run(async () => {
          await useQueueStore.getState().start(chosen);
          onClose();
        });
      }}
    >
      <fieldset>
        <legend>Review queue over</legend>
        {options.map((o) => (
          <label key={o.kind}>
            <input
              type="radio"
              name="queue-kind"
              checked={kind === o.kind}
              onChange={() => setKind(o.kind)}
              data-testid={`queue-kind-${o.kind}`}
            />
            {o.label}
          </label>
        ))}
        {kind === 'batch' ? (
          <select
            value={batchId}
            onChange={(e) => setBatchId(e.target.value)}
            aria-label="Batch"
            disabled={!batches || batches.length === 0}
            data-testid="queue-batch"
          >
            {batches === null ? <option value="">Listing batches…</option> : null}
            {batches?.length === 0 ? <option value="">No batch yet</option> : null}
            {batches?.map((b) => (
              <option key={b.batchId} value={b.batchId}>
                {b.name} ({b.items.length})
              </option>
            ))}
          </select>
        ) : null}
      </fieldset>
      <p className="small muted">
        Each document opens at its first field without a decision; Enter goes on to the next once all are decided.
      </p>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={form.busy || why !== null} title={why ?? undefined} data-testid="queue-create">
          {form.busy ? 'Starting…' : 'Start'}
        </button>
        <button type="button" onClick={onClose} disabled={form.busy} title={form.busy ? 'The queue is starting' : undefined}>
          Cancel
        </button>
      </div>
      <ErrorMessage error={form.error} onDismiss={() => form.setError(null)} />
    </form>
  );
}
