import { setMaxListeners } from 'node:events';
import { JobCreator, type JobCreatorDeps } from './jobCreator.js';
import { JobPoller } from './jobPoller.js';
import type { PollSchedule } from './pollSchedule.js';

/** What the creator takes, less what tracking makes itself (the poller, the stop signal), and the poll schedule. */
export type JobTrackingDeps = Omit<JobCreatorDeps, 'poller' | 'signal'> & { schedule?: PollSchedule };

/** Creating and following jobs, wired: each create hands its job to the poller, which stores its output when done. */
export interface JobTracking {
  creator: JobCreator;
  poller: JobPoller;
  /** Settles the creates a crash left open, then follows every open record; answers how many. Called once at start-up. */
  resume(): Promise<number>;
  /** Ends every poll and wait; open records stay open, to resume at the next start. */
  stop(): void;
}

export function trackJobs(deps: JobTrackingDeps): JobTracking {
  const stopper = new AbortController();
  // Every followed job waits on this one signal; a batch follows more than Node's default of 10.
  setMaxListeners(0, stopper.signal);
  const poller = new JobPoller({ ...deps, signal: stopper.signal });
  const creator = new JobCreator({ ...deps, poller, signal: stopper.signal });
  return {
    creator,
    poller,
    resume: async () => {
      await creator.settleOpenIntents();
      return poller.resume();
    },
    stop: () => stopper.abort(),
  };
}
