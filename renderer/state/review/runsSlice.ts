import { AppError } from '../../../shared/errors.js';
import type { RequestIn } from '../../../shared/ipc/table.js';
import type { JobRecord } from '../../../shared/jobs.js';
import type { DocumentInfo } from '../../../shared/document.js';
import type { ParserName, ResultInfo, StoredResult } from '../../../shared/result.js';
import { openAfterCorrection } from '../fields/afterCorrection.js';
import { requireApi, subscribeEvents } from '../../ipc/client.js';
import { analyzerOptionsFrom, chosenKey, extractModelOf, parseOptionsFrom, useRunSettings } from '../runSettings.js';
import { useLibraryStore } from '../library/libraryStore.js';
import { followJob, submitExtractJob } from './parseAsJob.js';
import type { SliceOf } from './slice.js';
import type { Extractor, RunState, RunsSlice } from './reviewState.js';

/** The request for the selected engine, from its settings; bad settings fail here, before anything is sent. */
function engineRequest(engine: ParserName, runId: string, document: DocumentInfo): RequestIn<'runs:parse'> {
  const documentId = document.id;
  const settings = useRunSettings.getState();
  switch (engine) {
    case 'local':
      return {
        engine,
        runId,
        documentId,
        options: parseOptionsFrom(settings) as { pages?: number[]; atomic_grounding?: boolean; inline_markdown?: boolean },
      };
    case 'parse':
      return {
        engine,
        runId,
        documentId,
        ...chosenKey('v2', settings),
        ...(settings.model.trim() ? { model: settings.model.trim() } : {}),
        options: parseOptionsFrom(settings),
        mode: settings.parseMode,
        serviceTier: settings.serviceTier,
        ...(settings.outputSaveUrl.trim() ? { outputSaveUrl: settings.outputSaveUrl.trim() } : {}),
        // Only for a document added from a web address; main refuses it for an encrypted one.
        ...(settings.sendDocumentUrl && document.sourceUrl && !document.encrypted ? { byUrl: true } : {}),
      };
    case 'analyzer':
      return { engine, runId, documentId, ...chosenKey('analyzer', settings), options: analyzerOptionsFrom(settings) };
  }
}

