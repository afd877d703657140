/**
 * Compare two runs of one document. Computed here, in the window, from what the review
 * already fetches: each parse result's model as bytes (`results:model`, built and cached in
 * main's worker) and each extraction's response (`results:get`, small) over its source parse
 * result's model. No new channel: the models are the costly part and are already built in
 * main, the matching is linear in blocks per page (bounded per page), and the comparison's
 * rows hold indices into the models rather than copies of them.
 */
import { create } from 'zustand';
import { checkComparable, type CompareKind } from '../../shared/compare/comparable.js';
import { comparingBlocks, type BlocksComparison } from '../../shared/compare/compareBlocks.js';
import { comparingFields, type FieldsComparison } from '../../shared/compare/compareFields.js';
import { AppError } from '../../shared/errors.js';
import type { FieldEntry } from '../../shared/grounding/fields.js';
import type { ParseModel } from '../../shared/grounding/parseModel.js';
import { extractionView } from '../../shared/grounding/resultModel.js';
import { type DocumentInfo } from '../../shared/document.js';
import { parseStoredResult, type ResultInfo } from '../../shared/result.js';
import { toAppError } from '../ipc/client.js';
import { requireApi } from '../ipc/client.js';
import { fetchResult } from './review/fetchedResult.js';
import { useLibraryStore } from './library/libraryStore.js';
import { useReviewStore } from './review/reviewStore.js';

export interface CompareSide {
  info: ResultInfo;
  /** The parse result's model; for an extraction, the model of the parse result it was made from (null when that is gone). */
  model: ParseModel | null;
  fields: FieldEntry[];
}

export interface Comparison {
  kind: CompareKind;
  document: DocumentInfo;
  bytes: Uint8Array;
  a: CompareSide;
  b: CompareSide;
  fields: FieldsComparison | null;
  blocks: BlocksComparison | null;
}

interface CompareState {
  /** Results picked in the library to compare (at most two; a third replaces the older). */
  picks: string[];
  comparison: Comparison | null;
  /** What is being compared while it loads ("invoice.pdf"). */
  loading: string | null;
  /** How far the block comparison is (0–1), once both results are here. */
  progress: number | null;
  error: AppError | null;
  /** The selected row of the comparison's list, -1 for none. */
  selected: number;
  /** The page both sides show. */
  page: number;
  togglePick(resultId: string): void;
  clearPicks(): void;
  compare(aId: string, bId: string): Promise<void>;
  comparePicks(): Promise<void>;
  select(row: number): void;
  setPage(page: number): void;
  close(): void;
  clearError(): void;
}

/** Each compare started: a late answer of an earlier one is dropped. */
let generation = 0;

/** A comparison given up for a newer one (or closed) while it ran. */
class Superseded extends Error {}

/** How long one slice of a block comparison may hold the window before it lets a frame through. */
const SLICE_MS = 12;

/**
 * The next task: a message to itself, not a timer. A chain of timers is held to 4 ms apart
 * (a quarter of each slice lost), and in a hidden or minimised window to one a second, so a
 * comparison left to run there would take minutes.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs a comparison's steps in slices of SLICE_MS between frames, reporting progress; stops once `wanted` says no. */
async function inSlices<T>(steps: Generator<number, T>, progress: (done: number) => void, wanted: () => boolean): Promise<T> {
  for (;;) {
    const until = performance.now() + SLICE_MS;
    let step = steps.next();
    while (!step.done && performance.now() < until) step = steps.next();
    if (step.done) return step.value;
    progress(step.value);
    await nextTask();
    if (!wanted()) throw new Superseded();
  }
}

function findInfo(id: string): ResultInfo {
  for (const entry of useLibraryStore.getState().library) {
    const found = entry.results.find((r) => r.id === id);
    if (found) return found;
  }
  throw new AppError({
    code: 'compare_result_gone',
    message: 'One of the results to compare is no longer in the workspace.',
    hint: 'Pick the results again from the library.',
  });
}

function documentOf(id: string): DocumentInfo | undefined {
  return useLibraryStore.getState().library.find((e) => e.document.id === id)?.document;
}

async function loadSide(info: ResultInfo, kind: CompareKind): Promise<CompareSide> {
  const api = requireApi();
  if (kind === 'parse') {
    const model = await (await fetchResult(api, info.id, { kind: info.kind })).model();
    return { info, model, fields: [] };
  }
  const stored = parseStoredResult(await api.results.get({ id: info.id }));
  const source = info.sourceResultId ? findSource(info.sourceResultId) : null;
  const model = source ? await (await fetchResult(api, source.id, { kind: source.kind })).model() : null;
  return { info, model, fields: extractionView(stored, model).fields };
}

function findSource(id: string): ResultInfo | null {
  try {
    return findInfo(id);
  } catch {
    return null;
  }
}

export const useCompareStore = create<CompareState>()((set, get) => ({
  picks: [],
  comparison: null,
  loading: null,
  progress: null,
  error: null,
  selected: -1,
  page: 1,
  togglePick(resultId) {
    const { picks } = get();
    set({ picks: picks.includes(resultId) ? picks.filter((p) => p !== resultId) : [...picks, resultId].slice(-2), error: null });
  },
  clearPicks() {
    set({ picks: [], error: null });
  },
  async compare(aId, bId) {
    const mine = ++generation;
    set({ error: null });
    try {
      const a = findInfo(aId);
      const b = findInfo(bId);
      const kind = checkComparable(a, b, (id) => documentOf(id)?.name);
      const document = documentOf(a.documentId);
      if (!document)
        throw new AppError({ code: 'compare_result_gone', message: 'The document of these results is no longer in the workspace.' });
      set({ loading: document.name });
      const [bytes, sideA, sideB] = await Promise.all([
        requireApi().documents.read({ id: document.id }),
        loadSide(a, kind),
        loadSide(b, kind),
      ]);
      if (mine !== generation) return;
      // A long result's blocks, or fields, are compared between frames: the window stays responsive, and says how far it is.
      const slices = <T>(steps: Generator<number, T>) =>
        inSlices(
          steps,
          (done) => set({ progress: done }),
          () => mine === generation,
        );
      const blocks = kind === 'parse' && sideA.model && sideB.model ? await slices(comparingBlocks(sideA.model, sideB.model)) : null;
      const fields = kind === 'extract' ? await slices(comparingFields(sideA.fields, sideB.fields)) : null;
      const comparison: Comparison = {
        kind,
        document,
        bytes,
        a: sideA,
        b: sideB,
        fields,
        blocks,
      };
      set({ comparison, loading: null, progress: null, selected: -1, page: 1, picks: [] });
    } catch (error) {
      if (mine === generation && !(error instanceof Superseded)) set({ error: toAppError(error), loading: null, progress: null });
    }
  },
  async comparePicks() {
    const [a, b] = get().picks;
    if (a && b) await get().compare(a, b);
  },
  select(row) {
    set({ selected: row });
  },
  setPage(page) {
    set({ page });
  },
  close() {
    generation++;
    set({ comparison: null, loading: null, progress: null, selected: -1 });
  },
  clearError() {
    set({ error: null });
  },
}));

// A document the user opens (a library entry, a search hit, a drop, the sample) is what they
// want to see: the comparison closes as the open begins, and one still loading is dropped (its
// answer would land over the document). A run's result landing on its own document does not count.
useReviewStore.subscribe((state, previous) => {
  if (state.userOpens === previous.userOpens) return;
  const { comparison, loading } = useCompareStore.getState();
  if (comparison || loading !== null) useCompareStore.getState().close();
});
