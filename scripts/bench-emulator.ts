/**
 * The emulator for `npm run bench:batch`, in its own process so that the service's work
 * does not share the app's event loop (a real service is elsewhere too). Arguments:
 * `<maxConcurrent> <perDocumentMs> <rate429>`. Prints its ready line like the CLI.
 */
import { deterministicParseBuilder } from '../tests/emulator/parseResult/deterministicBuilder.js';
import { startEmulator } from '../tests/emulator/server.js';

const [slots, perDocumentMs, rate429] = process.argv.slice(2).map(Number);
const emulator = await startEmulator({
  keys: { v2: ['bench-v2-key'], analyzer: [], v1: [], pairs: [] },
  maxConcurrent: slots ?? 8,
  // Jobs finish inside their create: the document's work is the create's latency, inside a server slot.
  timings: { pendingMs: 0, processingMs: 0 },
  seedLegacyJobs: false,
  // The document's processing time is the latency; the cheap builder keeps the emulator's own CPU out of it.
  builder: deterministicParseBuilder,
  requestLogSize: 100_000,
  faults: [
    { fault: { kind: 'latency', ms: perDocumentMs ?? 500 }, match: { method: 'POST', path: '/v2/parse/jobs' } },
    { fault: { kind: 'status', status: 429 }, probability: rate429 ?? 0.05 },
  ],
});
console.log(`Emulator ready at ${emulator.url}`);
const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
