/**
 * Answers shaped as the official SDK's types allow (tests/support/sdkShapes/): fields it types
 * nullable sent as null, optional ones left out, epoch timestamps, the older envelope names.
 * Unlike the mutated kinds, these are all valid answers, so every loader must read them: a
 * result is stored and loads, a completed job's result is stored, a list page and a create
 * are read. A clear error is a failure here.
 */
import fc from 'fast-check';
import { listJobs } from '../../../electron/jobs/jobList.js';
import { importResult } from '../../../electron/runs/importResult.js';
import { runCloudParse } from '../../../electron/runs/cloudRuns.js';
import { runCloudExtract } from '../../../electron/runs/extractRuns.js';
import { AppError } from '../../../shared/errors.js';
import { emptyReport, sdkShaped, type ShapeReport } from '../../support/sdkShapes/sdkShape.js';
import { seeded } from '../../support/sdkShapes/seeded.js';
import type { WireTypeName } from '../../support/wireTypes.js';
import { envelopeArb, jobCreatedArb, jobListArb, OUTPUT_URL_PLACEHOLDER, resultArb, type JobServiceName } from './arbJobs.js';
import { LoaderBug } from './clearError.js';
import { checkShown, createJob, followJob } from './jobCases.js';
import { loadFromWorkspace } from './loadStored.js';
import type { LoaderWorld } from './loaderWorld.js';

export type SdkEntry = 'service' | 'import' | 'poll' | 'list' | 'create';

export interface SdkCase {
  service: JobServiceName;
  entry: SdkEntry;
  /** The valid answer before shaping: a result, an envelope, a list page or a 202. */
  base: Record<string, unknown>;
  /** What a job's output_url holds (a poll that names one). */
  output: Record<string, unknown>;
  /** Seeds the shaping, so a case replays. */
  seed: number;
}

export const sdkCaseArb: fc.Arbitrary<SdkCase> = fc
  .record({
    service: fc.constantFrom<JobServiceName>('parse', 'extract'),
    entry: fc.constantFrom<SdkEntry>('service', 'import', 'poll', 'poll', 'list', 'create'),
  })
  .chain(({ service, entry }) =>
    fc.record({
      service: fc.constant(service),
      entry: fc.constant(entry),
      base: baseArb(service, entry),
      output: resultArb(service),
      seed: fc.integer(),
    }),
  );

function baseArb(service: JobServiceName, entry: SdkEntry): fc.Arbitrary<Record<string, unknown>> {
  if (entry === 'poll') return envelopeArb(service);
  if (entry === 'list') return jobListArb(service);
  if (entry === 'create') return jobCreatedArb(service);
  return resultArb(service);
}

/** The wire type a case's answer is shaped as. */
function wireType(c: SdkCase): WireTypeName {
  const result: WireTypeName = c.service === 'parse' ? 'WireParseResponse' : 'WireExtractResult';
  if (c.entry === 'poll') return c.service === 'parse' ? 'WireJob<WireParseResponse>' : 'WireJob<WireExtractResult>';
  if (c.entry === 'list') return 'WireJobList';
  if (c.entry === 'create') return 'WireJobCreated';
  return result;
}

export function shapeCase(c: SdkCase, report: ShapeReport = emptyReport()): Record<string, unknown> {
  return sdkShaped(wireType(c), c.base, { random: seeded(c.seed) }, report);
}

const JOB_ID: Record<JobServiceName, string> = { parse: 'parse-0123456789abcdefghjkmnpqrs', extract: 'extract-0123456789abcdefghjkmnpqrs' };
const SCHEMA = { type: 'object', properties: { total: { type: 'string' } } };

export async function runSdkCase(world: LoaderWorld, c: SdkCase): Promise<void> {
  const answer = shapeCase(c);
  const outputUrl = `${world.service.url}/fuzz-output`;
  const text = JSON.stringify(answer).split(JSON.stringify(OUTPUT_URL_PLACEHOLDER)).join(JSON.stringify(outputUrl));
  const jobId = JOB_ID[c.service];
  const deps = { workspace: world.workspace, keys: world.keys, emit: () => undefined };
  switch (c.entry) {
    case 'service': {
      world.service.routes({ [c.service === 'parse' ? '/v2/parse' : '/v2/extract']: [{ status: 200, text }] });
      const signal = new AbortController().signal;
      const stored = await mustRead(`the ${c.service} client`, () =>
        c.service === 'parse'
          ? runCloudParse(deps, { runId: 'sdk', documentId: world.document.id }, signal)
          : runCloudExtract(deps, { runId: 'sdk', resultId: world.source.id, schema: SCHEMA }, signal),
      );
      return mustLoad(world, stored.id);
    }
    case 'import': {
      // A file is taken for a parse answer only when it names its markdown or structure (shared/resultShapes.ts).
      if (c.service === 'parse' && !('markdown' in answer) && !('structure' in answer)) return;
      const stored = await mustRead('importResult', () =>
        importResult(world.workspace, {
          documentId: world.document.id,
          fileName: 'result.json',
          text,
          ...(c.service === 'extract' ? { sourceResultId: world.source.id } : {}),
        }),
      );
      return mustLoad(world, stored.id);
    }
    case 'poll': {
      const output = sdkShaped(c.service === 'parse' ? 'WireParseResponse' : 'WireExtractResult', c.output, { random: seeded(c.seed + 1) });
      world.service.routes({
        // A job still running is then gone (404), so the tracker settles instead of polling on.
        [`/v2/${c.service}/jobs/${jobId}`]: [
          { status: 200, text },
          { status: 404, text: JSON.stringify({ code: 'not_found', message: 'No such job.' }) },
        ],
        '/fuzz-output': [{ status: 200, text: JSON.stringify(output) }],
      });
      const settled = await followJob(world, c.service, jobId);
      const delivered = answer.result ?? answer.data ?? answer.output_url;
      if (answer.status === 'completed' && delivered && !settled.resultId)
        throw new LoaderBug(`a completed job's result was not stored: ${settled.problem?.code}: ${settled.problem?.message}`);
      return;
    }
    case 'list': {
      world.service.routes({ [`/v2/${c.service}/jobs`]: [{ status: 200, text }] });
      const page = await mustRead('listJobs', () => listJobs(world.keys, world.records, { service: c.service, page: 1, pageSize: 10 }));
      for (const row of page.rows) {
        checkShown('job list row', [row.jobId, row.status, row.createdAt, row.completedAt, row.modelVersion, row.failureReason]);
        for (const at of [row.createdAt, row.completedAt])
          if (at !== null && Number.isNaN(Date.parse(at))) throw new LoaderBug(`a list row's timestamp reads "${at}"`);
      }
      if (page.page !== (answer.page ?? 1)) throw new LoaderBug(`the list page reads ${page.page}`);
      return;
    }
    case 'create': {
      world.service.routes({ [`/v2/${c.service}/jobs`]: [{ status: 202, text }] });
      const record = await createJob(world, c.service);
      if (!record) throw new LoaderBug('a valid 202 was not recorded as a job');
      return;
    }
  }
}

/** Runs a loader that must succeed: a valid answer refused, even clearly, is a failure here. */
async function mustRead<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const said = error instanceof AppError ? `${error.code}: ${error.message}` : String(error);
    throw new LoaderBug(`${what} refused an answer the SDK allows (${said.slice(0, 400)})`);
  }
}

async function mustLoad(world: LoaderWorld, resultId: string): Promise<void> {
  const loaded = await loadFromWorkspace(world, resultId);
  if (!loaded) throw new LoaderBug('a stored answer the SDK allows did not load');
}
