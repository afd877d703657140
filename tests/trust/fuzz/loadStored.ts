/**
 * Loading as the app does it: a stored result read back, its result model encoded as main's
 * model worker does and decoded as the window does, its fields made by the functions the
 * review screen calls; then checked for what the display needs.
 */
import { MAX_STRUCTURE_DEPTH, type ParseModel } from '../../../shared/grounding/parseModel.js';
import { decodeModel, encodeModel } from '../../../shared/grounding/modelBytes.js';
import { extractionView } from '../../../shared/grounding/resultModel.js';
import { parseStoredResult, type ResultKind } from '../../../shared/result.js';
import { settle } from './clearError.js';
import { checkAnalyzerFlags, checkExtractionView, checkModel, checkParseFlags, checkSummary } from './displayChecks.js';
import type { LoaderWorld } from './loaderWorld.js';

export interface Loaded {
  model: ParseModel | null;
  fields: number;
  /** Flags on nodes and fields: a valid result has none. */
  flags: string[];
}

/** Loads a result as the review screen would and checks it; null when the loader answered with a clear error. */
export async function loadAndCheck(world: LoaderWorld, kind: ResultKind, response: unknown): Promise<Loaded | null> {
  if (kind === 'extract') {
    // An extraction is shown over the parse result it was made from.
    const view = await settle('extractionView (extract)', () => extractionView({ kind, response }, world.sourceModel));
    if (!view) return null;
    checkExtractionView(view, world.sourceModel);
    return { model: null, fields: view.fields.length, flags: view.fields.flatMap((f) => f.flags ?? []) };
  }
  const model = await settle(`result model (${kind})`, () => decodeModel(encodeModel({ kind, response })));
  if (!model) return null;
  checkModel(model);
  if (kind === 'parse') checkParseFlags(model, response, MAX_STRUCTURE_DEPTH);
  else checkAnalyzerFlags(model, response);
  const view = kind === 'analyzer' ? await settle('extractionView (analyzer)', () => extractionView({ kind, response }, model)) : null;
  if (view) checkExtractionView(view, model);
  const flags = [...model.nodes.values()].flatMap((n) => n.flags);
  return { model, fields: view?.fields.length ?? 0, flags: [...flags, ...(view?.fields.flatMap((f) => f.flags ?? []) ?? [])] };
}

/** A stored result read back from disk the way the renderer gets it, then loaded; its summary (what the library lists) checked too. */
export async function loadFromWorkspace(world: LoaderWorld, id: string): Promise<Loaded | null> {
  checkSummary(await world.workspace.resultInfo(id));
  const text = await world.workspace.resultText(id);
  const stored = await settle('parseStoredResult', () => parseStoredResult(text));
  if (!stored) return null;
  return loadAndCheck(world, stored.kind, stored.response);
}
