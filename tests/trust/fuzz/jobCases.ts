/**
 * Job answers, valid then mutated: a poll envelope followed by the real job tracker (its
 * result stored and then loaded like any other), the same envelope imported as a file,
 * the job detail panel's one poll, and a page of the Jobs screen's list.
 */
import fc from 'fast-check';
import { jobDetail, listJobs } from '../../../electron/jobs/jobList.js';
import { trackJobs, type JobTracking } from '../../../electron/jobs/jobTracking.js';
import { importResult } from '../../../electron/runs/importResult.js';
import type { RetryClock } from '../../../electron/api/retry.js';
import { AppError, type AppErrorData } from '../../../shared/errors.js';
import type { JobRecord } from '../../../shared/jobs.js';
import { OUTPUT_URL_PLACEHOLDER, envelopeArb, jobCreatedArb, jobListArb, resultArb, type JobServiceName } from './arbJobs.js';
import { LoaderBug, checkClearError, settle } from './clearError.js';
import { jobRecord } from '../../support/jobRecord.js';
import { toJsonText } from './jsonText.js';
import { loadFromWorkspace } from './loadStored.js';
import type { LoaderWorld } from './loaderWorld.js';
import { applyMutations, mutationsArb, type Mutation, type MutationScale } from './mutations.js';

export type JobEntry = 'create' | 'poll' | 'import' | 'detail' | 'list';

export interface JobCase {
  service: JobServiceName;
  entry: JobEntry;
  envelope: Record<string, unknown>;
  output: Record<string, unknown>;
  list: Record<string, unknown>;
  created: Record<string, unknown>;
  mutations: Mutation[];
  outputMutations: Mutation[];
}

export const jobCaseArb: fc.Arbitrary<JobCase> = fc.constantFrom<JobServiceName>('parse', 'extract').chain((service) =>
  fc.record({
    service: fc.constant(service),
    entry: fc.constantFrom<JobEntry>('create', 'poll', 'poll', 'import', 'detail', 'list'),
    envelope: envelopeArb(service),
    output: resultArb(service),
    list: jobListArb(service),
    created: jobCreatedArb(service),
    mutations: mutationsArb(),
    outputMutations: mutationsArb(2),
  }),
);

/** The local record's job id: ours, so well-formed; what the service answers about it is fuzzed. */
const JOB_ID: Record<JobServiceName, string> = { parse: 'parse-0123456789abcdefghjkmnpqrs', extract: 'extract-0123456789abcdefghjkmnpqrs' };

/** Polls without waiting, but through the event loop, so a tracker that never settles is caught by the timeout instead of starving it. */
const instantClock: RetryClock = {
  now: () => Date.now(),
  random: () => 0.5,
  sleep: () => new Promise<void>((resolve) => setImmediate(resolve)),
};

export async function runJobCase(world: LoaderWorld, c: JobCase, scale: MutationScale): Promise<void> {
  const jobId = JOB_ID[c.service];
  const outputUrl = `${world.service.url}/fuzz-output`;
  const answer = c.entry === 'list' ? c.list : c.entry === 'create' ? c.created : c.envelope;
  const envelope = toJsonText(applyMutations(answer, c.mutations, scale))
    .split(JSON.stringify(OUTPUT_URL_PLACEHOLDER))
    .join(JSON.stringify(outputUrl));
  const output = toJsonText(applyMutations(c.output, c.outputMutations, scale));
  world.service.routes({
    [`/v2/${c.service}/jobs/${jobId}`]: [
      { status: 200, text: envelope },
      { status: 404, text: JSON.stringify({ code: 'not_found', message: 'No such job.' }) },
    ],
    '/fuzz-output': [{ status: 200, text: output }],
    [`/v2/${c.service}/jobs`]: [{ status: c.entry === 'create' ? 202 : 200, text: envelope }],
  });
  switch (c.entry) {
    case 'create':
      await createJob(world, c.service);
      return;
    case 'poll':
      await followJob(world, c.service, jobId);
      return;
    case 'import': {
      const stored = await settle('importResult (job envelope)', () =>
        importResult(world.workspace, { documentId: world.document.id, fileName: 'job.json', text: envelope }),
      );
      if (stored) await loadFromWorkspace(world, stored.id);
      return;
    }
    case 'detail': {
      const detail = await settle('jobDetail', () => jobDetail(world.keys, world.records, c.service, jobId));
      if (detail)
        checkShown('job detail', [
          detail.row.status,
          detail.row.createdAt,
          detail.row.completedAt,
          detail.credits,
          detail.pageCount,
          detail.outputUrl,
          detail.markdownPreview,
        ]);
      if (detail?.error) checkErrorShape(detail.error, 'the job detail');
      return;
    }
    case 'list': {
      const page = await settle('listJobs', () => listJobs(world.keys, world.records, { service: c.service, page: 1, pageSize: 10 }));
      for (const row of page?.rows ?? [])
        checkShown('job list row', [row.jobId, row.status, row.createdAt, row.completedAt, row.modelVersion, row.failureReason]);
      return;
    }
  }
}

