import { useEffect } from 'react';
import { unreachableText } from '../components/jobWords.js';
import { useServiceHealth } from '../state/serviceHealthStore.js';

/** The status bar's word on the services the app polls: nothing while they answer. */
export function ServiceHealth() {
  const unreachable = useServiceHealth((s) => s.unreachable);
  useEffect(() => {
    void useServiceHealth
      .getState()
      .load()
      .catch(() => undefined); // no workspace yet: nothing is polled either
  }, []);
  const outages = Object.entries(unreachable).sort((a, b) => a[1].localeCompare(b[1]));
  if (outages.length === 0) return null;
  const [origin, since] = outages[0]!;
  return (
    <span
      className="service-health small"
      role="status"
      data-testid="service-health"
      data-origin={origin}
      title={outages.map(([o]) => o).join(', ')}
    >
      {unreachableText(since)}
      {outages.length > 1 ? ` (${outages.length} services)` : ''}
    </span>
  );
}
