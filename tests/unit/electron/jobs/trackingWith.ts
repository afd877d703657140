import type { AppEvent } from '../../../../shared/events.js';
import type { RetryClock } from '../../../../electron/api/retry.js';
import { createIntentsIn } from '../../../../electron/jobs/createIntents.js';
import { jobRecordsIn } from '../../../../electron/jobs/jobRecords.js';
import { trackJobs } from '../../../../electron/jobs/jobTracking.js';
import { createLogger } from '../../../../electron/core/log.js';
import { KEYS } from '../../../support/emulatorHarness.js';
import type { JobsWorld } from '../../../support/jobsHarness.js';

const logger = createLogger(null, { console: false });

/** Job tracking over the world's workspace, with one v2 key ('k1') at `address` and the test's clock. */
export function trackingWith(world: JobsWorld, address: string, clock: RetryClock, emit: (event: AppEvent) => void = () => undefined) {
  const records = jobRecordsIn(world.workspace.root, logger);
  const keys = {
    credentialFor: async () => ({ id: 'k1', kind: 'v2' as const, address, secret: KEYS.v2, inferenceOrigins: [] }),
  };
  const intents = createIntentsIn(world.workspace.root, logger);
  return { records, intents, tracker: trackJobs({ workspace: world.workspace, keys, records, intents, logger, emit, clock }) };
}
