import type { JobService } from '../../shared/contracts/v2Jobs.js';
import type { EmulatorContext, RequestInfo } from './context.js';
import type { FaultRequest, FaultStore } from './faults.js';
import { HttpAnswer, readJsonBody } from './httpKit.js';
import { seedLegacyJob } from './legacyJobs.js';
import { isCurrentJobId } from './rules/jobIds.js';
import { markdownBlocksBuilder } from './parseResult/markdownBlocksBuilder.js';

export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  status: number | 'dropped';
  /** The body's fields as sent (multipart form or JSON object): short text values, a file as `<file NAME>`, anything longer as its length. */
  fields?: Record<string, string>;
  /** How many items the answer's `data` list held, when it was a list (an empty metrics answer is 0). */
  dataItems?: number;
  /** The request was handled and then its answer dropped (see the `drop` fault's `afterWork`). */
  answerLost?: true;
  at: string;
  /** Milliseconds from the request's arrival to its answer (absent for a connection dropped before any work). */
  ms?: number;
}

export interface ControlDeps {
  ctx: EmulatorContext;
  faults: FaultStore;
  requests: RequestLogEntry[];
  inFlight: () => number;
}

/**
 * The test-and-demo control surface, unauthenticated and only on 127.0.0.1:
 * - `GET /__control/state`: keys, jobs, stored objects, v1 projects, faults, request log;
 * - `POST /__control/faults`: arm one fault or `{faults: [...]}` (see faults.ts);
 * - `DELETE /__control/faults`: disarm all per-request faults;
 * - `POST /__control/jobs`: seed a completed older-format job `{key, service, job_id, created_at?}`;
 * - `POST /__control/jobs/cancel` `{job_id}`: the service stops a pending or processing job, which ends `failed`
 *   (never the retired `cancelled`; 404 unknown, 409 finished);
 * - `POST /__control/markdown`: `{blocks: string[]}` — parse results (and the analyzer's) carry exactly
 *   this Markdown, one text node per block, until `DELETE /__control/markdown` or a reset;
 * - `POST /__control/keys/revoke` and `/activate` `{key}`: the key is refused with 401 (revoked on the
 *   service), or works again;
 * - `POST /__control/training/metricsDelay` `{ms}`: trainings started from now on have no metrics
 *   (an empty list) for that long; 0 (the default, and after a reset) makes them available at once;
 * - `POST /__control/storage/delay` `{ms}`: reads of stored objects wait that long before answering;
 * - `POST /__control/reset`: forget jobs, objects, projects, faults, served Markdown and the request log,
 *   and activate every revoked key.
 */
