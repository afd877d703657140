import { create } from 'zustand';
import { AppError } from '../../shared/errors.js';
import type { ParseModel } from '../../shared/grounding/parseModel.js';
import { EMPTY_EXTRACTION_VIEW, extractionView, modelOfResult, type ExtractionView } from '../../shared/grounding/resultModel.js';
import { selectNode, selectRanges, type Selection } from '../../shared/grounding/selection.js';
import type { FieldEntry } from '../../shared/grounding/fields.js';
import { recogniseResult } from '../../shared/resultShapes.js';
import { parseStoredResult, type DocumentInfo, type EngineName, type FieldDecision, type LibraryEntry, type Review, type StoredResult } from '../../shared/workspace.js';
import { attemptWith } from '../ipc/attempt.js';
import { requireApi, subscribeEvents } from '../ipc/client.js';
import { downloadText } from './download.js';
import { analyzerOptionsFrom, parseOptionsFrom, useEngineSettings } from './engineSettings.js';
import { runExtractJob, runParseJob, shouldRunAsJob } from './parseAsJob.js';

export interface RunState {
  runId: string;
  done: number;
  total: number;
  message: string;
  /** A refused or dropped request is waiting to be sent again: still progress, not an error. */
  retrying: boolean;
}

/** Where an extraction runs: offline, a direct cloud call, or a cloud job (for long Markdown). */
export type Extractor = 'local' | 'extract' | 'extract-job';

interface ReviewState {
  library: LibraryEntry[];
  document: DocumentInfo | null;
  bytes: Uint8Array | null;
  result: StoredResult | null;
  model: ParseModel | null;
  /** The latest extraction run on `result`, its fields, and how the Fields panel shows them. */
  extraction: StoredResult | null;
  fields: FieldEntry[];
  extractionView: ExtractionView;
  /** The reviewer's decisions on `extraction`'s fields. */
  review: Review | null;
  selection: Selection | null;
  engine: EngineName;
  /** Draw atomic (per-line) grounding boxes as well as the element boxes. */
  showLines: boolean;
  run: RunState | null;
  error: AppError | null;

  loadLibrary(): Promise<void>;
  openFile(file: File): Promise<void>;
  /** Documents and result JSONs together (drop or the import button): stored as if just run, then opened. */
  importFiles(files: File[]): Promise<void>;
  openDocument(id: string, resultId?: string): Promise<void>;
  openSample(): Promise<void>;
  runEngine(): Promise<void>;
  cancelRun(): Promise<void>;
  setEngine(engine: EngineName): void;
  setShowLines(show: boolean): void;
  selectNode(id: string | null): void;
  runExtract(schema: Record<string, unknown>, extractor: Extractor): Promise<void>;
  selectField(path: string): void;
  stepSelection(direction: 1 | -1): void;
  stepField(direction: 1 | -1): void;
  decide(path: string, decision: Omit<FieldDecision, 'decidedAt'> | null): Promise<void>;
  exportReview(format: 'json' | 'csv'): Promise<void>;
  clearError(): void;
}

/** The request for the selected engine, from its settings; bad settings fail here, before anything is sent. */
function engineRequest(engine: EngineName, runId: string, documentId: string) {
  const settings = useEngineSettings.getState();
  const keyId = settings.keyId ? { keyId: settings.keyId } : {};
  switch (engine) {
    case 'local':
      return { engine, runId, documentId, options: parseOptionsFrom(settings) as { pages?: number[]; atomic_grounding?: boolean; inline_markdown?: boolean } };
    case 'parse':
      return { engine, runId, documentId, ...keyId, ...(settings.model.trim() ? { model: settings.model.trim() } : {}), options: parseOptionsFrom(settings) };
    case 'analyzer':
      return { engine, runId, documentId, ...keyId, options: analyzerOptionsFrom(settings) };
  }
}

