import { create } from 'zustand';
import { isSettled } from '../../shared/jobs.js';
import { requireApi, subscribeEvents } from '../ipc/client.js';

/** Stands for "the service" when the state was read from job records, which name no origin. */
const FROM_RECORDS = 'job records';

interface ServiceHealthState {
  /** Service origins whose job polls fail now, and since when (ISO). */
  unreachable: Record<string, string>;
  /** Reads the state once at start: main tells only changes, and an outage may have begun before this window. */
  load(): Promise<void>;
}

/**
 * Main's service-health fact (see electron/jobs/serviceHealth.ts), kept current from its
 * 'service' events. At start it is read from the open job records, which carry the same
 * fact per job; the first event from main replaces that reading.
 */
export const useServiceHealth = create<ServiceHealthState>((set, get) => {
  let heardFromMain = false;
  subscribeEvents((event) => {
    // A job answered after a restart changes no origin's state in main (it knew of no outage): read the records again.
    if (event.type === 'job' && !heardFromMain && FROM_RECORDS in get().unreachable)
      void get()
        .load()
        .catch(() => undefined);
    if (event.type !== 'service') return;
    heardFromMain = true;
    const { [event.origin]: _previous, [FROM_RECORDS]: _read, ...others } = get().unreachable;
    set({ unreachable: event.unreachableSince ? { ...others, [event.origin]: event.unreachableSince } : others });
  });
  return {
    unreachable: {},
    load: async () => {
      const { rows } = await requireApi().jobs.local({});
      const since = rows
        .filter((r) => r.local?.unreachableSince && !isSettled({ status: r.status, resultId: r.local.resultId, problem: r.local.problem }))
        .map((r) => r.local!.unreachableSince!)
        .sort()[0];
      if (heardFromMain) return;
      const { [FROM_RECORDS]: _stale, ...others } = get().unreachable;
      set({ unreachable: since ? { ...others, [FROM_RECORDS]: since } : others });
    },
  };
});
