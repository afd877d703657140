import { create } from 'zustand';
import { parseResponseSchema } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import { buildParseModel, type ParseModel } from '../../shared/grounding/parseModel.js';
import { selectNode, selectRanges, type Selection } from '../../shared/grounding/selection.js';
import type { TextRange } from '../../shared/grounding/parseModel.js';
import type { DocumentInfo, EngineName, LibraryEntry, StoredResult } from '../../shared/workspace.js';
import { requireApi, subscribeEvents, toAppError } from '../ipc/client.js';

export interface RunState {
  runId: string;
  done: number;
  total: number;
  message: string;
}

interface ReviewState {
  library: LibraryEntry[];
  document: DocumentInfo | null;
  bytes: Uint8Array | null;
  result: StoredResult | null;
  model: ParseModel | null;
  selection: Selection | null;
  engine: EngineName;
  run: RunState | null;
  error: AppError | null;

  loadLibrary(): Promise<void>;
  openFile(file: File): Promise<void>;
  openDocument(id: string, resultId?: string): Promise<void>;
  openSample(): Promise<void>;
  runEngine(): Promise<void>;
  cancelRun(): Promise<void>;
  setEngine(engine: EngineName): void;
  selectNode(id: string | null): void;
  selectField(path: string, ranges: TextRange[]): void;
  stepSelection(direction: 1 | -1): void;
  clearError(): void;
}

/** Builds the grounding model of a stored parse result; a shape we cannot read is an error, not a crash. */
function modelOf(result: StoredResult): ParseModel {
  const parsed = parseResponseSchema.safeParse(result.response);
  if (!parsed.success) {
    throw new AppError({
      code: 'unreadable_result',
      message: 'This result is not a v2 parse response (it needs markdown, metadata and structure).',
      hint: 'Open another result, or run the parser again.',
    });
  }
  return buildParseModel(parsed.data);
}

export const useReviewStore = create<ReviewState>((set, get) => {
  /** Runs an action, turning failures into the screen's error. */
  const attempt = async (action: () => Promise<void>) => {
    set({ error: null });
    try {
      await action();
    } catch (error) {
      set({ error: toAppError(error) });
    }
  };

  const showResult = (document: DocumentInfo, bytes: Uint8Array, result: StoredResult | null) => {
    set({ document, bytes, result, model: result ? modelOf(result) : null, selection: null });
  };

  return {
    library: [],
    document: null,
    bytes: null,
    result: null,
    model: null,
    selection: null,
    engine: 'local',
    run: null,
    error: null,

    loadLibrary: () => attempt(async () => set({ library: await requireApi().library.list({}) })),

    openFile: (file) =>
      attempt(async () => {
        const api = requireApi();
        const bytes = new Uint8Array(await file.arrayBuffer());
        const document = await api.documents.import({ name: file.name, bytes });
        showResult(document, bytes, null);
        set({ library: await api.library.list({}) });
      }),

    openDocument: (id, resultId) =>
      attempt(async () => {
        const api = requireApi();
        const entry = get().library.find((e) => e.document.id === id);
        const chosen = resultId ?? entry?.results.find((r) => r.kind === 'parse')?.id;
        const [bytes, result] = await Promise.all([api.documents.read({ id }), chosen ? api.results.get({ id: chosen }) : Promise.resolve(null)]);
        const document = entry?.document ?? (await api.library.list({})).find((e) => e.document.id === id)?.document;
        if (!document) throw new AppError({ code: 'document_not_found', message: 'That document is not in the workspace.' });
        showResult(document, bytes, result);
      }),

    openSample: () =>
      attempt(async () => {
        const api = requireApi();
        const { document, result } = await api.samples.open({});
        showResult(document, await api.documents.read({ id: document.id }), result);
        set({ library: await api.library.list({}) });
      }),

    runEngine: () =>
      attempt(async () => {
        const { document, engine, run } = get();
        if (!document || run) return;
        if (engine !== 'local') {
          throw new AppError({
            code: 'engine_not_ready',
            message: `The ${engine === 'parse' ? 'cloud parser' : 'older analyzer'} is not connected yet in this build.`,
            hint: 'Use the offline engine (local) for now.',
          });
        }
        const runId = crypto.randomUUID();
        set({ run: { runId, done: 0, total: 0, message: 'Starting…' } });
        const stop = subscribeEvents((event) => {
          if (event.type === 'progress' && event.taskId === runId) {
            set({ run: { runId, done: event.done, total: event.total, message: event.message ?? '' } });
          }
        });
        try {
          const result = await requireApi().engine.parse({ runId, documentId: document.id });
          const bytes = get().bytes;
          if (bytes && get().document?.id === document.id) showResult(document, bytes, result);
          set({ library: await requireApi().library.list({}) });
        } finally {
          stop();
          set({ run: null });
        }
      }),

    cancelRun: () =>
      attempt(async () => {
        const run = get().run;
        if (run) await requireApi().runs.cancel({ runId: run.runId });
      }),

    setEngine: (engine) => set({ engine }),

    selectNode: (id) => {
      const model = get().model;
      set({ selection: id && model ? selectNode(model, id) : null });
    },

    selectField: (path, ranges) => {
      const model = get().model;
      if (model) set({ selection: selectRanges(model, path, ranges) });
    },

    stepSelection: (direction) => {
      const { model, selection } = get();
      if (!model) return;
      const elements = model.order.filter((id) => {
        const type = model.nodes.get(id)?.type;
        return type !== 'document' && type !== 'page';
      });
      if (elements.length === 0) return;
      const current = selection?.kind === 'node' ? elements.indexOf(selection.id) : -1;
      const next = current < 0 ? (direction > 0 ? 0 : elements.length - 1) : Math.min(elements.length - 1, Math.max(0, current + direction));
      set({ selection: selectNode(model, elements[next]!) });
    },

    clearError: () => set({ error: null }),
  };
});
