import { useEffect } from 'react';
import { useQueueStore } from './queueStore.js';

/** "Resume queue: 3 of 12" for the queue most recently worked, when none is being worked now. */
export function QueueResume() {
  const offered = useQueueStore((s) => s.offered[0]);
  const working = useQueueStore((s) => s.view !== null);
  useEffect(() => {
    void useQueueStore.getState().loadOffers();
  }, []);
  if (!offered || working) return null;
  return (
    <p className="queue-resume small" data-testid="queue-resume-offer">
      <button type="button" onClick={() => void useQueueStore.getState().resume(offered.id)} data-testid="queue-resume">
        Resume queue: {offered.position + 1} of {offered.count}
      </button>{' '}
      <span className="muted" title={offered.label}>
        {offered.label}
      </span>
    </p>
  );
}
