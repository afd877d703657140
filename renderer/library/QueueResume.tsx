import { useEffect } from 'react';
import type { QueueSummary } from '../../shared/ipc/queues.js';
import { useQueueStore } from '../state/queue/queueStore.js';

function resumeText(queue: QueueSummary): string {
  return `Resume queue: ${queue.position + 1} of ${queue.count}`;
}

/**
 * "Resume queue: 3 of 12" for the queue most recently worked, when none is being worked now;
 * the other open queues (most recent first) under it, so an older one is not stranded.
 */
export function QueueResume() {
  const offered = useQueueStore((s) => s.offered);
  const working = useQueueStore((s) => s.view !== null);
  useEffect(() => {
    void useQueueStore.getState().loadOffers();
  }, []);
  const [newest, ...older] = offered;
  if (!newest || working) return null;
  const resume = (id: string) => void useQueueStore.getState().resume(id);
  return (
    <div className="queue-resume small" data-testid="queue-resume-offer">
      <button type="button" onClick={() => resume(newest.id)} data-testid="queue-resume">
        {resumeText(newest)}
      </button>{' '}
      <span className="muted" title={newest.label}>
        {newest.label}
      </span>
      {older.length > 0 ? (
        <details data-testid="queue-resume-others">
          <summary>
            {older.length} other open queue{older.length === 1 ? '' : 's'}
          </summary>
          <ul>
            {older.map((q) => (
              <li key={q.id}>
                <button type="button" className="link small" onClick={() => resume(q.id)} data-testid="queue-resume-other">
                  {resumeText(q)}
                </button>{' '}
                <span className="muted" title={q.label}>
                  {q.label}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
