import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressEvent } from '../../../../shared/events.js';
import type { AppErrorData } from '../../../../shared/errors.js';
import { schemaKey } from '../../../../electron/rules/rules.js';
import { resultOf } from '../../../support/ipcCall.js';
import { recordTrustRow } from '../../../trust/trustReport.js';
import { PNG, useEmulator } from '../../../support/emulatorHarness.js';
import { faultsWorld, inPool, type FaultsWorld } from './faultsWorld.js';

// The trust check "faults": the service refuses 10% of requests with 429, 5% with 503 and drops
// 2% of connections, on every route (creates, polls, v1). 500 user-level calls across sync
// parse, the analyzer, parse jobs, sync extract, extract jobs and v1 datasets go through
// the real services; each must end with its result, stored once, and the service must
// have done each piece of work once. Every retry a user waits on shows as progress.
// A drop here is the emulator's `drop`: the connection dies before the service did anything.
// A drop after the work (`afterWork`: the answer lost on the way back) makes a blind resend
// of a POST do the work twice; that is the job-create retry-safety work, not this check.
const env = useEmulator({
  timings: { pendingMs: 200, processingMs: 1500 },
  requestLogSize: 50_000,
  faults: [
    { fault: { kind: 'status', status: 429, retryAfter: '0.05' }, probability: 0.1 },
    { fault: { kind: 'status', status: 503, retryAfter: '0.05' }, probability: 0.05 },
    { fault: { kind: 'drop' }, probability: 0.02 },
  ],
});

const PLAN = {
  parse: 130,
  analyzer: 20,
  parseJobs: 100,
  extract: 80,
  extractJobs: 40,
  projects: 10,
  tags: 40,
  metadata: 30,
  setActive: 20,
  renameTag: 15,
  updateMetadata: 15,
};
const CALLS = Object.values(PLAN).reduce((a, b) => a + b, 0);
const SCHEMA = { type: 'object', properties: { invoice_number: { type: 'string' }, total: { type: 'string' } } };
/** Paths of the calls a user waits on with a run id: each refused attempt there must show as progress. */
const WATCHED = ['/v2/parse', '/v2/extract', '/v1/tools/agentic-document-analysis', '/v2/parse/jobs', '/v2/extract/jobs'];

interface Outcome {
  what: keyof typeof PLAN;
  error?: AppErrorData;
}

let world: FaultsWorld;
beforeAll(async () => {
  world = await faultsWorld(env.emulator.url);
});
afterAll(() => world.close());

/** A distinct PNG per index: the workspace keys documents by their bytes. */
function png(index: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(PNG.length + 4);
  bytes.set(PNG);
  new DataView(bytes.buffer).setUint32(PNG.length, index);
  return bytes;
}

