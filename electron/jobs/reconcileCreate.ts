import { isTerminalStatus, type JobCreated, type JobListRow, type JobPoll } from '../../shared/contracts/v2Jobs.js';
import type { RetryClock } from '../api/retry.js';
import type { V2Client } from '../api/v2Client.js';
import type { CreateIntent } from './createIntents.js';

/**
 * What the service knows of a create whose answer never arrived (the connection dropped,
 * or the app stopped mid-send). The contract has no idempotency key, so the job list is
 * the only witness: a job created after the intent was written, that no local record owns,
 * whose result names the document as it was sent (`intent.sentName`, v2.jobs.dropped-create-name),
 * is this create's job. A name that cannot be foreseen, or a result that names none (the SDK
 * types `metadata.filename` as nullable), identifies nothing: the user decides.
 */
export type Reconciliation =
  | { kind: 'found'; job: JobCreated }
  /** No job can be this create's: sending it (again) cannot make a duplicate. */
  | { kind: 'none' }
  /** Jobs that may be this create's but cannot be told apart: the user decides. */
  | { kind: 'ambiguous'; candidates: string[] };

export interface ReconcileOptions {
  /** True for jobs the app already knows (their records, or other intents' jobs). */
  isKnown(jobId: string): boolean;
  clock: RetryClock;
  signal?: AbortSignal;
  /** How long to wait for candidates to finish so their filename can be read; default 60 s. */
  settleWithinMs?: number;
}

/** Server clocks drift; a job created "before" the intent by less than this is still a candidate. */
const CLOCK_SKEW_MS = 5 * 60_000;
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

export async function reconcileCreate(client: V2Client, intent: CreateIntent, options: ReconcileOptions): Promise<Reconciliation> {
  const since = Date.parse(intent.writtenAt) - CLOCK_SKEW_MS;
  const rows = await jobsCreatedSince(client, intent.request.service, since, options.signal);
  const candidates = rows.filter((row) => !options.isKnown(row.job_id));
  if (candidates.length === 0) return { kind: 'none' };

  const matches: JobListRow[] = [];
  const unidentified: string[] = [];
  const name = intent.sentName ?? null;
  for (const row of candidates) {
    const filename = name === null ? undefined : await settledFilename(client, intent.request.service, row.job_id, options);
    if (filename === undefined) unidentified.push(row.job_id);
    else if (filename === name) matches.push(row);
  }
  const [match] = matches;
  if (match && matches.length === 1 && unidentified.length === 0) {
    return { kind: 'found', job: { job_id: match.job_id, status: match.status, created_at: match.created_at ?? null } };
  }
  if (matches.length === 0 && unidentified.length === 0) return { kind: 'none' };
  return { kind: 'ambiguous', candidates: [...matches.map((m) => m.job_id), ...unidentified] };
}

/** Newest first, page by page, until the rows are older than `since`. Undated rows count as recent. */
async function jobsCreatedSince(
  client: V2Client,
  service: CreateIntent['request']['service'],
  since: number,
  signal?: AbortSignal,
): Promise<JobListRow[]> {
  const rows: JobListRow[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const list =
      service === 'parse'
        ? await client.listParseJobs({ page, pageSize: PAGE_SIZE }, signalOption(signal))
        : await client.listExtractJobs({ page, pageSize: PAGE_SIZE }, signalOption(signal));
    let reachedOlder = false;
    for (const row of list.jobs) {
      const created = row.created_at ? Date.parse(row.created_at) : Number.NaN;
      if (created < since) reachedOlder = true;
      else rows.push(row);
    }
    if (reachedOlder || !list.has_more) break;
  }
  return rows;
}

/**
 * The uploaded filename a job's result names, once it has finished; undefined when it
 * cannot be read (an extract job, a failed job, output sent elsewhere, or still running).
 */
async function settledFilename(
  client: V2Client,
  service: CreateIntent['request']['service'],
  jobId: string,
  options: ReconcileOptions,
): Promise<string | undefined> {
  if (service !== 'parse') return undefined; // extract results do not name the document
  const deadline = options.clock.now() + (options.settleWithinMs ?? 60_000);
  for (let waitMs = 500; ; waitMs = Math.min(waitMs * 2, 5_000)) {
    const poll: JobPoll = await client.getParseJob(jobId, signalOption(options.signal));
    if (isTerminalStatus(poll.status)) {
      const filename = (poll.result as { metadata?: { filename?: unknown } } | undefined)?.metadata?.filename;
      return typeof filename === 'string' ? filename : undefined;
    }
    if (options.clock.now() + waitMs > deadline) return undefined;
    await options.clock.sleep(waitMs, options.signal);
  }
}

function signalOption(signal: AbortSignal | undefined) {
  return signal ? { signal } : {};
}
