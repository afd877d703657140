import { AppError } from '../../shared/errors.js';
import { jsonBeyondLimits } from '../../shared/jsonLimits.js';
import { EXPECTED_SHAPES, recogniseResult, type RecognisedResult } from '../../shared/resultShapes.js';
import type { AnalyzerResponse } from '../../shared/contracts/analyzer.js';
import type { ParseResponse } from '../../shared/contracts/v2Parse.js';
import { analyzerAsParse } from '../../shared/grounding/analyzerAsParse.js';
import type { DocumentInfo } from '../../shared/document.js';
import type { ResultInfo, ResultKind, StoredResult } from '../../shared/result.js';
import { summarizeResult } from './resultSummary.js';
import type { Workspace } from '../workspace/workspace.js';

export interface ImportRequest {
  documentId: string;
  fileName: string;
  text: string;
  /** For an extraction: the parse result whose Markdown its ranges point into. */
  sourceResultId?: string | undefined;
  /**
   * A job's whole result, for a document picked by the user (or the job's own): only a parse
   * result, and one that does not reach past the document's last page.
   */
  wholeDocument?: true | undefined;
  /** Main only (never from the window): a kept answer read again is stored as the run it came from. */
  storeAs?: { id?: string; engine: ResultInfo['engine'] } | undefined;
}

/**
 * Stores a result file (exported from the service, a job, or another Groundwork) against
 * its document, as if it had just been run. An extraction needs a parse result of the same
 * document to point into: the one given, or the document's latest.
 */
export async function importResult(workspace: Workspace, request: ImportRequest): Promise<StoredResult> {
  let value: unknown;
  try {
    value = JSON.parse(request.text);
  } catch (error) {
    throw new AppError({
      code: 'invalid_result_file',
      message: `"${request.fileName}" is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
      hint: `Import ${EXPECTED_SHAPES}.`,
    });
  }
  const beyond = jsonBeyondLimits(value);
  if (beyond) {
    throw new AppError({
      code: 'invalid_result_file',
      message: `"${request.fileName}" is not a result Groundwork can open: ${beyond}.`,
      hint: `Import ${EXPECTED_SHAPES}.`,
    });
  }
  const recognised = recogniseResult(value);
  if ('error' in recognised)
    throw new AppError({
      code: 'unknown_result_shape',
      message: `"${request.fileName}": ${recognised.error}`,
      hint: 'Check that the file is a result, not a request or a schema.',
    });
  const document = await workspace.documentInfo(request.documentId);
  if (request.wholeDocument) checkJobResultKind(request.fileName, recognised.kind);
  checkPagesFit(request, recognised, document);
  let sourceResultId: string | undefined;
  if (recognised.kind === 'extract') {
    sourceResultId =
      request.sourceResultId ??
      (await workspace.library()).find((e) => e.document.id === document.id)?.results.find((r) => r.kind === 'parse')?.id;
    if (!sourceResultId) {
      throw new AppError({
        code: 'extraction_needs_parse',
        message: `"${request.fileName}" is an extraction; its ranges point into a parse result's Markdown, and this document has none.`,
        hint: 'Import the parse result together with it, or parse the document first.',
      });
    }
  }
  return workspace.saveResult({
    documentId: document.id,
    kind: recognised.kind,
    engine: request.storeAs?.engine ?? 'import',
    ...(request.storeAs?.id ? { id: request.storeAs.id } : {}),
    // An extraction covers the pages of the parse result it reads, as when it is run here.
    ...summarizeResult(
      recognised.kind,
      recognised.response,
      sourceResultId ? { pageCount: (await workspace.resultInfo(sourceResultId))?.pageCount ?? null } : {},
    ),
    ...(sourceResultId ? { sourceResultId } : {}),
    response: recognised.response,
  });
}

/**
 * A job's result is reviewed against the document it was run on: an extraction's ranges point
 * into a parse result's Markdown (which one is not known here).
 */
function checkJobResultKind(fileName: string, kind: ResultKind): void {
  if (kind === 'parse') return;
  throw new AppError({
    code: 'job_result_not_parse',
    message: `"${fileName}" is ${kind === 'extract' ? 'an extraction' : `an ${kind} result`}; only a parse job's result can be imported with its document here.`,
    hint: 'Import the parse result the extraction was made from, then run the extraction on it.',
  });
}

/**
 * A result reaching past the document's last page is another document's: stored, it would draw
 * that document's boxes over this one's pages. Fewer pages are fine (a run on chosen pages,
 * `options.pages`). An extraction has no pages of its own: it reads a parse result of this document.
 */
function checkPagesFit(request: ImportRequest, recognised: RecognisedResult, document: DocumentInfo): void {
  if (recognised.kind === 'extract' || document.pageCount === null) return;
  const parse = recognised.kind === 'analyzer' ? analyzerAsParse(recognised.response as AnalyzerResponse) : recognised.response;
  const highest = highestPage(parse as ParseResponse);
  if (highest <= document.pageCount) return;
  const pages = `${document.pageCount} page${document.pageCount === 1 ? '' : 's'}`;
  throw new AppError({
    code: 'page_count_mismatch',
    message: request.wholeDocument
      ? `The job's result reaches page ${highest}, but "${document.name}" has ${pages}: it is not the document the job was run on.`
      : `"${request.fileName}" reaches page ${highest}, but "${document.name}" has ${pages}: it is another document's result.`,
    hint: request.wholeDocument
      ? 'Pick the PDF or image the job was run on.'
      : 'Open the document the result was made from (or import the two together), then import the result onto it.',
  });
}

/** The highest page a parse result says it covers: its page count, or a page it places nodes on. */
function highestPage(response: ParseResponse): number {
  const reported = response.metadata?.page_count;
  // A loop, not Math.max(...pages): a result may hold more pages than a call takes arguments.
  let highest = typeof reported === 'number' ? reported : 0;
  for (const node of Array.isArray(response.structure?.children) ? response.structure.children : []) {
    if (typeof node?.page === 'number' && node.page > highest) highest = node.page;
  }
  return highest;
}