export const createRunsSlice: SliceOf<RunsSlice> = (set, get) => {
  /** Runs `work` as `documentId`'s visible run: its progress, retries included, shows while that document is open. */
  async function asRun<T>(documentId: string, message: string, work: (runId: string) => Promise<T>, prefix = ''): Promise<T> {
    const runId = crypto.randomUUID();
    const update = (run: Omit<RunState, 'runId' | 'documentId'>) =>
      set((state) => ({ runs: { ...state.runs, [documentId]: { runId, documentId, ...run } } }));
    update({ done: 0, total: 0, message, retrying: false });
    const stop = subscribeEvents((event) => {
      if (event.type === 'progress' && event.taskId === runId)
        update({ done: event.done, total: event.total, message: `${prefix}${event.message ?? ''}`, retrying: event.retry !== undefined });
    });
    try {
      return await work(runId);
    } finally {
      stop();
      set((state) => {
        const { [documentId]: _ended, ...rest } = state.runs;
        return { runs: rest };
      });
    }
  }

  /**
   * A result stored for `documentId` opens if that document is still what the reviewer is on
   * and nothing else is opening; otherwise it waits in the library.
   */
  const isShown = (documentId: string) => get().document?.id === documentId && get().documentStatus === 'ready';

  /** A run's result (its info; an extraction whole): shown, or news on its document's entry. */
  function land(result: ResultInfo | StoredResult): Promise<void> | void {
    // Asked again when it opens: a correction typed meanwhile may have kept it waiting while the reviewer moved on.
    const show = () =>
      isShown(result.documentId) ? get().openResult(result) : useLibraryStore.getState().noteNews(result.documentId, result.id, 'result');
    return isShown(result.documentId) ? openAfterCorrection(show) : show();
  }

  /** Runs `work` for `documentId`; a failure is that document's banner, and news on its entry if it is not open. */
  function attemptRun(documentId: string, work: () => Promise<void>): Promise<void> {
    return get().attempt(documentId, async () => {
      try {
        await work();
      } catch (error) {
        const library = useLibraryStore.getState();
        // A document deleted meanwhile has no banner or badge to carry the failure (its run was cancelled).
        if (!library.library.some((e) => e.document.id === documentId)) return;
        if (get().document?.id !== documentId) library.noteNews(documentId, crypto.randomUUID(), 'failed');
        throw error;
      }
    });
  }

  // A job's result is read from the workspace; its news comes from its own events.
  const landJob = (job: JobRecord) => {
    const resultId = job.resultId;
    if (resultId && isShown(job.documentId))
      void openAfterCorrection(() => (isShown(job.documentId) ? get().openDocument(job.documentId, resultId) : undefined));
  };

  function runEngine(): Promise<void> {
    const { document, documentStatus, engine, runs } = get();
    if (!document || documentStatus !== 'ready' || runs[document.id]) return Promise.resolve();
    const target = document.id;
    return attemptRun(target, async () => {
      const answer = await asRun(target, 'Starting…', (runId) => requireApi().runs.parse(engineRequest(engine, runId, document)));
      if ('job' in answer) followJob(answer.job, answer.reason, landJob);
      else await land(answer.result);
    });
  }

  function runExtract(schema: Record<string, unknown>, extractor: Extractor): Promise<void> {
    const { result, documentStatus, runs } = get();
    if (!result || documentStatus !== 'ready' || runs[result.documentId]) return Promise.resolve();
    const source = result;
    return attemptRun(source.documentId, async () => {
      if (source.kind !== 'parse')
        throw new AppError({ code: 'no_parse_result', message: 'Extraction reads the Markdown of a parse result; open or run one first.' });
      if (extractor === 'extract-job') {
        const job = await asRun(source.documentId, 'Creating the job…', (runId) => submitExtractJob(source.id, schema, runId));
        followJob(job, 'extraction as a job', landJob);
        return;
      }
      const api = requireApi();
      const settings = useRunSettings.getState();
      const keyAndModel = { ...chosenKey('v2', settings), ...extractModelOf(settings) };
      // Offline too it is the document's run: a second press, or Run, waits for it.
      const extraction: StoredResult = await asRun(source.documentId, 'Extracting…', (runId) =>
        extractor === 'local'
          ? api.runs.extract({ engine: 'local', resultId: source.id, schema })
          : api.runs.extract({ engine: 'extract', runId, resultId: source.id, schema, ...keyAndModel }),
      );
      await land(extraction);
    });
  }

  function rerunFailedPages(): Promise<void> {
    const { result, documentStatus, runs } = get();
    if (!result || documentStatus !== 'ready' || runs[result.documentId]) return Promise.resolve();
    const source = result;
    return attemptRun(source.documentId, async () => {
      const settings = useRunSettings.getState();
      const failed = get().model?.failedPages ?? [];
      // Main's progress says what the service is doing; the run says which pages it is for.
      const prefix = `Re-running page${failed.length === 1 ? '' : 's'} ${failed.join(', ')}: `;
      const merged = await asRun(
        source.documentId,
        `${prefix}starting…`,
        (runId) => requireApi().runs.rerunPages({ runId, resultId: source.id, ...chosenKey('v2', settings) }),
        prefix,
      );
      await land(merged);
    });
  }

  function cancelRun(): Promise<void> {
    const documentId = get().document?.id;
    const run = documentId ? get().runs[documentId] : undefined;
    if (!run) return Promise.resolve();
    return get().attempt(run.documentId, async () => {
      await requireApi().runs.cancel({ runId: run.runId });
    });
  }

  function forgetDocument(documentId: string): void {
    const run = get().runs[documentId];
    // A run already past the point of no return fails with "not in the workspace"; that is expected, not news.
    if (run)
      void requireApi()
        .runs.cancel({ runId: run.runId })
        .catch(() => undefined);
    get().clearError(documentId);
  }

  function setEngine(engine: ParserName): void {
    set({ engine });
  }

  return { engine: 'local', runs: {}, setEngine, runEngine, runExtract, rerunFailedPages, cancelRun, forgetDocument };
};