export async function control(deps: ControlDeps, info: RequestInfo): Promise<HttpAnswer> {
  const { ctx, faults } = deps;
  const route = `${info.method} ${info.path}`;
  const body = () => {
    const parsed = readJsonBody(info.body);
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null)
      throw new HttpAnswer(400, { error: 'JSON object body required' });
    return parsed.value as Record<string, unknown>;
  };
  switch (route) {
    case 'GET /__control/state':
      return new HttpAnswer(200, {
        keys: ctx.keys.list(),
        revokedKeys: ctx.keys.revokedKeys(),
        timings: ctx.timings,
        inFlight: deps.inFlight(),
        jobs: ctx.jobs.all().map(({ result: _result, ...job }) => job),
        storage: ctx.storage.names(),
        projects: ctx.v1.all().map((p) => ({
          ...p.project,
          tags: [...p.tags.values()],
          metadata: [...p.metadata.values()],
          media: Object.fromEntries(p.media),
        })),
        faults: faults.state(),
        requests: deps.requests,
      });
    case 'POST /__control/faults': {
      const value = body();
      const list = Array.isArray(value.faults) ? (value.faults as FaultRequest[]) : [value as unknown as FaultRequest];
      for (const fault of list) {
        if (typeof fault.fault !== 'object' || fault.fault === null || typeof fault.fault.kind !== 'string') {
          throw new HttpAnswer(400, { error: 'Each fault is {fault: {kind, ...}, match?, times?, probability?}.' });
        }
        faults.add(fault);
      }
      return new HttpAnswer(200, faults.state());
    }
    case 'DELETE /__control/faults':
      faults.clear();
      return new HttpAnswer(200, faults.state());
    case 'POST /__control/jobs': {
      const value = body();
      const service = value.service === 'extract' ? 'extract' : ('parse' as JobService);
      if (typeof value.key !== 'string' || typeof value.job_id !== 'string')
        throw new HttpAnswer(400, { error: '{key, service, job_id} required' });
      if (isCurrentJobId(value.job_id))
        throw new HttpAnswer(400, {
          error: 'job_id is in the current format; seeded jobs carry older ids, which the service never mints.',
        });
      const createdAt = value.created_at;
      if (createdAt !== undefined && (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt)))) {
        throw new HttpAnswer(400, { error: 'created_at must be an ISO 8601 time.' });
      }
      const job = await seedLegacyJob(
        ctx,
        value.key,
        service,
        value.job_id,
        createdAt === undefined ? undefined : new Date(createdAt).toISOString(),
      );
      return new HttpAnswer(200, { job_id: job.jobId, status: job.status, created_at: job.createdAt });
    }
    case 'POST /__control/jobs/cancel': {
      const jobId = body().job_id;
      if (typeof jobId !== 'string') throw new HttpAnswer(400, { error: '{job_id} required' });
      const job = ctx.jobs.cancel(jobId);
      if (job === undefined) throw new HttpAnswer(404, { error: `No job ${jobId}.` });
      if (job === false) throw new HttpAnswer(409, { error: `Job ${jobId} has already finished.` });
      return new HttpAnswer(200, { job_id: job.jobId, status: job.status });
    }
    case 'POST /__control/keys/revoke':
    case 'POST /__control/keys/activate': {
      const key = body().key;
      if (typeof key !== 'string' || !ctx.keys.has(key)) throw new HttpAnswer(404, { error: '{key} must name a configured key.' });
      if (route.endsWith('revoke')) ctx.keys.revoke(key);
      else ctx.keys.activate(key);
      return new HttpAnswer(200, { key, revoked: route.endsWith('revoke') });
    }
    case 'POST /__control/markdown': {
      const blocks = body().blocks;
      if (!Array.isArray(blocks) || blocks.length === 0 || !blocks.every((b) => typeof b === 'string')) {
        throw new HttpAnswer(400, { error: '{blocks: string[]} (at least one) required' });
      }
      ctx.builder = markdownBlocksBuilder(blocks as string[]);
      return new HttpAnswer(200, { blocks: blocks.length });
    }
    case 'POST /__control/training/metricsDelay': {
      const ms = body().ms;
      if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > 3_600_000)
        throw new HttpAnswer(400, { error: '{ms} (a whole number of milliseconds, 0 to 3600000) required' });
      ctx.v1.metricsDelayMs = ms;
      return new HttpAnswer(200, { metricsDelayMs: ms });
    }
    case 'POST /__control/storage/delay': {
      const ms = body().ms;
      if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > 60_000)
        throw new HttpAnswer(400, { error: '{ms} (a whole number of milliseconds, 0 to 60000) required' });
      ctx.storageReadDelayMs = ms;
      return new HttpAnswer(200, { storageReadDelayMs: ms });
    }
    case 'DELETE /__control/markdown':
      ctx.builder = ctx.defaultBuilder;
      return new HttpAnswer(200, { blocks: 0 });
    case 'POST /__control/reset':
      ctx.builder = ctx.defaultBuilder;
      ctx.jobs.clear();
      ctx.storage.clear();
      ctx.v1.clear();
      ctx.storageReadDelayMs = 0;
      faults.clear();
      ctx.keys.activateAll();
      deps.requests.length = 0;
      return new HttpAnswer(200, { reset: true });
    default:
      return new HttpAnswer(404, { error: `No control route ${route}.` });
  }
}
