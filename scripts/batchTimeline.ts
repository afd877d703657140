/**
 * Where a bench batch's time went, read from the emulator's request log: how long before
 * the first create, how full the service's slots were while documents were being sent
 * (an accepted create holds its slot for as long as the service took to answer it), and
 * how long after the last accepted create the batch took to finish.
 */

export interface LoggedRequest {
  method: string;
  path: string;
  status: number | string;
  /** ISO time the request arrived. */
  at: string;
  /** How long the service took to answer it. */
  ms?: number;
}

export interface BatchTimeline {
  /** Batch started → first create arrived at the service. */
  firstCreateMs: number;
  /** Batch started → the last accepted create's work ended (it arrived + the work's latency). */
  lastWorkEndMs: number;
  /** Last accepted create's work ended → batch idle (polls and storing of the last documents, refused creates waiting). */
  tailMs: number;
  /** Share of the service's slot time used between the first create and the end of the last work, 0–1. */
  slotUse: number;
  /** An accepted create's time at the service (the work's latency plus the service's own handling): median and max. */
  acceptedCreateMs: { median: number; max: number };
  /** Slot-seconds left unused between the first create and the end of the last work. */
  idleSlotSeconds: number;
  /** Refused creates and polls (429) late enough that waiting out their Retry-After could set the batch's end. */
  late429: { creates: number; polls: number };
}

const CREATE = /^\/v2\/parse\/jobs$/;
const POLL = /^\/v2\/parse\/jobs\/[^/]+$/;

export function batchTimeline(
  requests: readonly LoggedRequest[],
  startedAt: number,
  endedAt: number,
  slots: number,
  perDocumentMs: number,
): BatchTimeline {
  const creates = requests.filter((r) => r.method === 'POST' && CREATE.test(r.path));
  const accepted = creates.filter((r) => r.status === 202).map((r) => ({ at: Date.parse(r.at), ms: r.ms ?? perDocumentMs }));
  const firstCreate = Math.min(...creates.map((r) => Date.parse(r.at)));
  const lastWorkEnd = Math.max(...accepted.map((r) => r.at + r.ms));
  const window = Math.max(1, lastWorkEnd - firstCreate);
  const busy = accepted.reduce((sum, r) => sum + r.ms, 0);
  const durations = accepted.map((r) => r.ms).sort((a, b) => a - b);
  // A create refused here is sent again after its Retry-After (1 s) and then works perDocumentMs: it can be the last work.
  const lateFrom = lastWorkEnd - 1_000 - perDocumentMs;
  const late = (r: LoggedRequest) => r.status === 429 && Date.parse(r.at) >= lateFrom;
  return {
    firstCreateMs: Math.round(firstCreate - startedAt),
    lastWorkEndMs: Math.round(lastWorkEnd - startedAt),
    tailMs: Math.round(endedAt - lastWorkEnd),
    slotUse: +(busy / (slots * window)).toFixed(3),
    acceptedCreateMs: { median: durations[durations.length >> 1] ?? 0, max: durations.at(-1) ?? 0 },
    idleSlotSeconds: +((slots * window - busy) / 1000).toFixed(2),
    late429: {
      creates: creates.filter(late).length,
      polls: requests.filter((r) => r.method === 'GET' && POLL.test(r.path) && late(r)).length,
    },
  };
}