describe('500 calls against 10% 429, 5% 503 and 2% dropped connections', () => {
  it('all finish, nothing lost or duplicated, retries shown as progress', async () => {
    const { call, services, keyIds } = world;
    const documents: string[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await call('documents:import', { name: `scan-${i}.png`, bytes: png(i) });
      if (!answer.ok) throw new Error(answer.error.message);
      documents.push(answer.value.id);
    }
    const outcomes: Outcome[] = [];
    const runIds = new Set<string>();
    const syncResults: Record<'parse' | 'analyzer' | 'extract', string[]> = { parse: [], analyzer: [], extract: [] };
    const jobIds: Record<'parse' | 'extract', string[]> = { parse: [], extract: [] };
    const projects: number[] = [];
    const tags: Array<{ projectId: number; tagId: number }> = [];
    const metadata: Array<{ projectId: number; metadataId: number }> = [];

    /** One logical call: its outcome is recorded, a failure is kept, never thrown. */
    const logical =
      <T>(
        what: keyof typeof PLAN,
        run: (runId: string) => Promise<{ ok: true; value: T } | { ok: false; error: AppErrorData }>,
        keep: (value: T) => void,
      ) =>
      async () => {
        const runId = randomUUID();
        runIds.add(runId);
        const answer = await run(runId);
        if (answer.ok) keep(answer.value);
        outcomes.push(answer.ok ? { what } : { what, error: answer.error });
      };
    const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

    // First the calls that need nothing: parses, analyses, parse jobs, projects.
    await inPool(12, [
      ...times(PLAN.parse, (i) =>
        logical(
          'parse',
          (runId) => call('runs:parse', { engine: 'parse', mode: 'sync', runId, documentId: documents[i % 20]!, keyId: keyIds.v2 }),
          (r) => syncResults.parse.push(resultOf(r).id),
        ),
      ),
      ...times(PLAN.analyzer, (i) =>
        logical(
          'analyzer',
          (runId) => call('runs:parse', { engine: 'analyzer', runId, documentId: documents[i % 20]!, keyId: keyIds.analyzer }),
          (r) => syncResults.analyzer.push(resultOf(r).id),
        ),
      ),
      ...times(PLAN.parseJobs, (i) =>
        logical(
          'parseJobs',
          (runId) => call('jobs:create', { service: 'parse', runId, documentId: documents[i % 20]!, keyId: keyIds.v2 }),
          (job) => jobIds.parse.push(job.jobId),
        ),
      ),
      ...times(PLAN.projects, (i) =>
        logical(
          'projects',
          () => call('datasets:createProject', { keyId: keyIds.v1, name: `faults ${i}` }),
          (p) => projects.push(p.id),
        ),
      ),
    ]);
    // Then what builds on them: extractions of the parses, tags and metadata of the projects.
    const project = (i: number) => projects[i % projects.length]!;
    await inPool(12, [
      ...times(PLAN.extract, (i) =>
        logical(
          'extract',
          (runId) =>
            call('runs:extract', {
              engine: 'extract',
              runId,
              resultId: syncResults.parse[i % syncResults.parse.length]!,
              schema: SCHEMA,
              keyId: keyIds.v2,
            }),
          (r) => syncResults.extract.push(r.id),
        ),
      ),
      ...times(PLAN.extractJobs, (i) =>
        logical(
          'extractJobs',
          (runId) =>
            call('jobs:create', { service: 'extract', runId, sourceResultId: syncResults.parse[i]!, schema: SCHEMA, keyId: keyIds.v2 }),
          (job) => jobIds.extract.push(job.jobId),
        ),
      ),
      ...times(PLAN.tags, (i) =>
        logical(
          'tags',
          () => call('datasets:createTag', { projectId: project(i), name: `tag ${i}` }),
          (p) => tags.push({ projectId: p.id, tagId: p.tags.find((t) => t.name === `tag ${i}`)!.id }),
        ),
      ),
      ...times(PLAN.metadata, (i) =>
        logical(
          'metadata',
          () => call('datasets:createMetadata', { projectId: project(i), name: `field ${i}`, allowMultiple: false, predefinedChoices: [] }),
          (p) => metadata.push({ projectId: p.id, metadataId: p.metadata.find((m) => m.name === `field ${i}`)!.id }),
        ),
      ),
      ...times(PLAN.setActive, (i) =>
        logical(
          'setActive',
          () => call('datasets:setActive', { projectId: project(i), isActive: i % 2 === 0 }),
          () => undefined,
        ),
      ),
    ]);
    // Then changes to what exists: renames and metadata updates.
    await inPool(12, [
      ...times(PLAN.renameTag, (i) =>
        logical(
          'renameTag',
          () => call('datasets:renameTag', { ...tags[i]!, name: `renamed ${i}` }),
          () => undefined,
        ),
      ),
      ...times(PLAN.updateMetadata, (i) =>
        logical(
          'updateMetadata',
          () => call('datasets:updateMetadata', { ...metadata[i]!, predefinedChoicesAppend: ['a', 'b'] }),
          () => undefined,
        ),
      ),
    ]);
    // Every job to its stored result (the tracker polls through the same faults).
    const settled = await Promise.all([...jobIds.parse, ...jobIds.extract].map((id) => services.jobs.poller.whenSettled(id)));

    // Nothing lost: every call answered with its result, every job stored one.
    const failed = outcomes.filter((o) => o.error);
    const unstored = settled.filter((r) => r.status !== 'completed' || !r.resultId || r.problem);
    const lost = [...syncResults.parse, ...syncResults.analyzer, ...syncResults.extract, ...settled.map((r) => r.resultId ?? 'none')];
    const missing: string[] = [];
    for (const id of lost) if (!(await services.workspace.resultInfo(id))) missing.push(id);

    // Nothing duplicated: the service did each piece of work once, the workspace holds each result once.
    const requests = env.emulator.requests;
    const served = (path: string) =>
      requests.filter((r) => r.method === 'POST' && r.path === path && (r.status === 200 || r.status === 206 || r.status === 202)).length;
    const serverJobs = env.emulator.ctx.jobs.all();
    const serverProjects = env.emulator.ctx.v1.all().filter((p) => p.project.name.startsWith('faults '));
    const library = await services.workspace.library();
    const stored = library.flatMap((e) => e.results);
    const duplicates = [
      served('/v2/parse') - PLAN.parse,
      served('/v1/tools/agentic-document-analysis') - PLAN.analyzer,
      served('/v2/extract') - PLAN.extract,
      serverJobs.filter((j) => j.service === 'parse').length - PLAN.parseJobs,
      serverJobs.filter((j) => j.service === 'extract').length - PLAN.extractJobs,
      serverProjects.length - PLAN.projects,
      serverProjects.reduce((n, p) => n + p.tags.size, 0) - PLAN.tags,
      serverProjects.reduce((n, p) => n + p.metadata.size, 0) - PLAN.metadata,
      stored.length - (PLAN.parse + PLAN.analyzer + PLAN.extract + PLAN.parseJobs + PLAN.extractJobs),
    ].reduce((n, extra) => n + Math.abs(extra), 0);

    const failures = failed.length + unstored.length + missing.length + duplicates;
    const faulted = requests.filter((r) => r.status === 429 || r.status === 503 || r.status === 'dropped');
    recordTrustRow({
      check: 'faults (429/503/dropped)',
      cases: CALLS,
      failures,
      note: `${requests.length} requests, ${faulted.length} refused or dropped`,
    });

    expect(outcomes).toHaveLength(CALLS);
    expect(failed.map((o) => `${o.what}: ${o.error!.code} ${o.error!.message}`)).toEqual([]);
    expect(unstored.map((r) => `${r.jobId}: ${r.status} ${r.problem?.message ?? ''}`)).toEqual([]);
    expect(missing).toEqual([]);
    // Every extraction, sync and job, recorded the schema it was made with (its rules are found by it).
    expect(new Set(stored.filter((r) => r.kind === 'extract').map((r) => r.schemaKey))).toEqual(new Set([schemaKey(SCHEMA)]));
    expect(new Set(lost).size).toBe(lost.length);
    expect(duplicates).toBe(0);
    expect(new Set(serverJobs.map((j) => j.jobId))).toEqual(new Set([...jobIds.parse, ...jobIds.extract]));

    // The faults happened, at about the rates asked for (on many hundreds of requests).
    const rate = (match: (status: number | 'dropped') => boolean) => requests.filter((r) => match(r.status)).length / requests.length;
    expect(requests.length).toBeGreaterThan(CALLS);
    expect(rate((s) => s === 429)).toBeGreaterThan(0.05);
    expect(rate((s) => s === 503)).toBeGreaterThan(0.02);
    expect(rate((s) => s === 'dropped')).toBeGreaterThan(0.005);

    // Retries as progress: each refused attempt of a watched call was one "retrying" event
    // on its run, for the same reason; the user saw no error.
    const retries = world.events.filter((e): e is ProgressEvent => e.type === 'progress' && e.retry !== undefined);
    const watched = faulted.filter((r) => r.method === 'POST' && WATCHED.includes(r.path));
    const reasonOf = (status: number | 'dropped') => (status === 'dropped' ? 'connection_reset' : `HTTP ${status}`);
    const count = (reasons: string[]) =>
      Object.fromEntries(['HTTP 429', 'HTTP 503', 'connection_reset'].map((k) => [k, reasons.filter((r) => r === k).length]));
    expect(count(retries.map((e) => e.retry!.reason))).toEqual(count(watched.map((r) => reasonOf(r.status))));
    expect(retries.every((e) => runIds.has(e.taskId) && /retrying in [\d.]+ s/.test(e.message ?? ''))).toBe(true);
    expect(world.events.filter((e) => e.type === 'notice' && e.level === 'error')).toEqual([]);
  }, 180_000);
});
