/**
 * The renderer's side of loading: a stored result read back as `results:get` sends it,
 * parsed, and turned into the display model and fields by the same functions the review
 * screen calls; then checked for what the display needs.
 */
import type { ParseModel } from '../../../shared/grounding/parseModel.js';
import { fieldsOfResult, modelOfResult } from '../../../shared/grounding/resultModel.js';
import { parseStoredResult, type ResultKind } from '../../../shared/workspace.js';
import { settle } from './clearError.js';
import { checkAnalyzerFlags, checkFields, checkModel, checkParseFlags } from './displayChecks.js';
import type { LoaderWorld } from './loaderWorld.js';

export const FIELD_LIMIT = Infinity;
export const STRUCTURE_DEPTH_LIMIT = Infinity;

export interface Loaded {
  model: ParseModel | null;
  fields: number;
}

/** Loads a result as the review screen would and checks it; null when the loader answered with a clear error. */
export async function loadAndCheck(world: LoaderWorld, kind: ResultKind, response: unknown): Promise<Loaded | null> {
  if (kind === 'extract') {
    const fields = await settle('fieldsOfResult (extract)', () => fieldsOfResult({ kind, response }));
    if (!fields) return null;
    checkFields(fields, world.sourceModel, FIELD_LIMIT);
    return { model: null, fields: fields.length };
  }
  const model = await settle(`modelOfResult (${kind})`, () => modelOfResult({ kind, response }));
  if (!model) return null;
  checkModel(model);
  if (kind === 'parse') checkParseFlags(model, response, STRUCTURE_DEPTH_LIMIT);
  else checkAnalyzerFlags(model, response);
  const fields = kind === 'analyzer' ? await settle('fieldsOfResult (analyzer)', () => fieldsOfResult({ kind, response })) : [];
  if (fields) checkFields(fields, model, FIELD_LIMIT);
  return { model, fields: fields?.length ?? 0 };
}

/** A stored result read back from disk the way the renderer gets it, then loaded. */
export async function loadFromWorkspace(world: LoaderWorld, id: string): Promise<Loaded | null> {
  const text = await world.workspace.resultText(id);
  const stored = await settle('parseStoredResult', () => parseStoredResult(text));
  if (!stored) return null;
  return loadAndCheck(world, stored.kind, stored.response);
}