/** A job created through the tracker: whatever the 202 says, the job is recorded (it may have cost credits) or refused clearly, and settles. */
export async function createJob(world: LoaderWorld, service: JobServiceName): Promise<JobRecord | null> {
  const tracker = newTracker(world);
  try {
    const request = {
      service,
      documentId: world.document.id,
      ...(service === 'extract'
        ? { sourceResultId: world.source.id, schema: { type: 'object', properties: { total: { type: 'string' } } } }
        : {}),
    };
    const record = await settle('the job tracker (create)', () => tracker.creator.submit(request));
    if (!record) return null;
    // A recorded create has nothing left to settle after a crash.
    const open = await world.intents.list();
    if (open.length > 0) throw new LoaderBug(`a recorded create left ${open.length} intent(s) open`);
    if (!(await world.records.read(record.jobId))) throw new LoaderBug('a created job has no record');
    await checkSettled(world, await tracker.poller.whenSettled(record.jobId));
    return record;
  } finally {
    tracker.stop();
  }
}

/** A job this app created, followed by the tracker until settled; whatever the service says, it settles with a clear state. */
export async function followJob(world: LoaderWorld, service: JobServiceName, jobId: string): Promise<JobRecord> {
  const record = jobRecord(jobId, {
    service,
    keyId: 'fuzz-key',
    documentId: world.document.id,
    documentName: world.document.name,
    request: { service, documentId: world.document.id, ...(service === 'extract' ? { sourceResultId: world.source.id } : {}) },
  });
  await world.records.write(jobId, record);
  const tracker = newTracker(world);
  try {
    const settled = await tracker.poller.whenSettled(jobId);
    await checkSettled(world, settled);
    return settled;
  } finally {
    tracker.stop();
  }
}

export function newTracker(world: LoaderWorld): JobTracking {
  return trackJobs({
    workspace: world.workspace,
    keys: world.keys,
    records: world.records,
    intents: world.intents,
    logger: world.logger,
    emit: (e) => world.events.push(e),
    clock: instantClock,
  });
}

/** A settled record: no exception other than the app's on the way, its problem clear, its result loadable. */
async function checkSettled(world: LoaderWorld, settled: JobRecord): Promise<void> {
  const unexpected = world.logs.find((l) => l.details?.code === 'unexpected' || l.level === 'error');
  if (unexpected)
    throw new LoaderBug(`the job tracker hit an exception that is not the app's error: ${JSON.stringify(unexpected).slice(0, 500)}`);
  if (settled.problem) checkClearError(new AppError(settled.problem), 'the job tracker (problem)');
  if (settled.error) checkErrorShape(settled.error, 'the job tracker (job error)');
  checkShown('job record', [settled.status, settled.completedAt, settled.credits, settled.pageCount]);
  if (settled.resultId) await loadFromWorkspace(world, settled.resultId);
}

/** A job's own error is the service's words: only its shape is ours to check. */
function checkErrorShape(error: AppErrorData, what: string): void {
  if (typeof error.code !== 'string' || typeof error.message !== 'string')
    throw new LoaderBug(`${what}: error ${JSON.stringify(error).slice(0, 300)} is not {code, message}`);
}

/** Values a screen prints: strings, finite numbers or null, nothing else. */
export function checkShown(what: string, values: unknown[]): void {
  for (const value of values) {
    const ok = value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
    if (!ok) throw new LoaderBug(`${what} shows ${typeof value} ${String(value).slice(0, 80)}`);
  }
}
