/**
 * The trust check "fuzzed results", at the far end of "huge arrays": a million elements where a
 * response has an array, through the same loaders as the fuzzer (the client, the workspace,
 * the review screen). Each is answered, not hung, with a clear error or a bounded,
 * flagged display. Elements are as small as the contract allows, so the count is what is tested.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listJobs } from '../../../../electron/jobs/jobList.js';
import { runAnalyzer, runCloudParse } from '../../../../electron/runs/cloudRuns.js';
import { runCloudExtract } from '../../../../electron/runs/extractRuns.js';
import { MAX_MODEL_NODES } from '../../../../shared/grounding/parseModel.js';
import { MAX_LISTED_FIELDS } from '../../../../shared/grounding/resultModel.js';
import { JOB_LIST_PAGE_SIZE } from '../../../../shared/contracts/v2Jobs.js';
import { settle } from '../../../trust/fuzz/clearError.js';
import { createLoaderWorld, type LoaderWorld } from '../../../trust/fuzz/loaderWorld.js';
import { loadFromWorkspace } from '../../../trust/fuzz/loadStored.js';

const MILLION = 1_000_000;
/**
 * A hang or a quadratic step over a million elements takes many minutes: each test's 90 s
 * timeout is the guard, not a timed assertion (a loaded machine takes 30 s where a quiet one
 * takes 5). The times are printed; speed is the benchmarks' business.
 */

let world: LoaderWorld;
beforeAll(async () => {
  world = await createLoaderWorld();
});
afterAll(() => world.close());

const signal = new AbortController().signal;
const deps = () => ({ workspace: world.workspace, keys: world.keys, emit: () => undefined });
const array = (element: unknown) => `[${new Array(MILLION).fill(JSON.stringify(element)).join(',')}]`;

async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await run();
  const ms = Math.round(performance.now() - started);
  console.log(`${what}: ${ms} ms`);
  return value;
}

describe('a million-element array is answered, not hung', () => {
  it("as a parse result's elements: shown up to the node limit, the cut flagged", async () => {
    const text = `{"markdown":"a","metadata":{},"structure":{"type":"document","children":[{"type":"page","page":1,"children":${array({ type: 'text' })}}]}}`;
    world.service.routes({ '/v2/parse': [{ status: 200, text }] });
    const loaded = await timed('parse', async () => {
      const stored = await settle('the parse client', () =>
        runCloudParse(deps(), { runId: 'huge', documentId: world.document.id }, signal),
      );
      return stored ? loadFromWorkspace(world, stored.id) : null;
    });
    expect(loaded?.model?.nodes.size).toBe(MAX_MODEL_NODES);
    expect(loaded?.model?.nodes.get('page-1')?.flags).toContain('too_many_nodes');
  }, 90_000);

  it('of elements that all break the contract: refused, not a stack overflow in the schema check (found by the soak)', async () => {
    const text = `{"markdown":"a","metadata":{},"structure":{"type":"document","children":[{"type":"page","page":1,"children":${array({ type: 5 })}}]}}`;
    world.service.routes({ '/v2/parse': [{ status: 200, text }] });
    const stored = await timed('parse, all invalid', () =>
      settle('the parse client', () => runCloudParse(deps(), { runId: 'huge', documentId: world.document.id }, signal)),
    );
    expect(stored).toBeNull();
  }, 90_000);

  it('as analyzer chunks', async () => {
    const chunk = { text: 'a', grounding: [], chunk_type: 'text', chunk_id: 'c' };
    world.service.routes({
      '/v1/tools/agentic-document-analysis': [{ status: 200, text: `{"data":{"markdown":"a","chunks":${array(chunk)}}}` }],
    });
    const loaded = await timed('analyzer', async () => {
      const stored = await settle('the analyzer client', () =>
        runAnalyzer(deps(), { runId: 'huge', documentId: world.document.id }, signal),
      );
      return stored ? loadFromWorkspace(world, stored.id) : null;
    });
    if (loaded) expect(loaded.model?.nodes.size).toBeLessThanOrEqual(MAX_MODEL_NODES);
  }, 90_000);

  it('as extracted values: the first ones listed', async () => {
    const text = `{"extraction":{"items":${array(1)}},"extraction_metadata":{},"metadata":{}}`;
    world.service.routes({ '/v2/extract': [{ status: 200, text }] });
    const loaded = await timed('extract', async () => {
      const schema = { type: 'object', properties: { items: { type: 'array', items: { type: 'number' } } } };
      const stored = await settle('the extract client', () =>
        runCloudExtract(deps(), { runId: 'huge', resultId: world.source.id, schema }, signal),
      );
      return stored ? loadFromWorkspace(world, stored.id) : null;
    });
    expect(loaded?.fields).toBe(MAX_LISTED_FIELDS);
  }, 90_000);

  it('as a page of the job list: refused, a page holds at most 100', async () => {
    const text = `{"jobs":${array({ job_id: 'parse-0123456789abcdefghjkmnpqrs', status: 'completed' })},"page":1,"page_size":10,"has_more":false}`;
    world.service.routes({ '/v2/parse/jobs': [{ status: 200, text }] });
    const page = await timed('job list', () =>
      settle('listJobs', () => listJobs(world.keys, world.records, { service: 'parse', page: 1, pageSize: 10 })),
    );
    expect(page).toBeNull();
    expect(JOB_LIST_PAGE_SIZE.max).toBe(100);
  }, 90_000);
});
