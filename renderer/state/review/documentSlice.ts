import { AppError } from '../../../shared/errors.js';
import { isExtractResult } from '../../../shared/resultShapes.js';
import { type DocumentInfo } from '../../../shared/document.js';
import { type LibraryEntry } from '../../../shared/library.js';
import { parseStoredResult, type ResultInfo, type StoredResult } from '../../../shared/result.js';
import { requireApi } from '../../ipc/client.js';
import { ScopeSlot, type DocumentScope } from './documentScope.js';
import { untilPdfOpened, untilViewDrawn } from './firstPage.js';
import { useLibraryStore } from '../library/libraryStore.js';
import { importAsking, unlockAsking } from '../library/protectedDocuments.js';
import { GENERAL_BANNER } from './errorsSlice.js';
import { fetchResult } from './fetchedResult.js';
import { started, type SliceOf } from './slice.js';
import type { DocumentSlice } from './reviewState.js';

/** The one thing being opened or shown: opening another ends it, and its late answers are dropped. */
const shown = new ScopeSlot();

export const createDocumentSlice: SliceOf<DocumentSlice> = (set, get) => {
  /** Every open starts here, at the press: whatever was opening stops, and runs wait until this is ready. */
  function beginOpening(label: string, byUser = true): DocumentScope {
    const scope = shown.begin(label);
    set((state) => ({ documentStatus: 'opening', opening: label, userOpens: state.userOpens + (byUser ? 1 : 0) }));
    return scope;
  }

  /** Runs an open; if it fails, what is still on screen is ready again. */
  function opens(scope: DocumentScope, work: () => Promise<void>): Promise<void> {
    return get().attempt(GENERAL_BANNER, async () => {
      try {
        await work();
      } finally {
        if (shown.isCurrent(scope) && get().documentStatus === 'opening')
          set({ documentStatus: get().document ? 'ready' : 'empty', opening: null });
      }
    });
  }

  /** Shows `document` with the chosen result and its latest extraction; every wait is in `scope`. */
  async function load(
    scope: DocumentScope,
    document: DocumentInfo,
    choice: { resultId?: string; bytes?: Uint8Array; made?: ResultInfo; stored?: StoredResult } = {},
  ): Promise<void> {
    const api = requireApi();
    // An extraction just made (a run's answer, whole) is in hand: it does not cross IPC a second time.
    const read = async (id: string) => (choice.stored?.id === id ? choice.stored : parseStoredResult(await api.results.get({ id })));
    // A result just made is in hand: the library need not list it first (main's change event lists it for the library panel).
    const listed = await scope.settle(useLibraryStore.getState().entry(document.id, choice.made ? undefined : choice.resultId));
    const entry = listed && choice.made ? withResult(listed, choice.made) : listed;
    // Deleted while it was opening: nothing to show.
    if (!entry) throw documentGone();
    // The library's newest word on the document: a listing may come while it opens (an address stored just now).
    const newest = (): DocumentInfo => useLibraryStore.getState().library.find((e) => e.document.id === document.id)?.document ?? document;
    // A PDF that needs its password is asked for it first; Cancel leaves what is on screen as it was.
    if (!(await scope.settle(unlockAsking(document)))) return;
    const results = entry.results;
    // An extraction opens on top of the parse result it was made from.
    const chosen = results.find((r) => r.id === choice.resultId) ?? results.find((r) => r.kind !== 'extract');
    const parseId = chosen?.kind === 'extract' ? chosen.sourceResultId : chosen?.id;
    const current = get();
    // A document's bytes never change (its id is their hash): the same document keeps its pages.
    // Asked for before the result: the pages start drawing as soon as the bytes are here, while the result is on its way.
    const reading = started(
      current.document?.id === document.id && current.bytes
        ? Promise.resolve(current.bytes)
        : choice.bytes
          ? Promise.resolve(choice.bytes)
          : api.documents.read({ id: document.id }),
    );
    const known = { kind: results.find((r) => r.id === parseId)?.kind, stored: choice.stored };
    // A PDF's result is asked for once pdf.js has read the file (see untilPdfOpened); one in hand needs nothing.
    const resultAfter = document.mime === 'application/pdf' && !choice.stored ? untilPdfOpened(document.id) : Promise.resolve();
    const fetching = started(
      parseId && parseId !== current.result?.id ? resultAfter.then(() => fetchResult(api, parseId, known)) : Promise.resolve(null),
    );
    const bytes = await scope.settle(reading);
    if (current.document?.id !== document.id) {
      set({ document: newest(), bytes, result: null, model: null, selection: null });
      get().clearExtraction();
    }
    // The result on screen keeps its model (the costly part) when only its extraction changes.
    if (parseId && parseId === current.result?.id && current.model) {
      set({ selection: null });
    } else {
      const fetched = await scope.settle(fetching);
      performance.mark('gw:result-fetched');
      const model = fetched ? await scope.settle(fetched.model()) : null;
      performance.mark('gw:model-built');
      // Not while the pages in view hand their drawings over: both need this thread, the page is seen first.
      if (fetched && document.mime === 'application/pdf') await scope.settle(untilViewDrawn(document.id));
      const parsed = fetched?.result ?? null;
      // The model holds all a review needs; the parsed response (the biggest thing in memory)
      // is dropped. The older analyzer's stays: it also carries that result's fields.
      set({
        document: newest(),
        bytes,
        result: parsed && parsed.kind !== 'analyzer' ? { ...parsed, response: undefined } : parsed,
        model,
        selection: null,
      });
    }
    const result = get().result;
    if (result?.kind === 'analyzer') {
      await get().loadExtraction(scope, result);
    } else {
      const extractionId =
        chosen?.kind === 'extract'
          ? chosen.id
          : result
            ? results.find((r) => r.kind === 'extract' && r.sourceResultId === result.id)?.id
            : undefined;
      await get().loadExtraction(scope, extractionId ? await scope.settle(read(extractionId)) : null);
    }
    set({ documentStatus: 'ready', opening: null });
  }

  function openFile(file: File): Promise<void> {
    const scope = beginOpening(file.name);
    return opens(scope, async () => {
      const bytes = new Uint8Array(await scope.settle(file.arrayBuffer()));
      // A PDF that needs a password asks for it; Cancel stores nothing and changes nothing.
      const document = await scope.settle(importAsking(file.name, bytes));
      if (document) await load(scope, document, { bytes });
    });
  }

  function importFiles(files: File[]): Promise<void> {
    // The document a result without its own document goes to is the one open at the press.
    const openAtPress = get().document;
    const scope = beginOpening(files.length === 1 ? files[0]!.name : `${files.length} files`);
    return opens(scope, async () => {
      const api = requireApi();
      const read = await scope.settle(
        Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }))),
      );
      const documents = read.filter((f) => !looksLikeJson(f));
      const results = read.filter((f) => looksLikeJson(f)).map((f) => ({ name: f.name, text: new TextDecoder().decode(f.bytes) }));
      if (documents.length > 1) {
        throw new AppError({
          code: 'too_many_documents',
          message: `${documents.length} documents were dropped with the results; a result belongs to one document.`,
          hint: 'Drop one document with its result files.',
        });
      }
      const target = documents[0] ? await scope.settle(importAsking(documents[0].name, documents[0].bytes)) : openAtPress;
      // The password was asked for and not given: nothing is imported.
      if (documents[0] && !target) return;
      if (!target) {
        throw new AppError({
          code: 'result_needs_document',
          message: 'A result needs its document to be reviewed against.',
          hint: 'Drop the PDF or image together with the result JSON, or open the document first.',
        });
      }
      // Parse and analyzer results first: an extraction points into a parse result's Markdown.
      const extractions = new Set(results.filter((r) => isExtraction(r.text)));
      const ordered = [...results.filter((r) => !extractions.has(r)), ...extractions];
      let parseId: string | undefined;
      let lastId: string | undefined;
      for (const result of ordered) {
        // Not in the scope: an import the reviewer asked for finishes even if they look elsewhere.
        const stored = await api.results.import({
          documentId: target.id,
          fileName: result.name,
          text: result.text,
          ...(parseId ? { sourceResultId: parseId } : {}),
        });
        if (stored.kind === 'parse') parseId = stored.id;
        lastId = stored.id;
      }
      await load(scope, target, { ...(lastId ? { resultId: lastId } : {}), ...(documents[0] ? { bytes: documents[0].bytes } : {}) });
    });
  }

  /** Opens a workspace document by id, named at once if the library knows it. */
  function openById(id: string, choice: { resultId?: string; made?: ResultInfo; stored?: StoredResult }, byUser = true): Promise<void> {
    const library = useLibraryStore.getState();
    const known = library.library.find((e) => e.document.id === id)?.document;
    const scope = beginOpening(known?.name ?? 'the document', byUser);
    return opens(scope, async () => {
      const document = known ?? (await scope.settle(library.entry(id)))?.document;
      if (!document) throw documentGone();
      await load(scope, document, choice);
    });
  }

  function openDocument(id: string, resultId?: string): Promise<void> {
    performance.mark('gw:open');
    return openById(id, resultId ? { resultId } : {});
  }

  function openResult(result: ResultInfo | StoredResult): Promise<void> {
    return openById(result.documentId, { resultId: result.id, made: result, ...('response' in result ? { stored: result } : {}) }, false);
  }

  function openSample(): Promise<void> {
    const scope = beginOpening('the sample');
    return opens(scope, async () => {
      const { document, result } = await scope.settle(requireApi().samples.open({}));
      await load(scope, document, { resultId: result.id, stored: result });
    });
  }

  function followLibrary(library: LibraryEntry[], previous: LibraryEntry[]): void {
    // Only a removal seen happen counts: a listing older than an import must not close anything.
    const removed = previous.filter((e) => !library.some((n) => n.document.id === e.document.id)).map((e) => e.document.id);
    for (const id of removed) get().forgetDocument(id);
    const { document, result, documentStatus } = get();
    if (!document) return;
    if (removed.includes(document.id)) {
      // What is opening meanwhile (another document) goes on; the deleted one leaves the screen.
      if (documentStatus !== 'opening') shown.end();
      set({
        document: null,
        bytes: null,
        result: null,
        model: null,
        selection: null,
        ...(documentStatus === 'opening' ? {} : { documentStatus: 'empty' as const, opening: null }),
      });
      get().clearExtraction();
      return;
    }
    const now = library.find((e) => e.document.id === document.id);
    // The shown document's facts follow the library (an address or page count stored after it opened), even mid-open.
    if (now && JSON.stringify(now.document) !== JSON.stringify(document)) set({ document: now.document });
    if (documentStatus === 'opening') return;
    const before = previous.find((e) => e.document.id === document.id);
    const shownIds = [result?.id, get().extraction?.id].filter((id): id is string => !!id);
    const resultGone = shownIds.some((id) => before?.results.some((r) => r.id === id) && !now?.results.some((r) => r.id === id));
    // The same document again, with what is left of its results: not the user's open.
    if (now && resultGone) void openById(document.id, {}, false);
  }

  return {
    documentStatus: 'empty',
    opening: null,
    userOpens: 0,
    document: null,
    bytes: null,
    result: null,
    model: null,
    openFile,
    importFiles,
    openDocument,
    openResult,
    openSample,
    followLibrary,
  };
};

/**
 * A result file rather than a document: JSON of any shape (an array too, or a file named .json),
 * so that main names what is wrong with it as a result, not as a document format.
 */
function looksLikeJson(file: { name: string; bytes: Uint8Array }): boolean {
  const start = new TextDecoder().decode(file.bytes.subarray(0, 64)).trimStart();
  return start.startsWith('{') || start.startsWith('[') || /\.json$/i.test(file.name);
}

function isExtraction(text: string): boolean {
  try {
    return isExtractResult(JSON.parse(text));
  } catch {
    return false;
  }
}

/** A document's entry with a result just made that its listing may not have yet (newest, so first). */
function withResult(entry: LibraryEntry, made: ResultInfo): LibraryEntry {
  return entry.results.some((r) => r.id === made.id) ? entry : { ...entry, results: [made, ...entry.results] };
}

function documentGone(): AppError {
  return new AppError({
    code: 'document_not_found',
    message: 'That document is not in the workspace.',
    hint: 'It may have been deleted; open the file again, or restore it from the trash.',
  });
}