export const useReviewStore = create<ReviewState>((set, get) => {
  const attempt = attemptWith(set);

  const showExtraction = async (extraction: StoredResult | null) => {
    const view = extractionView(extraction, get().model);
    const review = extraction && view.fields.length > 0 ? await requireApi().reviews.get({ extractionId: extraction.id }) : null;
    set({ extraction, fields: view.fields, extractionView: view, review });
  };

  /** Shows a document with a parse result and an extraction made from it (the given one, else the latest). */
  const showResult = async (document: DocumentInfo, bytes: Uint8Array, result: StoredResult | null, extractionId?: string) => {
    const model = result ? modelOfResult(result) : null;
    performance.mark('gw:model-built');
    // The model holds all a review needs; the parsed response (the biggest thing in memory)
    // is dropped. The older analyzer's stays: it also carries that result's fields.
    const kept = result && result.kind !== 'analyzer' ? { ...result, response: undefined } : result;
    set({ document, bytes, result: kept, model, selection: null });
    const library = get().library.find((e) => e.document.id === document.id);
    if (result?.kind === 'analyzer') return showExtraction(result);
    const extractionInfo = result
      ? (library?.results.find((r) => r.id === extractionId) ?? library?.results.find((r) => r.kind === 'extract' && r.sourceResultId === result.id))
      : undefined;
    await showExtraction(extractionInfo ? parseStoredResult(await requireApi().results.get({ id: extractionInfo.id })) : null);
  };

  /** Runs `work` as the visible run: its progress, retries included, shows on the status line until it ends. */
  const asRun = async <T>(message: string, work: (runId: string) => Promise<T>): Promise<T> => {
    const runId = crypto.randomUUID();
    set({ run: { runId, done: 0, total: 0, message, retrying: false } });
    const stop = subscribeEvents((event) => {
      if (event.type === 'progress' && event.taskId === runId) {
        set({ run: { runId, done: event.done, total: event.total, message: event.message ?? '', retrying: event.retry !== undefined } });
      }
    });
    try {
      return await work(runId);
    } finally {
      stop();
      set({ run: null });
    }
  };

  return {
    library: [],
    document: null,
    bytes: null,
    result: null,
    model: null,
    extraction: null,
    fields: [],
    extractionView: EMPTY_EXTRACTION_VIEW,
    review: null,
    selection: null,
    engine: 'local',
    showLines: false,
    run: null,
    error: null,

    loadLibrary: () => attempt(async () => set({ library: await requireApi().library.list({}) })),

    openFile: (file) =>
      attempt(async () => {
        const api = requireApi();
        const bytes = new Uint8Array(await file.arrayBuffer());
        const document = await api.documents.import({ name: file.name, bytes });
        set({ library: await api.library.list({}) });
        await showResult(document, bytes, null);
      }),

    importFiles: (files) =>
      attempt(async () => {
        const api = requireApi();
        const texts = await Promise.all(files.map(async (file) => ({ file, bytes: new Uint8Array(await file.arrayBuffer()) })));
        const isJson = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 64)).trimStart().startsWith('{');
        const documents = texts.filter((t) => !isJson(t.bytes));
        const results = texts.filter((t) => isJson(t.bytes)).map((t) => ({ name: t.file.name, text: new TextDecoder().decode(t.bytes) }));
        if (documents.length > 1) {
          throw new AppError({ code: 'too_many_documents', message: `${documents.length} documents were dropped with the results; a result belongs to one document.`, hint: 'Drop one document with its result files.' });
        }
        const target = documents[0] ? await api.documents.import({ name: documents[0].file.name, bytes: documents[0].bytes }) : get().document;
        if (!target) {
          throw new AppError({ code: 'result_needs_document', message: 'A result needs its document to be reviewed against.', hint: 'Drop the PDF or image together with the result JSON, or open the document first.' });
        }
        // Parse and analyzer results first: an extraction points into a parse result's Markdown.
        const isExtraction = (text: string) => {
          try {
            const recognised = recogniseResult(JSON.parse(text));
            return 'kind' in recognised && recognised.kind === 'extract';
          } catch {
            return false;
          }
        };
        const ordered = [...results.filter((r) => !isExtraction(r.text)), ...results.filter((r) => isExtraction(r.text))];
        let parseId: string | undefined;
        let lastId: string | undefined;
        for (const result of ordered) {
          const stored = await api.results.import({ documentId: target.id, fileName: result.name, text: result.text, ...(parseId ? { sourceResultId: parseId } : {}) });
          if (stored.kind === 'parse') parseId = stored.id;
          lastId = stored.id;
        }
        set({ library: await api.library.list({}) });
        await get().openDocument(target.id, lastId);
      }),

    openDocument: (id, resultId) =>
      attempt(async () => {
        performance.mark('gw:open');
        const api = requireApi();
        const library = await api.library.list({});
        set({ library });
        const entry = library.find((e) => e.document.id === id);
        if (!entry) throw new AppError({ code: 'document_not_found', message: 'That document is not in the workspace.' });
        // An extraction opens on top of the parse result it was made from.
        const chosen = entry.results.find((r) => r.id === resultId) ?? entry.results.find((r) => r.kind !== 'extract');
        const parseId = chosen?.kind === 'extract' ? chosen.sourceResultId : chosen?.id;
        // The pages start drawing as soon as the document's bytes are here, while the result is still on its way.
        const storedResult = parseId ? api.results.get({ id: parseId }) : Promise.resolve(null);
        const bytes = await api.documents.read({ id });
        if (get().document?.id !== id) set({ document: entry.document, bytes, result: null, model: null, selection: null, extraction: null, fields: [], extractionView: EMPTY_EXTRACTION_VIEW, review: null });
        const stored = await storedResult;
        performance.mark('gw:result-fetched');
        const result = stored ? parseStoredResult(stored) : null;
        await showResult(entry.document, bytes, result, chosen?.kind === 'extract' ? chosen.id : undefined);
      }),

    openSample: () =>
      attempt(async () => {
        const api = requireApi();
        const { document, result } = await api.samples.open({});
        set({ library: await api.library.list({}) });
        await showResult(document, await api.documents.read({ id: document.id }), result);
      }),

    runEngine: () =>
      attempt(async () => {
        const { document, engine, run } = get();
        if (!document || run) return;
        if (engine === 'parse') {
          const { asJob, reason } = await shouldRunAsJob(document.id);
          if (asJob) {
            return asRun('Creating the job…', (runId) =>
              runParseJob(document.id, reason, runId, async (job) => {
                set({ library: await requireApi().library.list({}) });
                if (get().document?.id === job.documentId && job.resultId) await get().openDocument(job.documentId, job.resultId);
              }),
            );
          }
        }
        const result = await asRun('Starting…', (runId) => requireApi().engine.parse(engineRequest(engine, runId, document.id)));
        set({ library: await requireApi().library.list({}) });
        const bytes = get().bytes;
        if (bytes && get().document?.id === document.id) await showResult(document, bytes, result);
      }),

    cancelRun: () =>
      attempt(async () => {
        const run = get().run;
        if (run) await requireApi().runs.cancel({ runId: run.runId });
      }),

    setEngine: (engine) => set({ engine }),
    setShowLines: (showLines) => set({ showLines }),

    selectNode: (id) => {
      const model = get().model;
      set({ selection: id && model ? selectNode(model, id) : null });
    },

    runExtract: (schema, extractor) =>
      attempt(async () => {
        const { result, run } = get();
        if (!result || run) return;
        if (result.kind !== 'parse') throw new AppError({ code: 'no_parse_result', message: 'Extraction reads the Markdown of a parse result; open or run one first.' });
        const api = requireApi();
        let extraction: StoredResult;
        if (extractor === 'extract-job') {
          const documentId = result.documentId;
          await asRun('Creating the job…', (runId) =>
            runExtractJob(result.id, schema, runId, async (job) => {
              if (get().document?.id === documentId) await get().openDocument(documentId, job.resultId ?? undefined);
            }),
          );
          return;
        }
        if (extractor === 'local') {
          extraction = await api.engine.extract({ engine: 'local', resultId: result.id, schema });
        } else {
          const { keyId } = useEngineSettings.getState();
          extraction = await asRun('Extracting…', (runId) => api.engine.extract({ engine: 'extract', runId, resultId: result.id, schema, ...(keyId ? { keyId } : {}) }));
        }
        set({ library: await api.library.list({}) });
        await showExtraction(extraction);
      }),

    selectField: (path) => {
      const { model, fields } = get();
      const field = fields.find((f) => f.path === path);
      if (!model || !field) return;
      const ranges = field.ranges.map((r) => {
        const converted = model.index.rangeToUtf16(r.start, r.end);
        return { start: converted.start, end: converted.end };
      });
      set({ selection: selectRanges(model, path, ranges) });
    },

    stepField: (direction) => {
      const { fields, selection } = get();
      if (fields.length === 0) return;
      const current = selection?.kind === 'field' ? fields.findIndex((f) => f.path === selection.id) : -1;
      const next = current < 0 ? (direction > 0 ? 0 : fields.length - 1) : Math.min(fields.length - 1, Math.max(0, current + direction));
      get().selectField(fields[next]!.path);
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

    decide: (path, decision) =>
      attempt(async () => {
        const extraction = get().extraction;
        if (!extraction) return;
        set({ review: await requireApi().reviews.decide({ extractionId: extraction.id, path, decision }) });
      }),

    exportReview: (format) =>
      attempt(async () => {
        const extraction = get().extraction;
        if (!extraction) return;
        const file = await requireApi().reviews.export({ extractionId: extraction.id, format });
        downloadText(file.fileName, file.mime, file.content);
      }),

    clearError: () => set({ error: null }),
  };
});

