/**
 * Parse, extract and analyzer results, valid then mutated, entering the app each of the
 * three ways a result can: from the service (the real client reading the fuzz service's
 * answer, then stored), from a file the user imports, or handed straight to the renderer's
 * loader (which then also sees what JSON cannot carry: NaN, Infinity, undefined).
 */
import fc from 'fast-check';
import { importResult } from '../../../electron/runs/importResult.js';
import { runAnalyzer, runCloudParse } from '../../../electron/runs/cloudRuns.js';
import { runCloudExtract } from '../../../electron/runs/extractRuns.js';
import type { ResultKind } from '../../../shared/result.js';
import { analyzerResponseArb } from './arbAnalyzer.js';
import { extractResponseArb } from './arbExtract.js';
import { SOURCE_LENGTH, parseResponseArb } from './arbParse.js';
import { LoaderBug, settle } from './clearError.js';
import { materialize, toJsonText } from './jsonText.js';
import { loadAndCheck, loadFromWorkspace } from './loadStored.js';
import type { LoaderWorld } from './loaderWorld.js';
import { applyMutations, mutationsArb, type Mutation, type MutationScale } from './mutations.js';

export type Entry = 'service' | 'import' | 'direct';

export interface ResultCase {
  base: Record<string, unknown>;
  mutations: Mutation[];
  entry: Entry;
  /** The HTTP status the service answers with (206: some pages failed). */
  status: 200 | 206;
  /** Imports of an extraction: name its parse result, or let the import find the document's latest. */
  namedSource: boolean;
}

const BASES: Record<ResultKind, fc.Arbitrary<Record<string, unknown>>> = {
  parse: parseResponseArb,
  extract: extractResponseArb(SOURCE_LENGTH),
  analyzer: analyzerResponseArb,
};

export const resultCaseArb = (kind: ResultKind): fc.Arbitrary<ResultCase> =>
  fc.record({
    base: BASES[kind],
    mutations: mutationsArb(),
    entry: fc.constantFrom<Entry>('service', 'import', 'direct'),
    status: fc.constantFrom<200 | 206>(200, 206),
    namedSource: fc.boolean(),
  });

const SERVICE_PATH: Record<ResultKind, string> = {
  parse: '/v2/parse',
  extract: '/v2/extract',
  analyzer: '/v1/tools/agentic-document-analysis',
};

export async function runResultCase(world: LoaderWorld, kind: ResultKind, c: ResultCase, scale: MutationScale): Promise<void> {
  const value = applyMutations(c.base, c.mutations, scale);
  const loaded =
    c.entry === 'direct' ? await loadAndCheck(world, kind, materialize(value)) : await enterAndLoad(world, kind, c, toJsonText(value));
  if (c.mutations.length === 0 && !loaded) throw new LoaderBug(`a valid ${kind} result (${c.entry}) was refused`);
  // The analyzer's chunks may legitimately miss the Markdown (an empty chunk is flagged); parse and extract answers that keep the contract show no flag.
  if (c.mutations.length === 0 && kind !== 'analyzer' && loaded && loaded.flags.length > 0)
    throw new LoaderBug(`a valid ${kind} result (${c.entry}) was flagged: ${[...new Set(loaded.flags)].join(', ')}`);
}

async function enterAndLoad(world: LoaderWorld, kind: ResultKind, c: ResultCase, text: string) {
  const deps = { workspace: world.workspace, keys: world.keys, emit: () => undefined };
  const signal = new AbortController().signal;
  const documentId = world.document.id;
  let stored;
  if (c.entry === 'service') {
    world.service.routes({ [SERVICE_PATH[kind]]: [{ status: c.status, text }] });
    stored = await settle(`the ${kind} client`, () => {
      if (kind === 'parse') return runCloudParse(deps, { runId: 'fuzz', documentId }, signal);
      if (kind === 'analyzer') return runAnalyzer(deps, { runId: 'fuzz', documentId }, signal);
      return runCloudExtract(
        deps,
        { runId: 'fuzz', resultId: world.source.id, schema: { type: 'object', properties: { total: { type: 'string' } } } },
        signal,
      );
    });
  } else {
    const sourceResultId = kind === 'extract' && c.namedSource ? { sourceResultId: world.source.id } : {};
    stored = await settle('importResult', () =>
      importResult(world.workspace, { documentId, fileName: 'result.json', text, ...sourceResultId }),
    );
  }
  return stored ? loadFromWorkspace(world, stored.id) : null;
}
